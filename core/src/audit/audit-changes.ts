/**
 * Before and after values for audit events: what the History tab shows as "field: old → new". Values are kept
 * short (an audit trail is not a second copy of the metadata) and anything that looks like a secret is never kept.
 */
export interface TAuditValueChange {
  from: string | null;
  to: string | null;
}

export type TAuditChanges = Record<string, TAuditValueChange>;

/** Longest value kept, in characters; longer ones are cut with an ellipsis. */
export const AUDIT_VALUE_MAX_CHARS = 200;
/** Most fields described in one event; the rest are only counted by the event's summary. */
export const AUDIT_MAX_FIELDS = 50;
export const AUDIT_REDACTED = '[redacted]';

const SECRET_NAME = /pass(word)?|secret|token|api[-_]?key|private[-_]?key|credential/i;

export function isSecretField(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** One value as the trail shows it: text as is, lists joined, other values as JSON; empty is null. */
export function auditValue(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    if (value.length === 0) return null;
    text = value.join(', ');
  } else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value) ?? String(value);
  return text.length > AUDIT_VALUE_MAX_CHARS ? `${text.slice(0, AUDIT_VALUE_MAX_CHARS - 1)}…` : text;
}

/**
 * The fields whose shown value differs between `before` and `after` (only those named, when `fields` is given), at
 * most AUDIT_MAX_FIELDS of them. A secret-looking field is recorded as changed, never with its values.
 */
export function auditChanges(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  fields: readonly string[] = [...new Set([...Object.keys(before), ...Object.keys(after)])],
): TAuditChanges {
  const changes: TAuditChanges = {};
  let count = 0;
  for (const field of fields) {
    const from = auditValue(before[field]);
    const to = auditValue(after[field]);
    // Empty stays empty (a form fills an absent list with []): no change anyone could read.
    if (from === null && to === null) continue;
    if (from === to && JSON.stringify(before[field] ?? null) === JSON.stringify(after[field] ?? null)) continue;
    if (count++ >= AUDIT_MAX_FIELDS) break;
    changes[field] = isSecretField(field)
      ? { from: from === null ? null : AUDIT_REDACTED, to: to === null ? null : AUDIT_REDACTED }
      : { from, to };
  }
  return changes;
}
