import type { FieldType, TJsonValue } from './metadata-form.schema';

/** Values of a multiple choice share one cell, separated like this. */
export const CSV_LIST_SEPARATOR = '; ';
export const CSV_ID_COLUMN = 'id';

export interface TCsvColumn {
  fieldId: string;
  type: FieldType;
}

/**
 * One cell as spreadsheets read it back: quoted when it holds a quote, separator or line break. A leading =, +, -,
 * @ or tab would make Excel or LibreOffice run it as a formula, so such text gets an apostrophe first
 * (OWASP's CSV injection advice); the importer takes it off again.
 */
function cell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function cellText(value: TJsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(CSV_LIST_SEPARATOR);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A header of `id` and the fieldIds, then one line per item; RFC 4180 with CRLF line ends. */
export function metadataToCsv(
  columns: readonly TCsvColumn[],
  rows: ReadonlyArray<{ itemId: string; values: Readonly<Record<string, TJsonValue>> }>,
): string {
  const header = [CSV_ID_COLUMN, ...columns.map((c) => c.fieldId)].map(cell).join(',');
  const lines = rows.map((row) =>
    [row.itemId, ...columns.map((c) => cellText(row.values[c.fieldId]))].map(cell).join(','),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}

export interface TCsvParseResult {
  header: string[];
  /** With the 1-based line each record starts on, for messages. */
  records: Array<{ line: number; cells: string[] }>;
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** RFC 4180: quoted cells may hold commas, quotes ("") and line breaks; CRLF or LF line ends; a BOM is skipped. */
export function parseCsv(text: string): TCsvParseResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let current = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let atCellStart = true;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
        const next = source[i + 1];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          throw new CsvSyntaxError(line, `Line ${line}: a quoted cell must end at a comma or the end of the line`);
        }
      } else {
        if (char === '\n') line++;
        current += char;
      }
      continue;
    }
    if (char === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (char === ',') {
      cells.push(current);
      current = '';
      atCellStart = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      cells.push(current);
      if (cells.some((c) => c !== '')) records.push({ line: recordLine, cells });
      cells = [];
      current = '';
      atCellStart = true;
      line++;
      recordLine = line;
    } else {
      current += char;
      atCellStart = false;
    }
  }
  if (quoted) throw new CsvSyntaxError(recordLine, `Line ${recordLine}: a quoted cell is not closed`);
  cells.push(current);
  if (cells.some((c) => c !== '')) records.push({ line: recordLine, cells });
  const [first, ...rest] = records;
  return { header: (first?.cells ?? []).map((h) => h.trim()), records: rest };
}

/** A cell back to the value its field stores; '' means "clear the field". */
export function csvCellToValue(type: FieldType, text: string): TJsonValue {
  const raw = text.startsWith("'") && /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
  const trimmed = raw.trim();
  if (trimmed === '') return type === 'MultipleChoice' ? [] : null;
  switch (type) {
    case 'MultipleChoice':
      return trimmed
        .split(';')
        .map((v) => v.trim())
        .filter(Boolean);
    case 'Checkbox':
      return /^(true|yes|1|ja|oui)$/i.test(trimmed) ? true : /^(false|no|0|nei|non)$/i.test(trimmed) ? false : trimmed;
    case 'JSON':
      try {
        return JSON.parse(trimmed) as TJsonValue;
      } catch {
        return trimmed;
      }
    case 'Text':
    case 'Choice':
    case 'TreeChoice':
    case 'Date':
    case 'SubType':
    case 'Button':
    case 'File':
      return raw;
  }
}
