import {
  AppError,
  assertCan,
  assertCanDeactivateForm,
  assertCanDeleteForm,
  assertValidForm,
  builtInForms,
  builtInFormTypes,
  canSeeForm,
  fieldTypesOf,
  formatErrorMessage,
  isAdmin,
  parseStoredForm,
  wholeValueFieldTypes,
  type TMetadataForm,
} from '@mam/core';
import type { Repositories, TMetadataFormInsert, TMetadataFormRow } from '@mam/db';
import { parseQuery, QueryParseError } from '@mam/search';
import { searchFieldsOf } from '../search/search-fields';
import type { AuthedActor } from '../actor.service';
import type { AuditEntry, AuditService } from '../audit.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';

/** A stored form as the console and the API see it: the definition plus what saving it needs. */
export interface TMetadataFormView {
  /** The row id; `form.id` is the administrator's key. */
  id: string;
  revision: number;
  form: TMetadataForm;
  updatedAt: string;
}

/** The rows of the five built-in forms, as every tenant gets them. */
export function builtInFormRows(): TMetadataFormInsert[] {
  return builtInForms().map((form) => ({
    formKey: form.id,
    label: form.label,
    active: form.active,
    builtIn: form.builtIn,
    definition: form as unknown as Record<string, unknown>,
    createdBy: null,
  }));
}

/** Stored definitions parsed lately, by form row and definition; enough for the forms of the busiest tenants. */
const PARSED_FORMS_KEPT = 500;

