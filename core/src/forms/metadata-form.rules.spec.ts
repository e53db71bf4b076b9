import { catchAppError } from '../testing/catch-app-error';
import { builtInForm } from './built-in-forms';
import { fieldInput, form } from './forms.fixtures';
import {
  assertCanDeactivateForm,
  assertCanDeleteField,
  assertCanDeleteForm,
  assertValidForm,
  canDeactivateForm,
  canDeleteField,
  canDeleteForm,
  parseMetadataForm,
  parseStoredForm,
  STORED_FORM_CAST_EXCEPTION,
  validateFormDefinition,
  type FormRulesContext,
} from './metadata-form.rules';
import { builtInFormTypes, type TFormFieldInput, type TMetadataForm } from './metadata-form.schema';

const none: FormRulesContext = { otherForms: [] };

/** [path, code] of every issue, to compare whole results. */
function check(subject: TMetadataForm, context: FormRulesContext = none): Array<[string, string]> {
  return validateFormDefinition(subject, context).map(({ path, code }) => [path, code]);
}

const withField = (field: Partial<TFormFieldInput>, overrides: Record<string, unknown> = {}) =>
  form({ fields: [fieldInput('field', field)], ...overrides });

describe('form label', () => {
  it.each(['Sports', 'Sports news – 2025', 'Kamp/Match', 'Ski (alpine)'])('accepts %j', (label) => {
    expect(check(form({ label }))).toEqual([]);
  });

  it.each(['Sports.', 'v1.2', 'The "best"', "Editor's", 'Sport `x`', '“Quoted”', '‘Single’', '«Guillemets»'])(
    'refuses %j (FORM_LABEL_INVALID)',
    (label) => {
      expect(check(form({ label }))).toEqual([['label', 'FORM_LABEL_INVALID']]);
    },
  );

  it('must be unique among the other forms, ignoring case and spacing', () => {
    const others = [form({ id: 'other', label: ' sports ' })];
    expect(check(form({ label: 'Sports' }), { otherForms: others })).toEqual([['label', 'FORM_NAME_TAKEN']]);
    expect(check(form({ label: 'Sport' }), { otherForms: others })).toEqual([]);
  });

  it('does not clash with its own stored version', () => {
    expect(check(form({ label: 'Sports' }), { otherForms: [form({ label: 'Sports' })] })).toEqual([]);
  });

  it('raises FORM_NAME_TAKEN as a 409 when it is the only problem', () => {
    const error = catchAppError(() =>
      assertValidForm({ id: 'new', label: 'Sports', active: true }, { otherForms: [form()] }),
    );
    expect([error.code, error.status, error.message]).toEqual([
      'FORM_NAME_TAKEN',
      409,
      'A form with that name already exists.',
    ]);
    expect(error.issues).toEqual([
      { path: 'label', code: 'FORM_NAME_TAKEN', message: 'A form with that name already exists.' },
    ]);
  });
});

