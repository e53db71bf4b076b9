import type { ErrorCode } from '../errors/error-catalogue';
import { metadataTextMaxLength } from '../items/item-text';
import type { Actor } from '../permissions/actor';
import { ZEmail } from '../validation/email.schema';
import type { AppIssue } from '../validation/zod-issues';
import { fieldAccessFor, isFieldEditable } from './field-access';
import { initialFieldValue } from './field-initialization';
import { issue } from './form-issues';
import {
  compilePattern,
  isDateValue,
  ZJsonValue,
  type FormViewId,
  type TFormField,
  type TJsonValue,
  type TMetadataForm,
  type TTextRule,
  type TTreeAlternative,
  type TViewSetting,
} from './metadata-form.schema';

/** Stored values of one form by fieldId: Text, Choice, TreeChoice ('sport/football'), Date, SubType and File are
 * strings, MultipleChoice string[], Checkbox boolean, JSON any JSON value. */
export type TFormValues = Record<string, TJsonValue>;

export interface CheckFormValuesInput {
  form: TMetadataForm;
  view: FormViewId;
  /** What the user sent, by fieldId. A missing key keeps the existing value. */
  values: Readonly<Record<string, unknown>>;
  actor: Actor;
  /** The item's stored values; for a new item, `initialFormValues(form, clock)`. */
  existing?: Readonly<TFormValues>;
  /** The tenant's option lists by id, for fields with an optionListId (Choice uses the top level). */
  optionLists?: Readonly<Record<string, readonly TTreeAlternative[]>>;
  /** For initialization rules used as defaults. */
  now: Date;
  timeZone?: string;
}

export interface CheckFormValuesResult {
  /** Values to store, defaults filled in; a value with an issue is left out (store nothing while issues exist). */
  values: TFormValues;
  issues: AppIssue[];
}

type Normalised = { value: TJsonValue } | { code: ErrorCode };

function isEmpty(value: TJsonValue): boolean {
  if (value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/** The value in its field type's shape, or the code saying why it is not one. Empty values pass as they are. */
function normalise(field: TFormField, value: unknown): Normalised {
  if (value === undefined || value === null) return { value: null };
  const json = ZJsonValue.safeParse(value);
  if (!json.success) return { code: 'VALUE_TYPE_INVALID' };
  if (isEmpty(json.data)) return { value: json.data };
  switch (field.type) {
    case 'Text':
    case 'SubType':
    case 'File':
      return typeof value === 'string' ? { value } : { code: 'VALUE_TYPE_INVALID' };
    case 'Choice':
    case 'TreeChoice':
      return typeof value === 'string' ? { value: value.trim() } : { code: 'VALUE_TYPE_INVALID' };
    case 'Date':
      if (typeof value !== 'string') return { code: 'VALUE_TYPE_INVALID' };
      return isDateValue(value.trim()) ? { value: value.trim() } : { code: 'VALUE_DATE_INVALID' };
    case 'MultipleChoice':
      if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
        return { code: 'VALUE_TYPE_INVALID' };
      }
      return { value: [...new Set(value.map((entry) => entry.trim()).filter((entry) => entry !== ''))] };
    case 'Checkbox':
      return typeof value === 'boolean' ? { value } : { code: 'VALUE_TYPE_INVALID' };
    case 'JSON':
      return { value: json.data };
    case 'Button':
      return { code: 'VALUE_TYPE_INVALID' };
  }
}

/** Whether a sent value holds more text than its field may: each string, or a JSON value as written out. */
function isTooLong(field: TFormField, value: TJsonValue): boolean {
  const max = metadataTextMaxLength(field.fieldId);
  if (typeof value === 'string') return value.length > max;
  if (field.type === 'JSON') return JSON.stringify(value).length > max;
  return Array.isArray(value) && value.some((entry) => typeof entry === 'string' && entry.length > max);
}

function optionsOf(field: TFormField, optionLists: CheckFormValuesInput['optionLists']): readonly TTreeAlternative[] {
  if (field.optionListId === null) {
    return field.type === 'TreeChoice'
      ? field.treeAlternatives
      : field.alternatives.map((a) => ({ ...a, children: [] }));
  }
  const list = optionLists?.[field.optionListId];
  // A caller bug, not a user mistake: validating against an empty list would reject every value.
  if (list === undefined) throw new Error(`Option list ${field.optionListId} of field ${field.fieldId} was not given`);
  return list;
}

function inTree(path: string, roots: readonly TTreeAlternative[]): boolean {
  let level: readonly TTreeAlternative[] = roots;
  for (const step of path.split('/')) {
    const node = level.find(({ value }) => value === step);
    if (node === undefined) return false;
    level = node.children;
  }
  return true;
}

/** INVALID_CHOICE_VALUE when a choice is not among the field's alternatives (free entry accepts anything). */
function choiceIssue(field: TFormField, value: TJsonValue, input: CheckFormValuesInput): ErrorCode | null {
  if (field.freeEntry) return null;
  const options = () => optionsOf(field, input.optionLists);
  const allowed = () => new Set(options().map((option) => option.value));
  switch (field.type) {
    case 'Choice':
      return typeof value === 'string' && allowed().has(value) ? null : 'INVALID_CHOICE_VALUE';
    case 'MultipleChoice': {
      const values = Array.isArray(value) ? value : [];
      const known = allowed();
      return values.every((entry) => typeof entry === 'string' && known.has(entry)) ? null : 'INVALID_CHOICE_VALUE';
    }
    case 'TreeChoice':
      return typeof value === 'string' && inTree(value, options()) ? null : 'INVALID_CHOICE_VALUE';
    default:
      return null;
  }
}

function isWebUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'http:' || protocol === 'https:';
}

