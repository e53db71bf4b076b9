import {
  isDateValue,
  isTechnicalField,
  METADATA_FORM_MAX_LINES,
  METADATA_FORM_MIN_LINES,
  ZMetadataForm,
  ZTreeAlternative,
  type FieldType,
  type TJsonValue,
} from './metadata-form.schema';
import { fieldInput, form } from './forms.fixtures';

function issuesOf(input: unknown): Array<[string, string]> {
  const parsed = ZMetadataForm.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

const base = { id: 'sports', label: 'Sports', active: true };

describe('ZMetadataForm', () => {
  it('needs only label, id and active and fills the rest', () => {
    expect(form()).toEqual({
      ...base,
      builtIn: null,
      flavor: 'default',
      icon: null,
      color: null,
      rule: null,
      fields: [],
      views: {},
      viewSections: [],
      permissions: { read: null, write: null },
      visibleTo: null,
      isSubtype: false,
      keyboardShortcut: null,
      duration: null,
      compatibleWithPremiereMarker: false,
      usageRules: [],
    });
  });

  it.each(['label', 'id', 'active'])('requires %s', (key) => {
    const input: Record<string, unknown> = { ...base };
    delete input[key];
    expect(issuesOf(input).map(([path]) => path)).toEqual([key]);
  });

  it('fills field defaults and keeps no per-user access flags', () => {
    const parsed = form({ fields: [{ ...fieldInput('title'), userCanRead: true, userCanWrite: false }] });
    expect(parsed.fields[0]).toEqual({
      id: 'f-title',
      fieldId: 'title',
      label: 'title',
      type: 'Text',
      required: false,
      readOnly: false,
      systemDefaultField: false,
      permissions: { read: null, write: null },
      defaultValue: null,
      optionListId: null,
      alternatives: [],
      treeAlternatives: [],
      freeEntry: false,
      textRule: null,
      initializationRules: [],
      sortable: false,
      visible: true,
      defaultCollapsed: false,
      minLines: null,
      maxLines: null,
      keyboardShortcut: null,
    });
  });

  it('stores shortcuts canonical and keeps an unparsable one for the rules to report', () => {
    const parsed = form({
      keyboardShortcut: 'Shift+Alt+G',
      fields: [fieldInput('a', { keyboardShortcut: 'ctrl+' }), fieldInput('b', { keyboardShortcut: '' })],
    });
    expect([parsed.keyboardShortcut, parsed.fields[0]?.keyboardShortcut, parsed.fields[1]?.keyboardShortcut]).toEqual([
      'alt+shift+g',
      'ctrl+',
      null,
    ]);
  });

  it('de-duplicates group restrictions and refuses empty ones', () => {
    expect(form({ visibleTo: ['a', 'a', 'b'] }).visibleTo).toEqual(['a', 'b']);
    expect(issuesOf({ ...base, permissions: { read: [], write: null } })).toEqual([
      ['permissions.read', 'Select at least one group.'],
    ]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['fields.0.alternatives', fieldInput('a', { alternatives: [{ value: 'x', label: 'X' }] })],
    ['fields.0.freeEntry', fieldInput('a', { type: 'TreeChoice', freeEntry: true })],
    ['fields.0.treeAlternatives', fieldInput('a', { type: 'Choice', treeAlternatives: [{ value: 'x', label: 'X' }] })],
    ['fields.0.optionListId', fieldInput('a', { type: 'Checkbox', optionListId: 'list' })],
    ['fields.0.textRule', fieldInput('a', { type: 'Choice', textRule: { kind: 'email' } })],
    ['fields.0.minLines', fieldInput('a', { type: 'Date', minLines: 2 })],
    ['fields.0.maxLines', fieldInput('a', { type: 'JSON', maxLines: 2 })],
    [
      'fields.0.initializationRules',
      fieldInput('a', { type: 'Text', initializationRules: [{ type: 'dateOffset', offsetDays: 1 }] }),
    ],
  ])('refuses %s on a field type that does not use it', (path, field) => {
    expect(issuesOf({ ...base, fields: [field] }).map(([issuePath]) => issuePath)).toEqual([path]);
  });

  it.each<[FieldType, TJsonValue]>([
    ['Text', 'x'],
    ['Choice', 'x'],
    ['MultipleChoice', ['x', 'y']],
    ['TreeChoice', 'sport/football'],
    ['Checkbox', true],
    ['Date', '2025-01-31'],
    ['SubType', 'interview'],
    ['File', 'files/a.pdf'],
    ['JSON', { any: ['thing'] }],
  ])('accepts a %s default of %j', (type, defaultValue) => {
    expect(issuesOf({ ...base, fields: [fieldInput('a', { type, defaultValue })] })).toEqual([]);
  });

  it.each<[FieldType, TJsonValue]>([
    ['Text', 3],
    ['MultipleChoice', 'x'],
    ['Checkbox', 'true'],
    ['Date', '31.01.2025'],
    ['Button', 'click'],
  ])('refuses a %s default of %j', (type, defaultValue) => {
    expect(issuesOf({ ...base, fields: [fieldInput('a', { type, defaultValue })] })).toEqual([
      ['fields.0.defaultValue', `Not a value for a ${type} field`],
    ]);
  });

  it('refuses duplicate field ids and fieldIds', () => {
    const fields = [fieldInput('a'), fieldInput('a', { id: 'other' }), fieldInput('b', { id: 'f-a' })];
    expect(issuesOf({ ...base, fields }).map(([path]) => path)).toEqual([
      'fields.0.id',
      'fields.0.fieldId',
      'fields.1.fieldId',
      'fields.2.id',
    ]);
  });

  it('checks view settings and sections against the fields', () => {
    const input = {
      ...base,
      fields: [fieldInput('a', { type: 'Checkbox' })],
      views: {
        upload: [
          { fieldId: 'a', visible: false, defaultValue: true },
          { fieldId: 'a', defaultValue: 'yes' },
          { fieldId: 'zz' },
        ],
      },
      viewSections: [
        { sectionId: 's', label: 'Top', placeAboveFieldId: 'a' },
        { sectionId: 's', label: 'Ghost', placeAboveFieldId: 'zz' },
      ],
    };
    expect(issuesOf(input)).toEqual([
      ['views.upload.0.fieldId', 'The view sets this field twice'],
      ['views.upload.1.defaultValue', 'Not a value for a Checkbox field'],
      ['views.upload.1.fieldId', 'The view sets this field twice'],
      ['views.upload.2.fieldId', 'Not a field of this form'],
      ['viewSections.0.sectionId', 'Section ids must be unique'],
      ['viewSections.1.sectionId', 'Section ids must be unique'],
      ['viewSections.1.placeAboveFieldId', 'Not a field of this form'],
    ]);
  });

  it('refuses unknown views', () => {
    expect(issuesOf({ ...base, views: { timeline: [] } }).map(([path]) => path)).toEqual(['views']);
  });

  it('keeps duration and Premiere markers to timed forms', () => {
    expect(issuesOf({ ...base, flavor: 'timed', duration: 5, compatibleWithPremiereMarker: true })).toEqual([]);
    expect(issuesOf({ ...base, duration: 5, compatibleWithPremiereMarker: true }).map(([path]) => path)).toEqual([
      'duration',
      'compatibleWithPremiereMarker',
    ]);
  });

  it('validates text rules, including that a regex compiles', () => {
    const rule = (textRule: unknown) =>
      issuesOf({ ...base, fields: [fieldInput('a', { textRule: textRule as never })] });
    expect(rule({ kind: 'regex', pattern: 'PRD-\\d+', message: 'Enter PRD-1234' })).toEqual([]);
    expect(rule({ kind: 'maxLength', max: 10 })).toEqual([]);
    expect(rule({ kind: 'regex', pattern: '(' })).toEqual([
      ['fields.0.textRule.pattern', 'Not a valid regular expression'],
    ]);
    expect(rule({ kind: 'maxLength', max: 0 }).map(([path]) => path)).toEqual(['fields.0.textRule.max']);
    expect(rule({ kind: 'soundex' }).map(([path]) => path)).toEqual(['fields.0.textRule.kind']);
  });

  it('carries usage rule groups with their own codes', () => {
    const parsed = ZMetadataForm.safeParse({ ...base, usageRules: [{ identifier: { key: 'web', label: '' } }] });
    expect(
      parsed.success
        ? []
        : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.code === 'custom' && issue.params?.code]),
    ).toEqual([['usageRules.0.identifier.label', 'USAGE_RULE_IDENTIFIER_REQUIRED']]);
  });
});

