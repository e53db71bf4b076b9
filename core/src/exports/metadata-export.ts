import type { TJsonValue } from '../forms/metadata-form.schema';

export type TExportFormat = 'csv' | 'json';

/** One export at most covers this many items; a whole archive goes through a workflow, not a request. */
export const EXPORT_MAX_ITEMS = 10_000;

export const EXPORT_MIME_TYPES: Record<TExportFormat, string> = {
  csv: 'text/csv',
  json: 'application/json',
};

/**
 * The export's file name: the label and the date, kept within the tenant's maximum file-name length (spec section 3,
 * "max file-name length for export") with the extension always intact. Characters file systems refuse become '-'.
 */
export function exportFileName(label: string, date: Date, format: TExportFormat, maxLength: number): string {
  const extension = `.${format}`;
  const day = date.toISOString().slice(0, 10);
  const safe =
    label
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[.\s-]+|[.\s-]+$/g, '') || 'export';
  // The date goes first when there is no room for it and a letter of the label.
  const suffix = maxLength - extension.length - day.length - 1 >= 1 ? `-${day}` : '';
  const room = Math.max(1, maxLength - extension.length - suffix.length);
  // Cut by code point, so a name never ends in half an emoji.
  const stem = [...safe].slice(0, room).join('').trim();
  return `${stem}${suffix}${extension}`;
}

/** JSON export: one object per item, the form's values by field id, in the order asked. */
export function metadataToJson(
  form: { id: string; label: string },
  fieldIds: readonly string[],
  rows: ReadonlyArray<{ itemId: string; values: Readonly<Record<string, TJsonValue>> }>,
): string {
  const items = rows.map((row) => ({
    id: row.itemId,
    values: Object.fromEntries(fieldIds.map((fieldId) => [fieldId, row.values[fieldId] ?? null])),
  }));
  return `${JSON.stringify({ form: { id: form.id, label: form.label }, items }, null, 2)}\n`;
}