describe('required and read only flags', () => {
  it.each<[string, Partial<TFormFieldInput>]>([
    ['a plain text field', {}],
    ['a required text field', { required: true }],
    ['a read-only text field', { readOnly: true }],
    ['a button', { type: 'Button' }],
    ['a checkbox', { type: 'Checkbox' }],
    ['a read-only checkbox', { type: 'Checkbox', readOnly: true }],
    ['a file field', { type: 'File' }],
    ['a required choice', { type: 'Choice', required: true }],
  ])('accepts %s', (_case, field) => {
    expect(check(withField(field))).toEqual([]);
  });

  it.each<[string, Partial<TFormFieldInput>, Array<[string, string]>]>([
    ['a required button', { type: 'Button', required: true }, [['fields.0.required', 'FIELD_BUTTON_FLAGS']]],
    ['a read-only button', { type: 'Button', readOnly: true }, [['fields.0.readOnly', 'FIELD_BUTTON_FLAGS']]],
    [
      'a required read-only button',
      { type: 'Button', required: true, readOnly: true },
      [
        ['fields.0.required', 'FIELD_BUTTON_FLAGS'],
        ['fields.0.readOnly', 'FIELD_BUTTON_FLAGS'],
      ],
    ],
    ['a required checkbox', { type: 'Checkbox', required: true }, [['fields.0.required', 'FIELD_CHECKBOX_REQUIRED']]],
    ['a required file field', { type: 'File', required: true }, [['fields.0.required', 'FIELD_FILE_FLAGS']]],
    ['a read-only file field', { type: 'File', readOnly: true }, [['fields.0.readOnly', 'FIELD_FILE_FLAGS']]],
    [
      'a required read-only text',
      { required: true, readOnly: true },
      [['fields.0.required', 'FIELD_READONLY_REQUIRED']],
    ],
    [
      'a required read-only date',
      { type: 'Date', required: true, readOnly: true },
      [['fields.0.required', 'FIELD_READONLY_REQUIRED']],
    ],
  ])('refuses %s', (_case, field, issues) => {
    expect(check(withField(field))).toEqual(issues);
  });

  it('uses the spec wording', () => {
    const messages = validateFormDefinition(
      form({
        fields: [
          fieldInput('b', { type: 'Button', readOnly: true }),
          fieldInput('c', { type: 'Checkbox', required: true }),
          fieldInput('f', { type: 'File', required: true }),
          fieldInput('r', { readOnly: true, required: true }),
        ],
      }),
      none,
    ).map(({ message }) => message);
    expect(messages).toEqual([
      'Button fields cannot be required or read only.',
      'Checkboxes cannot be required.',
      'File fields cannot be required or read only.',
      'Read-only fields cannot be required.',
    ]);
  });
});

describe('the quality control form', () => {
  const qc = (required: boolean) => form({ builtIn: 'qualityControl', fields: [fieldInput('qcNote', { required })] });

  it('has no required fields (FORM_QC_REQUIRED_FIELD)', () => {
    expect(check(qc(true))).toEqual([['fields.0.required', 'FORM_QC_REQUIRED_FIELD']]);
    expect(check(qc(false))).toEqual([]);
  });

  it('leaves required fields to other forms', () => {
    expect(check(withField({ required: true }))).toEqual([]);
  });
});

describe('the title', () => {
  it('must be required wherever it is (FORM_TITLE_REQUIRED)', () => {
    const title = (required: boolean) => form({ fields: [fieldInput('other'), fieldInput('title', { required })] });
    expect(check(title(false))).toEqual([['fields.1.required', 'FORM_TITLE_REQUIRED']]);
    expect(check(title(true))).toEqual([]);
  });

  it('must be on the common form', () => {
    const common = builtInForm('common');
    const withoutTitle = { ...common, fields: common.fields.filter(({ fieldId }) => fieldId !== 'title') };
    expect(check(withoutTitle)).toEqual([['fields', 'FORM_TITLE_REQUIRED']]);
    expect(check(common)).toEqual([]);
  });
});

describe('built-in forms', () => {
  it.each(['common', 'folderDefault'] as const)('keeps %s active (FORM_BUILT_IN_DEACTIVATE)', (type) => {
    expect(check({ ...builtInForm(type), active: false })).toEqual([['active', 'FORM_BUILT_IN_DEACTIVATE']]);
  });

  it.each(['qualityControl', 'detectedText', 'restrictedMaterial'] as const)('lets %s be deactivated', (type) => {
    expect(check({ ...builtInForm(type), active: false })).toEqual([]);
    expect(check(form({ active: false }))).toEqual([]);
  });

  it('refuses a second form of a built-in type and a change of type', () => {
    const qc = builtInForm('qualityControl');
    expect(check({ ...qc, id: 'copy', label: 'QC 2' }, { otherForms: [qc] })).toEqual([
      ['builtIn', 'VALIDATION_FAILED'],
    ]);
    expect(check({ ...qc, builtIn: null }, { otherForms: [qc], previous: qc })).toEqual([
      ['builtIn', 'VALIDATION_FAILED'],
    ]);
    expect(check(qc, { otherForms: [qc], previous: qc })).toEqual([]);
  });
});

