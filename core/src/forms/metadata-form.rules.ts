import { AppError } from '../errors/app-error';
import type { ErrorCode } from '../errors/error-catalogue';
import type { AppIssue } from '../validation/zod-issues';
import { commonCode, issue, toCodedIssues } from './form-issues';
import { findShortcutConflict, isValidShortcut, type TShortcutUse } from './keyboard-shortcut';
import {
  CREATED_ON_FIELD_ID,
  isTechnicalField,
  METADATA_FORM_MAX_LINES,
  METADATA_FORM_MIN_LINES,
  TITLE_FIELD_ID,
  ZMetadataForm,
  type BuiltInFormType,
  type TFormField,
  type TMetadataForm,
} from './metadata-form.schema';

export interface FormRulesContext {
  /** Every other form of the tenant, active or not (the form itself may be among them; it is skipped by id). */
  otherForms: readonly TMetadataForm[];
  /** The stored version when updating, so removed system default fields and built-in types are noticed. */
  previous?: TMetadataForm | null;
}

const undeletableForms: ReadonlySet<BuiltInFormType> = new Set([
  'common',
  'folderDefault',
  'detectedText',
  'restrictedMaterial',
]);
const alwaysActiveForms: ReadonlySet<BuiltInFormType> = new Set(['common', 'folderDefault']);

