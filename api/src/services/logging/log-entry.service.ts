import {
  AppError,
  checkFormValues,
  fieldAccessFor,
  fieldTypesOf,
  fieldValueRows,
  isFieldEditable,
  type Actor,
  type TFormValues,
  type TMetadataForm,
} from '@mam/core';
import type { Repositories, TItemRow, TLogEntryRow } from '@mam/db';
import type { AuthedActor } from '../actor.service';
import { orNotFound, type AuditService } from '../audit.service';
import { canEditMetadata } from '../metadata/item-metadata.service';
import type { MetadataFormService, TMetadataFormView } from '../metadata/metadata-form.service';
import type { TFieldAccessView } from '../metadata/item-metadata.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import { liveItemOrNotFound } from '../items/live-item';

/** A logging form as the Logging tab offers it, with what this user may read and enter in each field. */
export type TLoggingFormView = TMetadataFormView & { fieldAccess: Record<string, TFieldAccessView> };

export interface TLogEntryView {
  id: string;
  itemId: string;
  /** The form's row id. */
  formId: string;
  formKey: string;
  formLabel: string;
  color: string | null;
  /** Ticks of 1/12800 s from the media start; tcOut is set for a range only and is after tcIn. */
  tcIn: number;
  tcOut: number | null;
  /** The values of the fields this user may read. */
  values: TFormValues;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface TItemLog {
  itemId: string;
  /** The timed forms offered for logging, each with its keyboard shortcut when it has one. */
  forms: TLoggingFormView[];
  entries: TLogEntryView[];
  canEdit: boolean;
}

export interface TLogEntryInput {
  itemId: string;
  formId: string;
  tcIn: number;
  tcOut?: number | null;
  values?: Record<string, unknown>;
}

export interface TLogEntryEdit {
  id: string;
  /** When given, the entry must be on this item (REST addresses entries under their item). */
  itemId?: string;
  /** Left out: unchanged. */
  tcIn?: number;
  tcOut?: number | null;
  values?: Record<string, unknown>;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { issues: [{ path, code: 'VALIDATION_FAILED', message }] });
}

/** A marker is an in point; a range an in point and an out point after it. */
export function checkedLogTimecode(tcIn: number, tcOut: number | null): { tcIn: number; tcOut: number | null } {
  if (tcOut !== null && tcOut <= tcIn) throw invalid('tcOut', 'The out point must be after the in point.');
  return { tcIn, tcOut };
}

/**
 * A logging form is an active, timed metadata form (flavor 'timed': the schema gives those a duration and the
 * Premiere marker mapping) that is not a subtype; its keyboard shortcut, when set, logs it while the video plays.
 */
export function isLoggingForm(form: TMetadataForm): boolean {
  return form.active && form.flavor === 'timed' && !form.isSubtype;
}

/**
 * Timed metadata on items (the Logging tab). Entries are as visible as their item, and written with the same
 * rights and checks as the item's metadata: update access and updateMetadata (or own item and
 * updateOwnMetadata), values checked by the form's item view for this user.
 */