function textRuleIssue(rule: TTextRule, text: string, path: string): AppIssue | null {
  switch (rule.kind) {
    case 'regex':
      return compilePattern(rule.pattern)?.test(text)
        ? null
        : issue(path, 'VALUE_FORMAT_MISMATCH', rule.message ?? undefined);
    case 'maxLength':
      // Characters as people count them, not UTF-16 units.
      return [...text].length <= rule.max ? null : issue(path, 'VALUE_TOO_LONG');
    case 'email':
      return ZEmail.safeParse(text).success ? null : issue(path, 'INVALID_EMAIL');
    case 'url':
      return isWebUrl(text.trim()) ? null : issue(path, 'VALUE_URL_INVALID');
  }
}

/** Spec: the view's default, else the form's (an initialization rule counts as one), else empty; checkbox false. */
function defaultValue(field: TFormField, setting: TViewSetting | undefined, input: CheckFormValuesInput): TJsonValue {
  const viewDefault = setting?.defaultValue ?? null;
  if (viewDefault !== null) return viewDefault;
  const initial = initialFieldValue(field, input);
  if (initial !== undefined) return initial;
  if (field.defaultValue !== null) return field.defaultValue;
  if (field.type === 'Checkbox') return false;
  return field.type === 'MultipleChoice' ? [] : '';
}

/**
 * The entry-time checks of spec section 5, in its order, for one form in one view:
 * 1. fields the actor may not edit (read only, technical, or not readable or writable for them) are skipped and
 *    keep their existing value; Buttons carry no value;
 * 2. Choice, MultipleChoice and TreeChoice values must be among the alternatives (INVALID_CHOICE_VALUE);
 * 3. Text values must pass the field's text rule;
 * 4. a required field left empty is 'Value required' (VALUE_REQUIRED), unless the view hides it, since nobody
 *    could fill it in there;
 * 5. empty values take the view's default, else the form's, else '' ([] for MultipleChoice, false for Checkbox).
 * Values of the wrong type are VALUE_TYPE_INVALID / VALUE_DATE_INVALID; text longer than an item's title (for the
 * title) or description (any other field) is VALUE_TOO_LONG; keys that are no field of the form are
 * VALIDATION_FAILED. Issue paths are fieldIds.
 */
export function checkFormValues(input: CheckFormValuesInput): CheckFormValuesResult {
  const { form, view, values: submitted, actor, existing = {} } = input;
  const settings = new Map((form.views[view] ?? []).map((setting) => [setting.fieldId, setting]));
  const values: TFormValues = {};
  const issues: AppIssue[] = [];
  const known = new Set(form.fields.map(({ fieldId }) => fieldId));
  for (const key of Object.keys(submitted)) {
    if (!known.has(key)) issues.push(issue(key, 'VALIDATION_FAILED', `Unknown field "${key}"`));
  }

  for (const field of form.fields) {
    const { fieldId } = field;
    const prior = existing[fieldId];
    if (field.type === 'Button') continue;
    if (!isFieldEditable(field, fieldAccessFor(actor, form, field))) {
      if (prior !== undefined) values[fieldId] = prior;
      continue;
    }
    const sent = Object.hasOwn(submitted, fieldId) ? submitted[fieldId] : undefined;
    const normalised = normalise(field, sent === undefined ? prior : sent);
    if ('code' in normalised) {
      issues.push(issue(fieldId, normalised.code));
      continue;
    }
    const { value } = normalised;
    // Only what was sent: a stored value from before the limit must not block edits of other fields.
    if (sent !== undefined && isTooLong(field, value)) {
      issues.push(issue(fieldId, 'VALUE_TOO_LONG'));
      continue;
    }
    const setting = settings.get(fieldId);
    if (!isEmpty(value)) {
      const choiceCode = choiceIssue(field, value, input);
      const ruleIssue =
        field.textRule !== null && typeof value === 'string' ? textRuleIssue(field.textRule, value, fieldId) : null;
      if (choiceCode !== null) issues.push(issue(fieldId, choiceCode));
      else if (ruleIssue !== null) issues.push(ruleIssue);
      else values[fieldId] = value;
      continue;
    }
    const shown = field.visible && setting?.visible !== false;
    if (field.required && shown) issues.push(issue(fieldId, 'VALUE_REQUIRED'));
    values[fieldId] = defaultValue(field, setting, input);
  }
  return { values, issues };
}
