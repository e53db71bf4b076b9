import type { TAuditChanges } from './audit-changes';

/**
 * What an audit event's "What" column says, as data the console words in the reader's language (`auditSummary.<kind>`):
 * the thing acted on by the name it had then, how many fields changed, or how many items a bulk change reached. The
 * English sentence stored with older events is no longer shown as the summary.
 */
export type TAuditSummary =
  | { kind: 'items'; subject: string | null; updated: number; total: number; format: string | null }
  | { kind: 'fields'; subject: string | null; count: number }
  | { kind: 'subject'; subject: string }
  | { kind: 'none' };

/** Where events keep the name of what they acted on (a folder's, a user's e-mail, an item's title). */
export const AUDIT_SUBJECT_KEY = 'subject';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

export function auditSummary(details: Readonly<Record<string, unknown>> | null | undefined, changes: TAuditChanges) {
  const subject = text(details?.[AUDIT_SUBJECT_KEY]);
  const updated = count(details?.updated);
  const total = count(details?.total);
  if (updated !== null && total !== null) {
    const format = text(details?.format);
    return { kind: 'items', subject, updated, total, format: format && format.toUpperCase() } satisfies TAuditSummary;
  }
  const changed = Object.keys(changes).length;
  if (changed > 0) return { kind: 'fields', subject, count: changed } satisfies TAuditSummary;
  if (subject) return { kind: 'subject', subject } satisfies TAuditSummary;
  return { kind: 'none' } satisfies TAuditSummary;
}