/** Periods and quotes, typographic ones included: labels end up in search field names and quoted queries. */
const labelForbidden = /[."'`‘’“”„«»]/;

function sameName(a: string, b: string): boolean {
  return a.normalize('NFC').trim().toLowerCase() === b.normalize('NFC').trim().toLowerCase();
}

function labelIssues(form: TMetadataForm, others: readonly TMetadataForm[]): AppIssue[] {
  const issues: AppIssue[] = [];
  if (labelForbidden.test(form.label)) issues.push(issue('label', 'FORM_LABEL_INVALID'));
  if (others.some((other) => sameName(other.label, form.label))) issues.push(issue('label', 'FORM_NAME_TAKEN'));
  return issues;
}

/** Button and File fields have their own codes for required / read only, so the generic rule skips them. */
const flagCodes: Partial<Record<TFormField['type'], ErrorCode>> = {
  Button: 'FIELD_BUTTON_FLAGS',
  File: 'FIELD_FILE_FLAGS',
};

function flagIssues(form: TMetadataForm, field: TFormField, path: string): AppIssue[] {
  const issues: AppIssue[] = [];
  const flagCode = flagCodes[field.type];
  if (flagCode !== undefined) {
    if (field.required) issues.push(issue(`${path}.required`, flagCode));
    if (field.readOnly) issues.push(issue(`${path}.readOnly`, flagCode));
  } else if (field.type === 'Checkbox' && field.required) {
    issues.push(issue(`${path}.required`, 'FIELD_CHECKBOX_REQUIRED'));
  } else if (field.readOnly && field.required) {
    issues.push(issue(`${path}.required`, 'FIELD_READONLY_REQUIRED'));
  }
  if (form.builtIn === 'qualityControl' && field.required) {
    issues.push(issue(`${path}.required`, 'FORM_QC_REQUIRED_FIELD'));
  }
  if (field.fieldId === TITLE_FIELD_ID && !field.required) {
    issues.push(issue(`${path}.required`, 'FORM_TITLE_REQUIRED'));
  }
  return issues;
}

function technicalIssues(field: TFormField, path: string): AppIssue[] {
  const issues: AppIssue[] = [];
  if (isTechnicalField(field)) {
    if (field.permissions.read !== null || field.permissions.write !== null) {
      issues.push(issue(`${path}.permissions`, 'FIELD_TECHNICAL_RULES'));
    }
    if (field.textRule !== null) issues.push(issue(`${path}.textRule`, 'FIELD_TECHNICAL_RULES'));
    if (field.required) issues.push(issue(`${path}.required`, 'FIELD_TECHNICAL_RULES'));
  }
  if (field.fieldId === CREATED_ON_FIELD_ID && field.initializationRules.length > 0) {
    issues.push(issue(`${path}.initializationRules`, 'FIELD_CREATED_ON_INIT'));
  }
  return issues;
}

const inLineRange = (lines: number) => lines >= METADATA_FORM_MIN_LINES && lines <= METADATA_FORM_MAX_LINES;

function lineIssues(field: TFormField, path: string): AppIssue[] {
  const { minLines, maxLines } = field;
  const issues: AppIssue[] = [];
  if (minLines !== null && !inLineRange(minLines)) issues.push(issue(`${path}.minLines`, 'FIELD_LINES_RANGE'));
  if (maxLines !== null && !inLineRange(maxLines)) issues.push(issue(`${path}.maxLines`, 'FIELD_LINES_RANGE'));
  if (issues.length === 0 && minLines !== null && maxLines !== null && minLines >= maxLines) {
    issues.push(issue(`${path}.minLines`, 'FIELD_LINES_RANGE'));
  }
  return issues;
}

/** Every shortcut a form uses, the form's own first. */
function shortcutsOf(form: TMetadataForm): TShortcutUse[] {
  const own =
    form.keyboardShortcut === null ? [] : [{ shortcut: form.keyboardShortcut, usedBy: `the form ${form.label}` }];
  return [
    ...own,
    ...form.fields.flatMap((field) =>
      field.keyboardShortcut === null
        ? []
        : [{ shortcut: field.keyboardShortcut, usedBy: `the field ${field.label} of the form ${form.label}` }],
    ),
  ];
}

/**
 * Shortcuts of other forms count even while those forms are inactive: re-activating a form is not validated
 * again, so a clash would slip in that way. Inside the form, a field may not reuse the form's or an earlier
 * field's shortcut.
 */
function shortcutIssues(form: TMetadataForm, others: readonly TMetadataForm[]): AppIssue[] {
  const taken: TShortcutUse[] = others.flatMap(shortcutsOf);
  const entries = [
    { shortcut: form.keyboardShortcut, path: 'keyboardShortcut', usedBy: 'this form' },
    ...form.fields.map((field, index) => ({
      shortcut: field.keyboardShortcut,
      path: `fields.${index}.keyboardShortcut`,
      usedBy: `the field ${field.label}`,
    })),
  ];
  const issues: AppIssue[] = [];
  for (const { shortcut, path, usedBy } of entries) {
    if (shortcut === null) continue;
    const owner = findShortcutConflict(shortcut, taken);
    if (!isValidShortcut(shortcut)) {
      issues.push(issue(path, 'SHORTCUT_INVALID'));
    } else if (owner !== null) {
      const by = owner === 'system' ? 'the player or the console' : owner;
      issues.push(issue(path, 'SHORTCUT_CONFLICT', `The keyboard shortcut is already used by ${by}.`));
    }
    taken.push({ shortcut, usedBy });
  }
  return issues;
}

function builtInIssues(
  form: TMetadataForm,
  others: readonly TMetadataForm[],
  previous: TMetadataForm | null,
): AppIssue[] {
  const issues: AppIssue[] = [];
  if (previous !== null && previous.builtIn !== form.builtIn) {
    issues.push(issue('builtIn', 'VALIDATION_FAILED', 'A form cannot become or stop being a built-in form'));
  } else if (form.builtIn !== null && others.some((other) => other.builtIn === form.builtIn)) {
    issues.push(issue('builtIn', 'VALIDATION_FAILED', 'The organisation already has this built-in form'));
  }
  if (form.builtIn !== null && alwaysActiveForms.has(form.builtIn) && !form.active) {
    issues.push(issue('active', 'FORM_BUILT_IN_DEACTIVATE'));
  }
  if (form.builtIn === 'common' && !form.fields.some((field) => field.fieldId === TITLE_FIELD_ID)) {
    issues.push(issue('fields', 'FORM_TITLE_REQUIRED'));
  }
  if (previous !== null) {
    const kept = new Set(form.fields.map(({ fieldId }) => fieldId));
    for (const field of previous.fields) {
      if (field.systemDefaultField && !kept.has(field.fieldId)) {
        issues.push(
          issue('fields', 'FIELD_SYSTEM_DELETE', `The system default field ${field.label} cannot be deleted.`),
        );
      }
    }
  }
  return issues;
}

/**
 * Every administration rule of spec section 5 for a parsed form, one stable code per rule, paths pointing at the
 * offending setting ('fields.3.required'). Empty when the form may be saved.
 */
export function validateFormDefinition(form: TMetadataForm, context: FormRulesContext): AppIssue[] {
  const others = context.otherForms.filter((other) => other.id !== form.id);
  const previous = context.previous ?? null;
  return [
    ...labelIssues(form, others),
    ...builtInIssues(form, others, previous),
    ...form.fields.flatMap((field, index) => {
      const path = `fields.${index}`;
      return [...flagIssues(form, field, path), ...technicalIssues(field, path), ...lineIssues(field, path)];
    }),
    ...shortcutIssues(form, others),
  ];
}

/** Parses a form from a request or an import; shape problems raise VALIDATION_FAILED with one issue each. */
export function parseMetadataForm(input: unknown): TMetadataForm {
  const parsed = ZMetadataForm.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = toCodedIssues(parsed.error, 'VALIDATION_FAILED');
  throw new AppError(commonCode(issues), { issues });
}

/**
 * Parses and checks a form before it is saved. Throws AppError with every issue: with the rule's own code when
 * all issues share it (FORM_NAME_TAKEN is then a 409), else VALIDATION_FAILED.
 */
export function assertValidForm(input: unknown, context: FormRulesContext): TMetadataForm {
  const form = parseMetadataForm(input);
  const issues = validateFormDefinition(form, context);
  if (issues.length > 0) throw new AppError(commonCode(issues), { issues });
  return form;
}

export function canDeleteForm(form: Pick<TMetadataForm, 'builtIn'>): boolean {
  return form.builtIn === null || !undeletableForms.has(form.builtIn);
}

export function assertCanDeleteForm(form: Pick<TMetadataForm, 'builtIn'>): void {
  if (!canDeleteForm(form)) throw new AppError('FORM_BUILT_IN_DELETE');
}

export function canDeactivateForm(form: Pick<TMetadataForm, 'builtIn'>): boolean {
  return form.builtIn === null || !alwaysActiveForms.has(form.builtIn);
}

export function assertCanDeactivateForm(form: Pick<TMetadataForm, 'builtIn'>): void {
  if (!canDeactivateForm(form)) throw new AppError('FORM_BUILT_IN_DEACTIVATE');
}

export function canDeleteField(field: Pick<TFormField, 'systemDefaultField'>): boolean {
  return !field.systemDefaultField;
}

export function assertCanDeleteField(field: Pick<TFormField, 'systemDefaultField'>): void {
  if (!canDeleteField(field)) throw new AppError('FIELD_SYSTEM_DELETE');
}

/** Logged, never shown (spec): a stored or imported form lacks label, id or active. */
export const STORED_FORM_CAST_EXCEPTION = 'CastException - Missing expected properties while creating MetaDataform';

/**
 * Reads a stored or imported form. One missing label, id or active is logged with the spec's message and skipped
 * (null) so the other forms still load; any other problem raises VALIDATION_FAILED like `parseMetadataForm`.
 */
export function parseStoredForm(raw: unknown, log: (message: string) => void): TMetadataForm | null {
  const record = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const missing = ['label', 'id', 'active'].some((key) => record[key] === undefined || record[key] === null);
  if (missing) {
    log(STORED_FORM_CAST_EXCEPTION);
    return null;
  }
  return parseMetadataForm(raw);
}