describe('ZTreeAlternative', () => {
  it('nests children and defaults them to none', () => {
    expect(
      ZTreeAlternative.parse({ value: 'sport', label: 'Sport', children: [{ value: 'football', label: 'Football' }] }),
    ).toEqual({ value: 'sport', label: 'Sport', children: [{ value: 'football', label: 'Football', children: [] }] });
  });

  it('refuses a "/" in a value and repeated sibling values', () => {
    expect(ZTreeAlternative.safeParse({ value: 'a/b', label: 'A' }).success).toBe(false);
    const twins = {
      value: 'a',
      label: 'A',
      children: [
        { value: 'x', label: 'X' },
        { value: 'x', label: 'Y' },
      ],
    };
    expect(ZTreeAlternative.safeParse(twins).success).toBe(false);
  });
});

describe('helpers', () => {
  it('has the spec line limits', () => {
    expect([METADATA_FORM_MIN_LINES, METADATA_FORM_MAX_LINES]).toEqual([1, 100]);
  });

  it.each<[string, boolean]>([
    ['2025-01-31', true],
    ['2025-01-31T10:00:00Z', true],
    ['2025-01-31T10:00:00.123+01:00', true],
    ['2025-02-31', false],
    ['2025-01-31T10:00:00', false],
    ['', false],
  ])('isDateValue(%j) is %s', (value, expected) => {
    expect(isDateValue(value)).toBe(expected);
  });

  it('calls only system default fields the system fills technical', () => {
    expect(isTechnicalField({ fieldId: 'createdOn', systemDefaultField: true })).toBe(true);
    expect(isTechnicalField({ fieldId: 'fileSize', systemDefaultField: true })).toBe(true);
    expect(isTechnicalField({ fieldId: 'createdOn', systemDefaultField: false })).toBe(false);
    expect(isTechnicalField({ fieldId: 'title', systemDefaultField: true })).toBe(false);
  });
});
