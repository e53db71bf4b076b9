import type { TJsonValue } from '@mam/core';

/** A JSON field's default as typed: blank is no default; anything else must parse. */
export function jsonFromText(text: string): { ok: true; value: TJsonValue | null } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as TJsonValue };
  } catch {
    return { ok: false };
  }
}

export function textFromJson(value: TJsonValue | null): string {
  return value === null ? '' : JSON.stringify(value, null, 2);
}

/** A checkbox default is one of three choices: none, checked or unchecked. */
export type TCheckboxDefault = 'none' | 'checked' | 'unchecked';

export function checkboxDefaultOf(value: TJsonValue | null): TCheckboxDefault {
  return value === true ? 'checked' : value === false ? 'unchecked' : 'none';
}

export function checkboxDefaultValue(choice: TCheckboxDefault): boolean | null {
  return choice === 'none' ? null : choice === 'checked';
}

/** Blank text and an empty selection both mean no default; stored as null so views and items fall back. */
export function textDefault(text: string): string | null {
  return text === '' ? null : text;
}

export function listDefault(values: readonly string[]): string[] | null {
  return values.length === 0 ? null : [...values];
}

/** The strings a MultipleChoice default holds; anything else (a stored value of another shape) reads as none. */
export function listOf(value: TJsonValue | null): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/**
 * Options a select can offer while the administrator is still typing them: blank values are left out and a repeated
 * value is offered once (select inputs refuse both). A blank label shows the value.
 */
export function selectableOptions(
  options: ReadonlyArray<{ value: string; label: string }>,
): Array<{ value: string; label: string }> {
  const seen = new Set<string>();
  return options.flatMap(({ value, label }) => {
    if (value.trim() === '' || seen.has(value)) return [];
    seen.add(value);
    return [{ value, label: label.trim() === '' ? value : label }];
  });
}