describe('system default fields', () => {
  const previous = form({
    fields: [fieldInput('title', { required: true, systemDefaultField: true }), fieldInput('notes')],
  });

  it('cannot be removed from a stored form (FIELD_SYSTEM_DELETE)', () => {
    const updated = { ...previous, fields: previous.fields.filter(({ fieldId }) => fieldId !== 'title') };
    const issues = validateFormDefinition(updated, { otherForms: [], previous });
    expect(issues).toEqual([
      { path: 'fields', code: 'FIELD_SYSTEM_DELETE', message: 'The system default field title cannot be deleted.' },
    ]);
  });

  it('leave other fields removable', () => {
    const updated = { ...previous, fields: previous.fields.filter(({ fieldId }) => fieldId !== 'notes') };
    expect(check(updated, { otherForms: [], previous })).toEqual([]);
  });
});

describe('technical fields', () => {
  const technical = (fieldId: string, overrides: Partial<TFormFieldInput>) =>
    withField({ fieldId, id: fieldId, systemDefaultField: true, ...overrides });

  it.each<[string, Partial<TFormFieldInput>, string]>([
    ['createdOn', { type: 'Date', permissions: { read: ['editors'], write: null } }, 'fields.0.permissions'],
    ['modifiedOn', { type: 'Date', permissions: { read: null, write: ['editors'] } }, 'fields.0.permissions'],
    ['createdBy', { textRule: { kind: 'maxLength', max: 10 } }, 'fields.0.textRule'],
    ['originalFileName', { required: true }, 'fields.0.required'],
  ])('%s supports no permissions or validation (FIELD_TECHNICAL_RULES)', (fieldId, overrides, path) => {
    expect(check(technical(fieldId, overrides))).toEqual([[path, 'FIELD_TECHNICAL_RULES']]);
  });

  it('allows both on ordinary and non-system fields', () => {
    const rules: Partial<TFormFieldInput> = {
      permissions: { read: ['editors'], write: null },
      textRule: { kind: 'email' },
    };
    expect(check(technical('contact', rules))).toEqual([]);
    expect(check(withField({ fieldId: 'createdBy', ...rules }))).toEqual([]);
    expect(check(technical('createdOn', { type: 'Date', readOnly: true }))).toEqual([]);
  });

  it('createdOn cannot be initialised (FIELD_CREATED_ON_INIT)', () => {
    const initialised: Partial<TFormFieldInput> = {
      type: 'Date',
      initializationRules: [{ type: 'dateOffset', offsetDays: 0 }],
    };
    const issues = validateFormDefinition(technical('createdOn', initialised), none);
    expect(issues).toEqual([
      {
        path: 'fields.0.initializationRules',
        code: 'FIELD_CREATED_ON_INIT',
        message: 'createdOn cannot be initialised.',
      },
    ]);
    expect(check(withField({ fieldId: 'airDate', ...initialised }))).toEqual([]);
  });
});

describe('min and max lines', () => {
  it.each<[number | null, number | null]>([
    [1, 100],
    [3, 12],
    [null, 100],
    [100, null],
    [null, null],
  ])('accepts %j to %j', (minLines, maxLines) => {
    expect(check(withField({ minLines, maxLines }))).toEqual([]);
  });

  it.each<[number | null, number | null, string[]]>([
    [0, 10, ['fields.0.minLines']],
    [1, 101, ['fields.0.maxLines']],
    [-1, 500, ['fields.0.minLines', 'fields.0.maxLines']],
    [5, 5, ['fields.0.minLines']],
    [6, 5, ['fields.0.minLines']],
    [null, 0, ['fields.0.maxLines']],
  ])('refuses %j to %j (FIELD_LINES_RANGE)', (minLines, maxLines, paths) => {
    expect(check(withField({ minLines, maxLines }))).toEqual(paths.map((path) => [path, 'FIELD_LINES_RANGE']));
  });
});