export function createLogEntryService(deps: ServiceDeps, audit: AuditService, forms: MetadataFormService) {
  const { repos, clock } = deps;

  async function visibleItem(actor: Actor, itemId: string): Promise<TItemRow> {
    return liveItemOrNotFound(actor, await repos.items.findById(actor.tenantId, itemId));
  }

  async function editableItem(actor: Actor, itemId: string): Promise<TItemRow> {
    const item = await visibleItem(actor, itemId);
    if (!canEditMetadata(actor, item)) throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId } });
    return item;
  }

  async function loggingForms(actor: AuthedActor): Promise<TLoggingFormView[]> {
    const { visible } = await forms.listWithAll(actor);
    return visible
      .filter((view) => isLoggingForm(view.form))
      .map((view) => ({
        ...view,
        fieldAccess: Object.fromEntries(
          view.form.fields.map((field) => {
            const access = fieldAccessFor(actor, view.form, field);
            return [field.fieldId, { read: access.userCanRead, editable: isFieldEditable(field, access) }];
          }),
        ),
      }));
  }

  async function formFor(actor: AuthedActor, formId: string): Promise<TLoggingFormView> {
    const form = (await loggingForms(actor)).find((view) => view.id === formId || view.form.id === formId);
    if (!form) throw invalid('formId', 'Not a logging form.');
    return form;
  }

  async function users(tenantId: string, rows: TLogEntryRow[]) {
    const out = new Map<string, { id: string; name: string }>();
    for (const id of new Set(rows.map((r) => r.createdBy).filter((x): x is string => !!x))) {
      const user = await repos.users.findById(tenantId, id);
      if (user) out.set(id, { id: user.id, name: user.name });
    }
    return out;
  }

  function toView(
    row: TLogEntryRow,
    form: TLoggingFormView,
    people: Map<string, { id: string; name: string }>,
  ): TLogEntryView {
    const stored = row.values as TFormValues;
    const values = Object.fromEntries(
      Object.entries(stored).filter(([fieldId]) => form.fieldAccess[fieldId]?.read !== false),
    );
    return {
      id: row.id,
      itemId: row.itemId,
      formId: form.id,
      formKey: form.form.id,
      formLabel: form.form.label,
      color: form.form.color,
      tcIn: row.tcIn,
      tcOut: row.tcOut,
      values,
      createdBy: row.createdBy ? (people.get(row.createdBy) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function checkedValues(
    actor: AuthedActor,
    form: TMetadataForm,
    values: Record<string, unknown>,
    existing: TFormValues,
  ) {
    const checked = checkFormValues({ form, view: 'item', values, actor, existing, now: clock() });
    if (checked.issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues: checked.issues });
    return checked.values;
  }

  /** Search backends re-index items by their modification time, so a logged item counts as modified. */
  async function touch(actor: AuthedActor, itemId: string, tx: Repositories) {
    await tx.items.update(actor.tenantId, itemId, {});
  }

  /** The item's touch and the audit event commit with the log entry's change, or none of them does. */
  /** A change to a log entry, with its item's modification time and its audit event, in one transaction. */
  function changeEntry(
    actor: AuthedActor,
    meta: RequestMeta | null,
    action: 'created' | 'edited' | 'deleted',
    summary: string,
    work: (tx: Repositories) => Promise<TLogEntryRow>,
  ) {
    return audit.change(
      actor,
      meta,
      async (tx) => {
        const row = await work(tx);
        await touch(actor, row.itemId, tx);
        return row;
      },
      (row) => ({
        action: `log_entry.${action}`,
        targetType: 'item',
        targetId: row.itemId,
        summary,
        details: { logEntryId: row.id, formId: row.formId },
      }),
    );
  }

  /** A stored entry on an item the actor may edit, with its form. */
  async function target(actor: AuthedActor, id: string, itemId?: string) {
    const row = await repos.logEntries.findById(actor.tenantId, id);
    if (!row || (itemId !== undefined && row.itemId !== itemId)) throw new AppError('NOT_FOUND');
    await editableItem(actor, row.itemId);
    return { row, form: await formFor(actor, row.formId) };
  }

  return {
    isLoggingForm,

    /** The item's entries by timecode, of the forms this user sees, with the forms offered for logging. */
    async list(actor: AuthedActor, itemId: string): Promise<TItemLog> {
      const item = await visibleItem(actor, itemId);
      const offered = await loggingForms(actor);
      const byId = new Map(offered.map((form) => [form.id, form]));
      const rows = (await repos.logEntries.listForItem(actor.tenantId, itemId)).filter((row) => byId.has(row.formId));
      const people = await users(actor.tenantId, rows);
      return {
        itemId,
        forms: offered,
        entries: rows.map((row) => toView(row, byId.get(row.formId)!, people)),
        canEdit: canEditMetadata(actor, item),
      };
    },

    async create(actor: AuthedActor, input: TLogEntryInput, meta: RequestMeta | null): Promise<TLogEntryView> {
      const item = await editableItem(actor, input.itemId);
      const form = await formFor(actor, input.formId);
      const tc = checkedLogTimecode(input.tcIn, input.tcOut ?? null);
      const values = checkedValues(actor, form.form, input.values ?? {}, {});
      const row = await changeEntry(actor, meta, 'created', `Logged ${form.form.label}`, (tx) =>
        tx.logEntries.insert(
          actor.tenantId,
          { itemId: item.id, formId: form.id, ...tc, values, createdBy: actor.userId },
          fieldValueRows(fieldTypesOf([form.form]), values),
        ),
      );
      return toView(row, form, await users(actor.tenantId, [row]));
    },

    async update(actor: AuthedActor, input: TLogEntryEdit, meta: RequestMeta | null): Promise<TLogEntryView> {
      const { row, form } = await target(actor, input.id, input.itemId);
      const tc = checkedLogTimecode(
        input.tcIn ?? row.tcIn,
        input.tcOut !== undefined ? input.tcOut : input.tcIn !== undefined ? null : row.tcOut,
      );
      const values =
        input.values === undefined
          ? undefined
          : checkedValues(actor, form.form, input.values, row.values as TFormValues);
      const saved = await changeEntry(
        actor,
        meta,
        'edited',
        `Log entry of ${form.form.label} changed`,
        orNotFound((tx) =>
          tx.logEntries.update(
            actor.tenantId,
            row.id,
            { ...tc, ...(values ? { values } : {}), updatedBy: actor.userId, updatedAt: clock() },
            values ? fieldValueRows(fieldTypesOf([form.form]), values) : undefined,
          ),
        ),
      );
      return toView(saved, form, await users(actor.tenantId, [saved]));
    },

    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null, itemId?: string): Promise<void> {
      const { row, form } = await target(actor, id, itemId);
      await changeEntry(actor, meta, 'deleted', `Log entry of ${form.form.label} deleted`, async (tx) => {
        if (!(await tx.logEntries.delete(actor.tenantId, row.id))) throw new AppError('NOT_FOUND');
        return row;
      });
    },
  };
}

export type LogEntryService = ReturnType<typeof createLogEntryService>;
