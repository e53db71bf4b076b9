import {
  ZFormField,
  ZMetadataForm,
  type FieldType,
  type TFormSection,
  type TMetadataForm,
  type UsageRuleSeverity,
  type UsageRuleWarningLevel,
  type ValidityOffset,
} from '@mam/core';

/**
 * One end of a validity while it is edited: unlike core's normalised end, a day count or date may be missing, so
 * the editor can show USAGE_RULE_DAYS_INVALID instead of refusing the keystroke.
 */
export interface TValidityEndDraft {
  offsetFrom: ValidityOffset;
  untilNumberOfDays: number | null;
  absoluteDate: string | null;
}

export interface TUsageContextDraft {
  name: string;
  validity: { from: TValidityEndDraft; to: TValidityEndDraft };
  warningLevel: UsageRuleWarningLevel;
}

export interface TUsageGroupDraft {
  identifier: { key: string; label: string };
  color: string;
  severity: UsageRuleSeverity;
  contexts: TUsageContextDraft[];
}

/** A form as the editor holds it: core's parsed shape, with usage rules that may be half filled in. */
export type TFormDraft = Omit<TMetadataForm, 'usageRules'> & { usageRules: TUsageGroupDraft[] };
export type TFieldDraft = TFormDraft['fields'][number];

/** A new form shows up on the item page unless the administrator says otherwise; key and label are still blank. */
export function emptyFormDraft(): TFormDraft {
  // Parsed from core's schema so every setting starts at core's default; the placeholders only satisfy the parse.
  const form = ZMetadataForm.parse({ id: 'new', label: 'New', active: true, views: { item: [] } });
  return { ...form, id: '', label: '' };
}

const replacements: Record<string, string> = { ø: 'o', æ: 'ae', ß: 'ss', đ: 'd', ł: 'l', œ: 'oe' };

/** The key a new form gets from its label ('Sports logging' → 'sports-logging'); keys stay plain ASCII. */
export function keyFromLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/[øæßđłœ]/g, (letter) => replacements[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** 'MultipleChoice' → 'multipleChoice': the fieldId a new field of that type starts with. */
function fieldIdBase(type: FieldType): string {
  return type === 'JSON' ? 'json' : type.charAt(0).toLowerCase() + type.slice(1);
}

/** `base`, else `base2`, `base3`… whichever is not taken yet. */
function unique(base: string, taken: ReadonlySet<string>, separator = ''): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${separator}${n}`)) return `${base}${separator}${n}`;
}

/** 'field-1', 'field-2'…: the editor's own handle on a field, unseen by users and free of their renames. */
function nextFieldId(fields: readonly TFieldDraft[]): string {
  const ids = new Set(fields.map(({ id }) => id));
  for (let n = 1; ; n++) if (!ids.has(`field-${n}`)) return `field-${n}`;
}

/** A new field of `type` with core's defaults and an id, fieldId and label no other field of the form has. */
export function newField(type: FieldType, fields: readonly TFieldDraft[], label: string): TFieldDraft {
  return ZFormField.parse({
    id: nextFieldId(fields),
    fieldId: unique(fieldIdBase(type), new Set(fields.map(({ fieldId }) => fieldId))),
    label: unique(label, new Set(fields.map((field) => field.label)), ' '),
    type,
  });
}

/** The list with the entry at `index` moved by `delta` places; unchanged when it would leave the list. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const moved = [...list];
  const [entry] = moved.splice(index, 1);
  moved.splice(target, 0, entry as T);
  return moved;
}

/**
 * Removes a field with what points at it: its settings in every view go, and a section placed above it moves
 * down to the field that followed it (or to the end).
 */
export function removeField(draft: TFormDraft, index: number): TFormDraft {
  const removed = draft.fields[index];
  if (!removed) return draft;
  const fields = draft.fields.filter((_, i) => i !== index);
  const next = fields[index]?.fieldId ?? null;
  const views = Object.fromEntries(
    Object.entries(draft.views).map(([view, settings]) => [
      view,
      settings.filter((setting) => setting.fieldId !== removed.fieldId),
    ]),
  );
  const viewSections = draft.viewSections.map((section) =>
    section.placeAboveFieldId === removed.fieldId ? { ...section, placeAboveFieldId: next } : section,
  );
  return { ...draft, fields, views, viewSections };
}

/**
 * Changes a field's fieldId and the view settings and sections that name it. While the old or new fieldId also
 * belongs to another field, the references stay: they could not tell the two fields apart.
 */
export function renameFieldId(draft: TFormDraft, index: number, fieldId: string): TFormDraft {
  const field = draft.fields[index];
  if (!field) return draft;
  const before = field.fieldId;
  const fields = draft.fields.map((entry, i) => (i === index ? { ...entry, fieldId } : entry));
  const shared = draft.fields.some(
    (entry, i) => i !== index && (entry.fieldId === before || entry.fieldId === fieldId),
  );
  if (shared || before === fieldId) return { ...draft, fields };
  const rename = (id: string) => (id === before ? fieldId : id);
  const views = Object.fromEntries(
    Object.entries(draft.views).map(([view, settings]) => [
      view,
      settings.map((setting) => ({ ...setting, fieldId: rename(setting.fieldId) })),
    ]),
  );
  const viewSections = draft.viewSections.map((section) =>
    section.placeAboveFieldId === null ? section : { ...section, placeAboveFieldId: rename(section.placeAboveFieldId) },
  );
  return { ...draft, fields, views, viewSections };
}

/** A section with an id of its own, numbered label, after the last field and sorted after the others. */
export function newSection(sections: readonly TFormSection[], label: string): TFormSection {
  const ids = new Set(sections.map(({ sectionId }) => sectionId));
  let n = sections.length + 1;
  while (ids.has(`section-${n}`)) n++;
  const sortOrder = sections.reduce((max, section) => Math.max(max, section.sortOrder + 1), 0);
  return { sectionId: `section-${n}`, label: `${label} ${n}`, placeAboveFieldId: null, sortOrder };
}
