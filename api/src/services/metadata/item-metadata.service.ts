import {
  auditChanges,
  type TAuditChanges,
  AppError,
  can,
  canUpdate,
  checkFormValues,
  fieldAccessFor,
  fieldTypesOf,
  isFieldEditable,
  technicalFieldIds,
  usageRuleStatus,
  fieldValueRows,
  type Actor,
  type AppIssue,
  type FormViewId,
  type TFormValues,
  type TJsonValue,
  type TMetadataForm,
} from '@mam/core';
import {
  itemSearchBindings,
  type Repositories,
  type TItemRow,
  type TItemWithVersion,
  type TMetadataWrite,
} from '@mam/db';
import { compileToPostgres, parseQuery, QueryParseError } from '@mam/search';
import { searchFieldsOf } from '../search/search-fields';
import type { AuthedActor } from '../actor.service';
import type { AuditEntry, AuditService } from '../audit.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import type { MetadataFormService, TMetadataFormView } from './metadata-form.service';
import { liveFoundOrNotFound } from '../items/live-item';

/** Fields kept in the item's own columns or filled by the system: never stored in the metadata document. */
const derivedFields: ReadonlySet<string> = new Set(['title', 'description', ...technicalFieldIds]);

export interface TItemMetadataView {
  itemId: string;
  /** Every stored value by fieldId, title and description included. */
  values: TFormValues;
  /** The forms offered on the item's Metadata tab, with what this user may read and enter in each field. */
  forms: Array<TMetadataFormView & { fieldAccess: Record<string, TFieldAccessView> }>;
  canEdit: boolean;
}

export interface TFieldAccessView {
  read: boolean;
  /** Not read only, not filled by the system, and writable for this user. */
  editable: boolean;
}

export interface TItemUsageRule {
  formLabel: string;
  key: string;
  label: string;
  color: string;
  severity: string;
  contexts: Array<{
    name: string;
    state: string;
    warningLevel: string;
    warn: boolean;
    validFrom: string | null;
    validUntil: string | null;
  }>;
}

export interface TPreparedMetadata {
  form: TMetadataForm;
  all: readonly TMetadataForm[];
  values: TFormValues;
}

export type TBulkChange =
  | { fieldId: string; op: 'set'; value: TJsonValue }
  | { fieldId: string; op: 'add'; value: TJsonValue }
  | { fieldId: string; op: 'clear' };

export interface TBulkResult {
  itemId: string;
  ok: boolean;
  code?: string;
  message?: string;
  issues?: AppIssue[];
}

/** The values a form shows: the stored document, the item's own columns and what the system knows of it. */
function storedValues({ item, version }: TItemWithVersion): TFormValues {
  const technical: TFormValues = {
    createdOn: item.createdAt.toISOString(),
    modifiedOn: item.updatedAt.toISOString(),
    itemType: item.itemType,
    ...(version
      ? {
          originalFileName: version.fileName,
          ...(version.fileSize !== null ? { fileSize: version.fileSize } : {}),
          ...(version.media?.durationSeconds != null ? { duration: version.media.durationSeconds } : {}),
        }
      : {}),
  };
  return { ...(item.metadata as TFormValues), ...technical, title: item.title, description: item.description };
}

/** Metadata needs update access to the item and updateMetadata, or ownership and updateOwnMetadata. */
export function canEditMetadata(actor: Actor, item: TItemRow): boolean {
  if (can(actor, 'updateMetadata') && canUpdate(actor, item)) return true;
  return item.ownerId === actor.userId && can(actor, 'updateOwnMetadata');
}

/** The multiple-choice union `add` makes; other types just take the new value. */
function added(current: TJsonValue | undefined, value: TJsonValue): TJsonValue {
  const list = (v: TJsonValue | undefined): TJsonValue[] =>
    v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v];
  const merged = [...list(current)];
  for (const entry of list(value))
    if (!merged.some((m) => JSON.stringify(m) === JSON.stringify(entry))) merged.push(entry);
  return merged;
}

/** The values a bulk edit's set, add and clear make of an item's current ones. */
function bulkValues(current: TFormValues, changes: readonly TBulkChange[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const change of changes) {
    if (change.op === 'clear') values[change.fieldId] = null;
    else if (change.op === 'set') values[change.fieldId] = change.value;
    else values[change.fieldId] = added(current[change.fieldId], change.value);
  }
  return values;
}

/** Items a bulk edit reads and writes at a time. */
const BULK_BATCH = 100;