describe('keyboard shortcuts', () => {
  const logging = form({
    id: 'logging',
    label: 'Logging',
    active: false,
    keyboardShortcut: 'ctrl+1',
    fields: [fieldInput('goal', { type: 'Checkbox', keyboardShortcut: 'alt+g' })],
  });
  const context = { otherForms: [logging] };

  it('accepts free, valid shortcuts on the form and its fields', () => {
    const subject = form({ keyboardShortcut: 'Ctrl+2', fields: [fieldInput('a', { keyboardShortcut: 'alt+h' })] });
    expect(check(subject, context)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['keyboardShortcut', { keyboardShortcut: 'ctrl+' }],
    ['keyboardShortcut', { keyboardShortcut: 'ctrl+w' }],
    ['fields.0.keyboardShortcut', { fields: [fieldInput('a', { keyboardShortcut: 'a+b' })] }],
  ])('refuses an invalid one at %s (SHORTCUT_INVALID)', (path, overrides) => {
    expect(check(form(overrides), context)).toEqual([[path, 'SHORTCUT_INVALID']]);
  });

  it.each<[string, string, Record<string, unknown>]>([
    ['a system key', 'keyboardShortcut', { keyboardShortcut: 'Shift+I' }],
    ['search', 'keyboardShortcut', { keyboardShortcut: 'cmd+k' }],
    ['another form (even inactive)', 'keyboardShortcut', { keyboardShortcut: 'Control+1' }],
    [
      'a field of another form',
      'fields.0.keyboardShortcut',
      { fields: [fieldInput('a', { keyboardShortcut: 'Alt+G' })] },
    ],
    [
      'the form itself',
      'fields.0.keyboardShortcut',
      { keyboardShortcut: 'alt+x', fields: [fieldInput('a', { keyboardShortcut: 'alt+x' })] },
    ],
    [
      'an earlier field',
      'fields.1.keyboardShortcut',
      { fields: [fieldInput('a', { keyboardShortcut: 'alt+x' }), fieldInput('b', { keyboardShortcut: 'alt+x' })] },
    ],
  ])('refuses one used by %s (SHORTCUT_CONFLICT)', (_case, path, overrides) => {
    expect(check(form(overrides), context)).toEqual([[path, 'SHORTCUT_CONFLICT']]);
  });

  it('names who has the shortcut', () => {
    const messages = (keyboardShortcut: string) =>
      validateFormDefinition(form({ keyboardShortcut }), context).map(({ message }) => message);
    expect(messages('alt+g')).toEqual(['The keyboard shortcut is already used by the field goal of the form Logging.']);
    expect(messages('space')).toEqual(['The keyboard shortcut is already used by the player or the console.']);
  });

  it('does not compare the form with its own stored version', () => {
    expect(check({ ...logging, active: true }, context)).toEqual([]);
  });
});

describe('assertValidForm and parseMetadataForm', () => {
  it('returns the parsed form when every rule holds', () => {
    expect(assertValidForm({ id: 'x', label: 'X', active: true }, none)).toEqual(form({ id: 'x', label: 'X' }));
  });

  it('gathers different rules under VALIDATION_FAILED with every issue', () => {
    const input = {
      id: 'x',
      label: 'X.',
      active: true,
      fields: [fieldInput('c', { type: 'Checkbox', required: true })],
    };
    const error = catchAppError(() => assertValidForm(input, none));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues.map(({ path, code }) => [path, code])).toEqual([
      ['label', 'FORM_LABEL_INVALID'],
      ['fields.0.required', 'FIELD_CHECKBOX_REQUIRED'],
    ]);
  });

  it('raises shape problems before the rules, each with its path', () => {
    const error = catchAppError(() => parseMetadataForm({ id: 'x', label: 'X', active: 'yes', colour: 'red' }));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues.map(({ path }) => path).sort()).toEqual(['active', 'colour']);
  });

  it('keeps a usage rule code when it is the only problem', () => {
    const input = { id: 'x', label: 'X', active: true, usageRules: [{ identifier: { key: '', label: 'Web' } }] };
    const error = catchAppError(() => assertValidForm(input, none));
    expect([error.code, error.issues[0]?.path]).toEqual([
      'USAGE_RULE_IDENTIFIER_REQUIRED',
      'usageRules.0.identifier.key',
    ]);
  });
});

