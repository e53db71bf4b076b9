import type { TFormField, TJsonValue, TMetadataForm } from './metadata-form.schema';

export interface InitializationClock {
  now: Date;
  /** The tenant's IANA time zone: "today" is the tenant's date, not the server's. Defaults to UTC. */
  timeZone?: string;
}

/** The calendar date `days` after today in the time zone, as 'YYYY-MM-DD'. */
export function localDatePlusDays(now: Date, days: number, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(now)
    .reduce<Record<string, number>>((found, part) => ({ ...found, [part.type]: Number(part.value) }), {});
  const date = new Date(Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, (parts.day ?? 1) + days));
  return date.toISOString().slice(0, 10);
}

/** What the field's initialization rule gives at `clock.now`, or undefined when it has none. */
export function initialFieldValue(
  field: Pick<TFormField, 'initializationRules'>,
  clock: InitializationClock,
): TJsonValue | undefined {
  const [rule] = field.initializationRules;
  if (rule === undefined) return undefined;
  switch (rule.type) {
    case 'dateOffset':
      return localDatePlusDays(clock.now, rule.offsetDays, clock.timeZone);
  }
}

/**
 * Values a new item starts with, by fieldId: every field with an initialization rule. Pass them as `existing` to
 * checkFormValues when creating, so read-only fields (which entry skips) are initialised too.
 */
export function initialFormValues(
  form: Pick<TMetadataForm, 'fields'>,
  clock: InitializationClock,
): Record<string, TJsonValue> {
  const values: Record<string, TJsonValue> = {};
  for (const field of form.fields) {
    const value = initialFieldValue(field, clock);
    if (value !== undefined) values[field.fieldId] = value;
  }
  return values;
}