export function createItemMetadataService(deps: ServiceDeps, audit: AuditService, forms: MetadataFormService) {
  const { repos, clock } = deps;

  async function visibleItem(actor: Actor, itemId: string, from: Repositories = repos): Promise<TItemWithVersion> {
    return liveFoundOrNotFound(actor, await from.items.findWithVersion(actor.tenantId, itemId));
  }

  async function formsFor(actor: AuthedActor, view: FormViewId) {
    const { visible, all } = await forms.listWithAll(actor);
    const offered = visible.filter((v) => v.form.active && !v.form.isSubtype && v.form.views[view] !== undefined);
    return { all, offered };
  }

  /** A form with a rule (a search query) applies to the items that match it; a rule that no longer parses, to none. */
  async function appliesTo(tenantId: string, form: TMetadataForm, all: readonly TMetadataForm[], itemId: string) {
    if (!form.rule) return true;
    try {
      const { ast } = parseQuery(form.rule, { fields: searchFieldsOf(all) });
      return await repos.itemSearch.matches(tenantId, itemId, compileToPostgres(ast, itemSearchBindings(tenantId)));
    } catch (error) {
      if (!(error instanceof QueryParseError)) throw error;
      deps.logger.warn({ tenantId, form: form.id, rule: form.rule }, 'a metadata form rule does not parse');
      return false;
    }
  }

  /**
   * Checks the values against the form's rules for this actor and stores them with their typed rows.
   * Nothing is stored while any value has an issue.
   */
  /** The checked values of one item as a write (null when nothing changes), or the form's issues as an error. */
  function prepareWrite(
    actor: AuthedActor,
    found: TItemWithVersion,
    form: TMetadataForm,
    allForms: readonly TMetadataForm[],
    values: Record<string, unknown>,
    view: FormViewId,
  ): { changed: string[]; changes: TAuditChanges; write: TMetadataWrite | null } {
    const { item } = found;
    const existing = storedValues(found);
    const checked = checkFormValues({ form, view, values, actor, existing, now: clock() });
    if (checked.issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues: checked.issues });
    const next: TFormValues = { ...existing, ...checked.values };
    const changed = Object.keys(checked.values).filter(
      (fieldId) => JSON.stringify(existing[fieldId]) !== JSON.stringify(checked.values[fieldId]),
    );
    if (changed.length === 0) return { changed, changes: {}, write: null };
    const metadata = Object.fromEntries(Object.entries(next).filter(([fieldId]) => !derivedFields.has(fieldId)));
    const title = typeof next.title === 'string' && next.title.trim() ? next.title.trim() : item.title;
    const description = typeof next.description === 'string' ? next.description : item.description;
    return {
      changed,
      changes: auditChanges(existing, next, changed),
      write: { id: item.id, metadata, values: fieldValueRows(fieldTypesOf(allForms), metadata), title, description },
    };
  }

  async function write(
    actor: AuthedActor,
    found: TItemWithVersion,
    form: TMetadataForm,
    allForms: readonly TMetadataForm[],
    values: Record<string, unknown>,
    view: FormViewId,
    from: Repositories = repos,
  ): Promise<{ changed: string[]; changes: TAuditChanges }> {
    const prepared = prepareWrite(actor, found, form, allForms, values, view);
    if (prepared.write) await from.items.setMetadataMany(actor.tenantId, [prepared.write]);
    return { changed: prepared.changed, changes: prepared.changes };
  }

  /**
   * One item's before and after values in a bulk edit or an import, in its History as a single edit's are: the
   * batch's own event only counts the items.
   */
  function itemChanged(
    action: 'item.metadata_changed' | 'item.metadata_bulk_changed' | 'item.metadata_imported',
    form: TMetadataForm,
    item: TItemRow,
    changes: TAuditChanges,
    details: Record<string, unknown> = {},
  ): AuditEntry {
    const fields = Object.keys(changes);
    const labels = Object.fromEntries(
      form.fields.filter((field) => field.fieldId in changes).map((field) => [field.fieldId, field.label]),
    );
    return {
      action,
      targetType: 'item',
      targetId: item.id,
      subject: item.title,
      summary: `Metadata changed: ${fields.join(', ')}`,
      details: { form: form.id, ...details, fields, changes, labels },
    };
  }

  /** An AppError as one item's result of a batch. */
  function refused(itemId: string, error: unknown): TBulkResult {
    if (!(error instanceof AppError)) throw error;
    return {
      itemId,
      ok: false,
      code: error.code,
      message: error.message,
      ...(error.issues.length ? { issues: error.issues } : {}),
    };
  }

  return {
    async get(actor: AuthedActor, itemId: string): Promise<TItemMetadataView> {
      const found = await visibleItem(actor, itemId);
      const { all, offered } = await formsFor(actor, 'item');
      const applying = [];
      for (const view of offered) if (await appliesTo(actor.tenantId, view.form, all, itemId)) applying.push(view);
      const withAccess = applying.map((view) => ({
        ...view,
        fieldAccess: Object.fromEntries(
          view.form.fields.map((field) => {
            const access = fieldAccessFor(actor, view.form, field);
            return [field.fieldId, { read: access.userCanRead, editable: isFieldEditable(field, access) }];
          }),
        ),
      }));
      return { itemId, values: storedValues(found), forms: withAccess, canEdit: canEditMetadata(actor, found.item) };
    },

    /**
     * The usage rules that govern the item: those of every form it carries values of (title and description
     * excepted, every item has them), each context evaluated from the item's ingest time to now.
     */
    async usageRules(actor: AuthedActor, itemId: string): Promise<TItemUsageRule[]> {
      const found = await visibleItem(actor, itemId);
      const metadata = found.item.metadata as TFormValues;
      const hasValue = (fieldId: string) => {
        const value = metadata[fieldId];
        return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
      };
      const { offered } = await formsFor(actor, 'item');
      const now = clock();
      return offered
        .filter(({ form }) => form.usageRules.length > 0)
        .filter(({ form }) => form.fields.some((field) => !derivedFields.has(field.fieldId) && hasValue(field.fieldId)))
        .flatMap(({ form }) =>
          form.usageRules.map((group) => ({
            formLabel: form.label,
            key: group.identifier.key,
            label: group.identifier.label,
            color: group.color,
            severity: group.severity,
            contexts: usageRuleStatus(group, { ingestTime: found.item.createdAt, now }).map((context) => ({
              ...context,
              validFrom: context.validFrom?.toISOString() ?? null,
              validUntil: context.validUntil?.toISOString() ?? null,
            })),
          })),
        );
    },

    async update(
      actor: AuthedActor,
      itemId: string,
      input: { formId: string; values: Record<string, unknown> },
      meta: RequestMeta | null,
    ): Promise<TItemMetadataView> {
      const found = await visibleItem(actor, itemId);
      if (!canEditMetadata(actor, found.item)) throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId } });
      const { form, all } = await this.formFor(actor, input.formId);
      if (!(await appliesTo(actor.tenantId, form, all, itemId))) throw new AppError('NOT_FOUND');
      const { changes, write: prepared } = prepareWrite(actor, found, form, all, input.values, 'item');
      if (prepared) {
        await audit.change(
          actor,
          meta,
          async (tx) => {
            await tx.items.setMetadataMany(actor.tenantId, [prepared]);
          },
          () => itemChanged('item.metadata_changed', form, found.item, changes),
        );
      }
      return this.get(actor, itemId);
    },

    /**
     * One set of changes over many items, item by item: each result says whether that item took the changes, and
     * why not ("You don't have permission to update this item", a value the form refuses…). Items are never
     * skipped silently.
     */
    async bulkUpdate(
      actor: AuthedActor,
      input: { itemIds: string[]; formId: string; changes: TBulkChange[] },
      meta: RequestMeta | null,
      onProgress?: (done: number, total: number) => void,
    ): Promise<{ results: TBulkResult[] }> {
      if (!can(actor, 'bulkMetadataUpdate')) throw new AppError('FORBIDDEN');
      const { form, all } = await this.formFor(actor, input.formId);
      const itemIds = [...new Set(input.itemIds)];
      const results: TBulkResult[] = [];
      const fields = input.changes.map((c) => c.fieldId);
      // A batch is read in one query and written in one transaction with its audit event: per-item round trips made
      // bulk edits slow, and a batch whose event cannot be stored is not stored either.
      for (let start = 0; start < itemIds.length; start += BULK_BATCH) {
        const batch = itemIds.slice(start, start + BULK_BATCH);
        const rows = new Map(
          (await repos.items.findManyWithVersion(actor.tenantId, batch)).map((row) => [row.item.id, row] as const),
        );
        const writes: TMetadataWrite[] = [];
        const itemEntries: AuditEntry[] = [];
        for (const itemId of batch) {
          try {
            const found = liveFoundOrNotFound(actor, rows.get(itemId));
            if (!canEditMetadata(actor, found.item))
              throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId } });
            const changes = bulkValues(storedValues(found), input.changes);
            const prepared = prepareWrite(actor, found, form, all, changes, 'item');
            if (prepared.write) {
              writes.push(prepared.write);
              if (Object.keys(prepared.changes).length > 0)
                itemEntries.push(itemChanged('item.metadata_bulk_changed', form, found.item, prepared.changes));
            }
            results.push({ itemId, ok: true });
          } catch (error) {
            results.push(refused(itemId, error));
          }
        }
        const updated = results.slice(start).filter((r) => r.ok).length;
        await audit.change(
          actor,
          meta,
          (tx) => tx.items.setMetadataMany(actor.tenantId, writes),
          () => [
            {
              action: 'item.metadata_bulk_changed',
              targetType: 'item',
              summary: `Metadata of ${updated} of ${batch.length} items changed (items ${start + 1} to ${start + batch.length} of ${itemIds.length})`,
              details: { form: form.id, fields, updated, total: batch.length, itemIds: writes.map((w) => w.id) },
            },
            ...itemEntries,
          ],
        );
        onProgress?.(results.length, itemIds.length);
      }
      return { results };
    },

    /**
     * Values from a bulk edit or an import (computed from the item's current values), checked by the form and
     * stored; a refusal comes back as the item's result with its code and issues.
     */
    async applyValues(
      actor: AuthedActor,
      itemId: string,
      form: TMetadataForm,
      allForms: readonly TMetadataForm[],
      valuesFor: (current: TFormValues) => Record<string, unknown>,
      from: Repositories = repos,
      onChanged?: (item: TItemRow, changes: TAuditChanges) => void,
    ): Promise<TBulkResult> {
      try {
        const found = await visibleItem(actor, itemId, from);
        if (!canEditMetadata(actor, found.item)) throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId } });
        const { changes } = await write(actor, found, form, allForms, valuesFor(storedValues(found)), 'item', from);
        if (Object.keys(changes).length > 0) onChanged?.(found.item, changes);
        return { itemId, ok: true };
      } catch (error) {
        return refused(itemId, error);
      }
    },

    /**
     * An import (CSV or XMP): `run` applies each item's values through `apply`, and every write goes in one
     * transaction with the import's audit event, so an import the trail cannot record leaves nothing changed.
     */
    async import<R extends TBulkResult>(
      actor: AuthedActor,
      meta: RequestMeta | null,
      form: TMetadataForm,
      allForms: readonly TMetadataForm[],
      format: 'csv' | 'xmp',
      run: (apply: (itemId: string, values: Record<string, unknown>) => Promise<TBulkResult>) => Promise<R[]>,
    ): Promise<R[]> {
      const itemEntries: AuditEntry[] = [];
      const changed = (item: TItemRow, changes: TAuditChanges) =>
        itemEntries.push(itemChanged('item.metadata_imported', form, item, changes, { format }));
      return audit.change(
        actor,
        meta,
        (tx) => run((itemId, values) => this.applyValues(actor, itemId, form, allForms, () => values, tx, changed)),
        (results) => {
          const updated = results.filter((r) => r.ok).length;
          // The import's own event counts the items (without a target: each changed item has its own event).
          const imported: AuditEntry = {
            action: 'item.metadata_imported',
            targetType: 'item',
            summary: `Metadata imported from ${format.toUpperCase()}: ${updated} of ${results.length} items changed`,
            details: { form: form.id, format, updated, total: results.length },
          };
          return [imported, ...itemEntries];
        },
      );
    },

    /**
     * Values entered with an upload, checked through the form's upload view before the item exists (so a refusal
     * leaves nothing behind). The title defaults to the file's, so an upload view without it is not refused.
     */
    async prepareForNewItem(
      actor: AuthedActor,
      input: { formId: string; values: Record<string, unknown>; title: string },
    ): Promise<TPreparedMetadata> {
      const { form, all } = await this.formFor(actor, input.formId, 'upload');
      const existing = { title: input.title, description: '' };
      const checked = checkFormValues({ form, view: 'upload', values: input.values, actor, existing, now: clock() });
      if (checked.issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues: checked.issues });
      return { form, all, values: checked.values };
    },

    /** Stores what `prepareForNewItem` accepted on the item the upload created. */
    /** `tx`: the transaction that creates the item. */
    async storeForNewItem(
      actor: AuthedActor,
      itemId: string,
      prepared: TPreparedMetadata,
      tx: Repositories = repos,
    ): Promise<void> {
      const found = await visibleItem(actor, itemId, tx);
      await write(actor, found, prepared.form, prepared.all, prepared.values, 'upload', tx);
    },

    /** The offered form by row id or key, with every form of the tenant (field types for the typed rows). */
    async formFor(actor: AuthedActor, formId: string, view: FormViewId = 'item') {
      const { all, offered } = await formsFor(actor, view);
      const form = offered.find((view) => view.id === formId || view.form.id === formId)?.form;
      if (!form) throw new AppError('NOT_FOUND');
      return { form, all };
    },
  };
}

export type ItemMetadataService = ReturnType<typeof createItemMetadataService>;