describe('deleting and deactivating', () => {
  it.each(builtInFormTypes)('%s', (type) => {
    const deletable = type === 'qualityControl';
    const deactivatable = type !== 'common' && type !== 'folderDefault';
    expect([canDeleteForm({ builtIn: type }), canDeactivateForm({ builtIn: type })]).toEqual([
      deletable,
      deactivatable,
    ]);
  });

  it('lets custom forms go', () => {
    expect([canDeleteForm({ builtIn: null }), canDeactivateForm({ builtIn: null })]).toEqual([true, true]);
    expect(() => assertCanDeleteForm({ builtIn: null })).not.toThrow();
    expect(() => assertCanDeactivateForm({ builtIn: 'restrictedMaterial' })).not.toThrow();
  });

  it('raises the codes', () => {
    const deleted = catchAppError(() => assertCanDeleteForm({ builtIn: 'detectedText' }));
    const deactivated = catchAppError(() => assertCanDeactivateForm({ builtIn: 'folderDefault' }));
    expect([deleted.code, deleted.status, deactivated.code, deactivated.status]).toEqual([
      'FORM_BUILT_IN_DELETE',
      409,
      'FORM_BUILT_IN_DEACTIVATE',
      409,
    ]);
  });

  it('keeps system default fields (FIELD_SYSTEM_DELETE)', () => {
    expect([canDeleteField({ systemDefaultField: true }), canDeleteField({ systemDefaultField: false })]).toEqual([
      false,
      true,
    ]);
    expect(catchAppError(() => assertCanDeleteField({ systemDefaultField: true })).code).toBe('FIELD_SYSTEM_DELETE');
    expect(() => assertCanDeleteField({ systemDefaultField: false })).not.toThrow();
  });
});

describe('parseStoredForm', () => {
  const stored = { id: 'sports', label: 'Sports', active: false };

  it('reads a complete form without logging', () => {
    const log = jest.fn();
    expect(parseStoredForm(stored, log)).toEqual(form({ active: false }));
    expect(log).not.toHaveBeenCalled();
  });

  it.each<[string, unknown]>([
    ['label', { id: 'sports', active: true }],
    ['id', { label: 'Sports', active: true }],
    ['active', { id: 'sports', label: 'Sports' }],
    ['a null active', { ...stored, active: null }],
    ['everything', 'not a form'],
    ['everything', null],
  ])('logs the CastException and skips a form missing %s', (_case, raw) => {
    const log = jest.fn();
    expect(parseStoredForm(raw, log)).toBeNull();
    expect(log.mock.calls).toEqual([['CastException - Missing expected properties while creating MetaDataform']]);
    expect(STORED_FORM_CAST_EXCEPTION).toBe('CastException - Missing expected properties while creating MetaDataform');
  });

  it('raises VALIDATION_FAILED for other problems', () => {
    const log = jest.fn();
    expect(catchAppError(() => parseStoredForm({ ...stored, flavor: 'odd' }, log)).code).toBe('VALIDATION_FAILED');
    expect(log).not.toHaveBeenCalled();
  });
});
