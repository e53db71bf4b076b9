import {
  AppError,
  CSV_ID_COLUMN,
  CsvSyntaxError,
  csvCellToValue,
  metadataToCsv,
  metadataToXmp,
  parseCsv,
  XmpSyntaxError,
  xmpToMetadata,
  type TFormField,
  type TJsonValue,
  isUuid,
} from '@mam/core';
import type { AuthedActor } from '../actor.service';
import type { RequestMeta } from '../service-deps';
import type { ItemMetadataService, TBulkResult } from './item-metadata.service';

/** Rows per import: a spreadsheet of a whole archive goes through a workflow, not one request. */
export const CSV_IMPORT_MAX_ROWS = 10_000;

const exchangeable = (field: TFormField) => field.type !== 'Button' && field.type !== 'File';

export interface TCsvImportResult extends TBulkResult {
  line: number;
}

/** Metadata in and out as CSV (many items, one form) and XMP sidecars (one item, every form). */
export function createMetadataExchangeService(itemMetadata: ItemMetadataService) {
  return {
    /** The form's fields of the items the actor may see, in the order asked; a hidden or missing item is NOT_FOUND. */
    async exportCsv(actor: AuthedActor, input: { itemIds: string[]; formId: string }): Promise<string> {
      const { form } = await itemMetadata.formFor(actor, input.formId);
      const rows = [];
      for (const itemId of [...new Set(input.itemIds)]) {
        const view = await itemMetadata.get(actor, itemId);
        rows.push({ itemId, values: view.values });
      }
      return metadataToCsv(form.fields.filter(exchangeable), rows);
    },

    /**
     * Each line sets the columns it has on the item its id names, through the form's checks; each line gets its
     * own result (line number, ok or the reason), and a bad line never stops the others.
     */
    async importCsv(
      actor: AuthedActor,
      input: { formId: string; csv: string },
      meta: RequestMeta | null,
    ): Promise<{ results: TCsvImportResult[] }> {
      const { form, all } = await itemMetadata.formFor(actor, input.formId);
      let parsed;
      try {
        parsed = parseCsv(input.csv);
      } catch (error) {
        if (!(error instanceof CsvSyntaxError)) throw error;
        throw new AppError('METADATA_IMPORT_INVALID', { params: { reason: error.message } });
      }
      const fields = new Map(form.fields.filter(exchangeable).map((field) => [field.fieldId, field]));
      const idColumn = parsed.header.indexOf(CSV_ID_COLUMN);
      if (idColumn < 0)
        throw new AppError('METADATA_IMPORT_INVALID', { params: { reason: 'The first line has no id column' } });
      const unknown = parsed.header.filter((name, i) => i !== idColumn && !fields.has(name));
      if (unknown.length > 0) {
        throw new AppError('METADATA_IMPORT_INVALID', {
          params: { reason: `Columns not in the form ${form.label}: ${unknown.join(', ')}` },
        });
      }
      if (parsed.records.length > CSV_IMPORT_MAX_ROWS) {
        throw new AppError('METADATA_IMPORT_INVALID', {
          params: { reason: `At most ${CSV_IMPORT_MAX_ROWS} lines can be imported at once` },
        });
      }
      const results = await itemMetadata.import(actor, meta, form, all, 'csv', async (apply) => {
        const applied: TCsvImportResult[] = [];
        for (const { line, cells } of parsed.records) {
          const itemId = (cells[idColumn] ?? '').trim();
          if (!isUuid(itemId)) {
            applied.push({ line, itemId, ok: false, code: 'NOT_FOUND', message: 'Not found.' });
            continue;
          }
          const values: Record<string, TJsonValue> = {};
          parsed.header.forEach((name, i) => {
            const field = fields.get(name);
            if (field && i !== idColumn) values[name] = csvCellToValue(field.type, cells[i] ?? '');
          });
          applied.push({ line, ...(await apply(itemId, values)) });
        }
        return applied;
      });
      return { results };
    },

    /** One item's sidecar: title, description and keywords as Dublin Core, every other field of every form. */
    async exportXmp(actor: AuthedActor, itemId: string): Promise<string> {
      const view = await itemMetadata.get(actor, itemId);
      const fields = view.forms.flatMap((f) => f.form.fields.filter(exchangeable));
      return metadataToXmp(fields, view.values);
    },

    /** A sidecar's values for the fields of one form, checked like any entry. */
    async importXmp(
      actor: AuthedActor,
      itemId: string,
      input: { formId: string; xmp: string },
      meta: RequestMeta | null,
    ): Promise<TBulkResult> {
      const { form, all } = await itemMetadata.formFor(actor, input.formId);
      let values: Record<string, TJsonValue>;
      try {
        values = xmpToMetadata(input.xmp, form.fields.filter(exchangeable));
      } catch (error) {
        if (!(error instanceof XmpSyntaxError)) throw error;
        throw new AppError('METADATA_IMPORT_INVALID', { params: { reason: error.message } });
      }
      const known = new Set(form.fields.map((f) => f.fieldId));
      const ofForm = Object.fromEntries(Object.entries(values).filter(([fieldId]) => known.has(fieldId)));
      const [result] = await itemMetadata.import(actor, meta, form, all, 'xmp', async (apply) => {
        const applied = await apply(itemId, ofForm);
        // Nothing was written: an unknown item is an error of the request, not an import to record.
        if (!applied.ok && applied.code === 'NOT_FOUND') throw new AppError('NOT_FOUND');
        return [applied];
      });
      return result!;
    },
  };
}

export type MetadataExchangeService = ReturnType<typeof createMetadataExchangeService>;