/** An object and everything in it made read-only: a parsed form is shared by every request that reads it. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function createMetadataFormService(deps: ServiceDeps, audit: AuditService) {
  const { repos, logger } = deps;
  /**
   * Parsed forms by row id and stored definition (the definition itself, not the revision, which a rolled-back save
   * can reuse for another definition). Almost every request reads the tenant's forms; parsing them each time cost a
   * search more than a millisecond before its first statement. null: the definition does not parse.
   */
  const parsedForms = new Map<string, TMetadataForm | null>();

  function parsedForm(tenantId: string, row: TMetadataFormRow): TMetadataForm | null {
    const key = `${row.id}\u0000${JSON.stringify(row.definition)}`;
    const kept = parsedForms.get(key);
    if (kept !== undefined) return kept;
    const form = parseStoredForm(row.definition, (message) => logger.error({ tenantId, formId: row.id }, message));
    if (parsedForms.size >= PARSED_FORMS_KEPT) parsedForms.delete(parsedForms.keys().next().value!);
    parsedForms.set(key, form && deepFreeze(form));
    return form;
  }

  /** Built-in forms arrive with the tenant; tenants made before them get them on first use. */
  async function ensureBuiltIns(
    tenantId: string,
    rows: TMetadataFormRow[],
    from: Repositories,
  ): Promise<TMetadataFormRow[]> {
    const present = new Set(rows.map((row) => row.builtIn));
    if (builtInFormTypes.every((type) => present.has(type))) return rows;
    const missing = builtInFormRows().filter((row) => !present.has(row.builtIn ?? null));
    for (const row of missing) await from.metadataForms.insert(tenantId, row);
    return from.metadataForms.list(tenantId);
  }

  /**
   * Every form of the tenant that parses; a broken stored form is logged and left out, never served. `from`: the
   * repositories of a transaction that changes forms, to see them as it left them.
   */
  async function loadAll(
    tenantId: string,
    from: Repositories = repos,
  ): Promise<Array<{ row: TMetadataFormRow; form: TMetadataForm }>> {
    const rows = await ensureBuiltIns(tenantId, await from.metadataForms.list(tenantId), from);
    return rows.flatMap((row) => {
      const form = parsedForm(tenantId, row);
      return form ? [{ row, form }] : [];
    });
  }

  /** The fields whose values are chosen, matched and counted whole, as item writes judge them (fieldTypesOf). */
  function wholeFieldsOf(forms: readonly TMetadataForm[]): Set<string> {
    return new Set(
      [...fieldTypesOf(forms)].flatMap(([fieldId, type]) => (wholeValueFieldTypes.has(type) ? [fieldId] : [])),
    );
  }

  /**
   * After a form change: a field that became, or stopped being, one of chosen values (its type changed, or the form
   * defining it came or went) has its items' facet terms and field keys derived again from their stored values, so
   * `field:value` and facets find the items written before the change.
   */
  async function rekeyAfterChange(tx: Repositories, tenantId: string, before: readonly TMetadataForm[]) {
    const previous = wholeFieldsOf(before);
    const now = wholeFieldsOf((await loadAll(tenantId, tx)).map(({ form }) => form));
    const changed = [...now].filter((fieldId) => !previous.has(fieldId));
    changed.push(...[...previous].filter((fieldId) => !now.has(fieldId)));
    await tx.items.rekeyWholeValues(tenantId, [...now], changed);
  }

  /**
   * A form change, the items it rekeys and its audit event, in one transaction: a failed rekey or audit event
   * leaves the forms as they were.
   */
  function changeForms<T>(
    actor: AuthedActor,
    meta: RequestMeta | null,
    before: readonly TMetadataForm[],
    work: (tx: Repositories) => Promise<T>,
    describe: (result: T) => AuditEntry,
  ): Promise<T> {
    return audit.change(
      actor,
      meta,
      async (tx) => {
        const result = await work(tx);
        await rekeyAfterChange(tx, actor.tenantId, before);
        return result;
      },
      describe,
    );
  }

  /** A rule is a search query choosing the items the form applies to: it has to parse, with the tenant's fields. */
  function assertRuleParses(form: TMetadataForm, others: readonly TMetadataForm[]) {
    if (!form.rule) return;
    try {
      parseQuery(form.rule, { fields: searchFieldsOf([form, ...others]) });
    } catch (error) {
      if (!(error instanceof QueryParseError)) throw error;
      const params = { position: error.position + 1, reason: error.message };
      throw new AppError('SEARCH_QUERY_INVALID', {
        params,
        issues: [
          { path: 'rule', code: 'SEARCH_QUERY_INVALID', message: formatErrorMessage('SEARCH_QUERY_INVALID', params) },
        ],
      });
    }
  }

  function toView(row: TMetadataFormRow, form: TMetadataForm): TMetadataFormView {
    return { id: row.id, revision: row.revision, form, updatedAt: row.updatedAt.toISOString() };
  }

  /** The form, and every form of the tenant as it stands (the one included). */
  async function findForAdmin(actor: AuthedActor, id: string) {
    assertCan(actor, 'tenantAdmin');
    const all = await loadAll(actor.tenantId);
    const found = all.find(({ row }) => row.id === id);
    if (!found) throw new AppError('NOT_FOUND');
    return { ...found, all };
  }

  return {
    loadAll,

    /** The forms the actor may see; administrators see all of them, inactive ones included. */
    async list(actor: AuthedActor): Promise<TMetadataFormView[]> {
      return (await this.listWithAll(actor)).visible;
    },

    /** What `list` gives, with every form of the tenant beside it (field types), from one read. */
    async listWithAll(actor: AuthedActor): Promise<{ visible: TMetadataFormView[]; all: TMetadataForm[] }> {
      const all = await loadAll(actor.tenantId);
      return {
        visible: all
          .filter(({ form }) => isAdmin(actor) || (form.active && canSeeForm(actor, form)))
          .map(({ row, form }) => toView(row, form)),
        all: all.map(({ form }) => form),
      };
    },

    async get(actor: AuthedActor, id: string): Promise<TMetadataFormView> {
      const found = (await loadAll(actor.tenantId)).find(({ row }) => row.id === id);
      if (!found || !(isAdmin(actor) || (found.form.active && canSeeForm(actor, found.form)))) {
        throw new AppError('NOT_FOUND');
      }
      return toView(found.row, found.form);
    },

    async create(actor: AuthedActor, input: unknown, meta: RequestMeta | null): Promise<TMetadataFormView> {
      assertCan(actor, 'tenantAdmin');
      const all = await loadAll(actor.tenantId);
      const form = assertValidForm(input, { otherForms: all.map(({ form: other }) => other) });
      if (form.builtIn) throw new AppError('VALIDATION_FAILED');
      assertRuleParses(
        form,
        all.map(({ form: other }) => other),
      );
      const row = await changeForms(
        actor,
        meta,
        all.map(({ form: other }) => other),
        async (tx) => {
          let inserted: TMetadataFormRow | undefined;
          try {
            inserted = await tx.metadataForms.insert(actor.tenantId, {
              formKey: form.id,
              label: form.label,
              active: form.active,
              builtIn: null,
              definition: form as unknown as Record<string, unknown>,
              createdBy: actor.userId,
            });
          } catch (error) {
            logger.error({ err: error, tenantId: actor.tenantId }, 'saving a new metadata form failed');
            throw new AppError('FORM_CREATE_FAILED', { cause: error });
          }
          if (!inserted) throw new AppError('FORM_NAME_TAKEN');
          return inserted;
        },
        (inserted) => ({
          action: 'metadata_form.created',
          targetType: 'metadata_form',
          targetId: inserted.id,
          subject: form.label,
          summary: `Metadata form "${form.label}" created`,
        }),
      );
      return toView(row, form);
    },

    /** Saves a whole definition over the revision the editor started from. */
    async update(
      actor: AuthedActor,
      id: string,
      revision: number,
      input: unknown,
      meta: RequestMeta | null,
    ): Promise<TMetadataFormView> {
      const previous = await findForAdmin(actor, id);
      const others = previous.all.filter(({ row }) => row.id !== id).map(({ form }) => form);
      const form = assertValidForm(input, { otherForms: others, previous: previous.form });
      assertRuleParses(form, others);
      if (!form.active && previous.form.active) assertCanDeactivateForm(form);
      const saved = await changeForms(
        actor,
        meta,
        previous.all.map(({ form: each }) => each),
        async (tx) => {
          const updated = await tx.metadataForms.update(actor.tenantId, id, revision, {
            formKey: form.id,
            label: form.label,
            active: form.active,
            definition: form as unknown as Record<string, unknown>,
          });
          if (updated === 'taken') throw new AppError('FORM_NAME_TAKEN');
          if (updated === 'stale') throw new AppError('FORM_CHANGED_ELSEWHERE');
          if (!updated) throw new AppError('NOT_FOUND');
          return updated;
        },
        () => ({
          action: 'metadata_form.updated',
          targetType: 'metadata_form',
          targetId: id,
          subject: form.label,
          summary: `Metadata form "${form.label}" changed`,
        }),
      );
      return toView(saved, form);
    },

    async setActive(actor: AuthedActor, id: string, active: boolean, meta: RequestMeta | null) {
      const { row, form } = await findForAdmin(actor, id);
      if (!active) assertCanDeactivateForm(form);
      return this.update(actor, id, row.revision, { ...form, active }, meta);
    },

    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<void> {
      const { form, all } = await findForAdmin(actor, id);
      assertCanDeleteForm(form);
      await changeForms(
        actor,
        meta,
        all.map(({ form: each }) => each),
        async (tx) => {
          try {
            if (!(await tx.metadataForms.delete(actor.tenantId, id))) throw new AppError('NOT_FOUND');
          } catch (error) {
            if (error instanceof AppError) throw error;
            logger.error({ err: error, tenantId: actor.tenantId, formId: id }, 'deleting a metadata form failed');
            throw new AppError('FORM_DELETE_FAILED', { cause: error });
          }
        },
        () => ({
          action: 'metadata_form.deleted',
          targetType: 'metadata_form',
          targetId: id,
          subject: form.label,
          summary: `Metadata form "${form.label}" deleted`,
        }),
      );
    },
  };
}

export type MetadataFormService = ReturnType<typeof createMetadataFormService>;
