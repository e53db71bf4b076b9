import { actor } from '../access/access.fixtures';
import { initialFormValues } from './field-initialization';
import { checkFormValues, type CheckFormValuesInput } from './form-values.check';
import { fieldInput, form } from './forms.fixtures';
import type { TFormFieldInput } from './metadata-form.schema';

const editor = actor('editor', ['org', 'editors']);
const now = new Date('2025-05-01T12:00:00Z');

const sports = form({
  fields: [
    fieldInput('title', { required: true }),
    fieldInput('notes'),
    fieldInput('category', {
      type: 'Choice',
      alternatives: [
        { value: 'news', label: 'News' },
        { value: 'sport', label: 'Sport' },
      ],
    }),
    fieldInput('tags', {
      type: 'MultipleChoice',
      alternatives: [
        { value: 'live', label: 'Live' },
        { value: 'replay', label: 'Replay' },
      ],
    }),
    fieldInput('topic', {
      type: 'TreeChoice',
      treeAlternatives: [
        {
          value: 'sport',
          label: 'Sport',
          children: [{ value: 'football', label: 'Football', children: [{ value: 'goals', label: 'Goals' }] }],
        },
        { value: 'culture', label: 'Culture' },
      ],
    }),
    fieldInput('approved', { type: 'Checkbox' }),
    fieldInput('airDate', { type: 'Date' }),
    fieldInput('extra', { type: 'JSON' }),
    fieldInput('publish', { type: 'Button' }),
  ],
});

function run(values: Record<string, unknown>, overrides: Partial<CheckFormValuesInput> = {}) {
  return checkFormValues({ form: sports, view: 'item', values, actor: editor, now, ...overrides });
}

/** A one-field form around `field`, plus a required title so nothing else is in play. */
function single(field: Partial<TFormFieldInput>, extra: Record<string, unknown> = {}) {
  return form({ fields: [fieldInput('value', field)], ...extra });
}

const codes = (result: { issues: Array<{ path: string; code: string }> }) =>
  result.issues.map(({ path, code }) => [path, code]);

describe('checkFormValues: a complete, valid entry', () => {
  it('returns every value typed per field type, with defaults for the empty ones', () => {
    const result = run({
      title: 'Cup final',
      category: 'sport',
      tags: ['live', ' replay ', 'live'],
      topic: 'sport/football/goals',
      approved: true,
      airDate: '2025-05-17',
      extra: { rights: ['NO', 'SE'] },
    });
    expect(result).toEqual({
      issues: [],
      values: {
        title: 'Cup final',
        notes: '',
        category: 'sport',
        tags: ['live', 'replay'],
        topic: 'sport/football/goals',
        approved: true,
        airDate: '2025-05-17',
        extra: { rights: ['NO', 'SE'] },
      },
    });
  });
});

describe('1. fields the user cannot edit are skipped', () => {
  it.each<[string, Partial<TFormFieldInput>]>([
    ['read only', { readOnly: true }],
    ['not writable for the user', { permissions: { read: null, write: ['producers'] } }],
    ['not readable for the user', { permissions: { read: ['producers'], write: null } }],
    ['technical', { fieldId: 'originalFileName', systemDefaultField: true }],
  ])('%s: the sent value is ignored and the stored one kept', (_case, field) => {
    const subject = single({ required: true, ...field });
    const fieldId = subject.fields[0]!.fieldId;
    const kept = checkFormValues({
      form: subject,
      view: 'item',
      values: { [fieldId]: 'typed' },
      actor: editor,
      now,
      existing: { [fieldId]: 'stored' },
    });
    expect(kept).toEqual({ values: { [fieldId]: 'stored' }, issues: [] });
    const empty = checkFormValues({ form: subject, view: 'item', values: { [fieldId]: '' }, actor: editor, now });
    expect(empty).toEqual({ values: {}, issues: [] });
  });

  it('lets an administrator edit restricted fields', () => {
    const subject = single({ permissions: { read: null, write: ['producers'] } });
    const admin = actor('admin', ['org'], ['tenantAdmin']);
    expect(
      checkFormValues({ form: subject, view: 'item', values: { value: 'typed' }, actor: admin, now }).values,
    ).toEqual({
      value: 'typed',
    });
  });

  it('gives buttons no value', () => {
    expect(run({ title: 'x', publish: 'clicked' }).values).not.toHaveProperty('publish');
  });

  it('keeps a read-only field initialised for a new item', () => {
    const subject = single({
      type: 'Date',
      readOnly: true,
      initializationRules: [{ type: 'dateOffset', offsetDays: 30 }],
    });
    const existing = initialFormValues(subject, { now });
    expect(checkFormValues({ form: subject, view: 'upload', values: {}, actor: editor, now, existing }).values).toEqual(
      {
        value: '2025-05-31',
      },
    );
  });
});

describe('2. choices must be among the alternatives', () => {
  it.each<[string, unknown]>([
    ['category', 'weather'],
    ['category', 'Sport'],
    ['tags', ['live', 'highlights']],
    ['topic', 'football'],
    ['topic', 'sport/tennis'],
    ['topic', 'sport/football/goals/extra'],
  ])('%s %j is INVALID_CHOICE_VALUE', (fieldId, value) => {
    expect(run({ title: 'x', [fieldId]: value }).issues).toEqual([
      { path: fieldId, code: 'INVALID_CHOICE_VALUE', message: 'Invalid value found - please select a new one.' },
    ]);
  });

  it.each<[string, unknown]>([
    ['category', ' news '],
    ['tags', ['replay']],
    ['topic', 'sport'],
    ['topic', 'culture'],
  ])('%s %j is accepted', (fieldId, value) => {
    expect(run({ title: 'x', [fieldId]: value }).issues).toEqual([]);
  });

  it('finds a stored value that is no longer an alternative', () => {
    expect(codes(run({ title: 'x' }, { existing: { category: 'retired' } }))).toEqual([
      ['category', 'INVALID_CHOICE_VALUE'],
    ]);
  });

  it('accepts anything in a free entry field', () => {
    const keywords = single({ type: 'MultipleChoice', freeEntry: true });
    const result = checkFormValues({
      form: keywords,
      view: 'item',
      values: { value: ['anything', 'goes'] },
      actor: editor,
      now,
    });
    expect(result).toEqual({ values: { value: ['anything', 'goes'] }, issues: [] });
  });

  it('uses the tenant option list when the field names one', () => {
    const subject = single({ type: 'TreeChoice', optionListId: 'regions' });
    const optionLists = {
      regions: [{ value: 'norway', label: 'Norway', children: [{ value: 'oslo', label: 'Oslo', children: [] }] }],
    };
    const check = (value: string) =>
      codes(checkFormValues({ form: subject, view: 'item', values: { value }, actor: editor, now, optionLists }));
    expect(check('norway/oslo')).toEqual([]);
    expect(check('norway/bergen')).toEqual([['value', 'INVALID_CHOICE_VALUE']]);
  });

  it('uses the top level of an option list for a choice', () => {
    const subject = single({ type: 'Choice', optionListId: 'regions' });
    const optionLists = {
      regions: [{ value: 'norway', label: 'Norway', children: [{ value: 'oslo', label: 'Oslo', children: [] }] }],
    };
    const check = (value: string) =>
      codes(checkFormValues({ form: subject, view: 'item', values: { value }, actor: editor, now, optionLists }));
    expect(check('norway')).toEqual([]);
    expect(check('oslo')).toEqual([['value', 'INVALID_CHOICE_VALUE']]);
  });

  it('treats a missing option list as a bug of the caller', () => {
    const subject = single({ type: 'Choice', optionListId: 'regions' });
    expect(() => checkFormValues({ form: subject, view: 'item', values: { value: 'x' }, actor: editor, now })).toThrow(
      'Option list regions of field value was not given',
    );
  });
});

describe('3. text rules', () => {
  const check = (textRule: unknown, value: string) =>
    checkFormValues({
      form: single({ textRule: textRule as never }),
      view: 'item',
      values: { value },
      actor: editor,
      now,
    });

  it.each<[unknown, string]>([
    [{ kind: 'regex', pattern: 'PRD-\\d{4}' }, 'PRD-1234'],
    [{ kind: 'maxLength', max: 3 }, 'abc'],
    [{ kind: 'maxLength', max: 3 }, 'æøå'],
    [{ kind: 'maxLength', max: 1 }, '😀'],
    [{ kind: 'email' }, 'Anna@Example.com'],
    [{ kind: 'url' }, 'https://example.com/a?b=c'],
  ])('%j accepts %j', (rule, value) => {
    expect(check(rule, value)).toEqual({ values: { value }, issues: [] });
  });

  it.each<[unknown, string, string, string]>([
    [
      { kind: 'regex', pattern: 'PRD-\\d{4}' },
      'PRD-12345',
      'VALUE_FORMAT_MISMATCH',
      'The value does not have the expected format.',
    ],
    [
      { kind: 'regex', pattern: 'PRD-\\d{4}', message: 'Enter PRD-1234' },
      'x PRD-1234',
      'VALUE_FORMAT_MISMATCH',
      'Enter PRD-1234',
    ],
    [{ kind: 'maxLength', max: 3 }, 'abcd', 'VALUE_TOO_LONG', 'The text is too long.'],
    [{ kind: 'email' }, 'anna@', 'INVALID_EMAIL', 'Invalid email address'],
    [{ kind: 'url' }, 'example.com', 'VALUE_URL_INVALID', 'Invalid URL'],
    [{ kind: 'url' }, 'javascript:alert(1)', 'VALUE_URL_INVALID', 'Invalid URL'],
  ])('%j refuses %j', (rule, value, code, message) => {
    expect(check(rule, value)).toEqual({ values: {}, issues: [{ path: 'value', code, message }] });
  });

  it('leaves empty text to the required check', () => {
    expect(check({ kind: 'email' }, '').issues).toEqual([]);
  });
});

describe('text length: the limits of an item title and description', () => {
  const long = (length: number) => 'x'.repeat(length);

  it('takes a title of 500 and other text of 20,000 characters', () => {
    const result = run({ title: long(500), notes: long(20_000), tags: ['live'] });
    expect(result.issues).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['title', long(501)],
    ['notes', long(20_001)],
    ['notes', long(1024 * 1024)],
    ['extra', { text: long(20_000) }],
  ])('refuses a longer %s with VALUE_TOO_LONG', (fieldId, value) => {
    const result = run({ title: 'Cup final', [fieldId]: value });
    expect(codes(result)).toEqual([[fieldId, 'VALUE_TOO_LONG']]);
    expect(result.values[fieldId]).toBeUndefined();
  });

  it('refuses an overlong free entry in a multiple choice', () => {
    const free = single({ type: 'MultipleChoice', freeEntry: true });
    const result = checkFormValues({ form: free, view: 'item', values: { value: [long(20_001)] }, actor: editor, now });
    expect(codes(result)).toEqual([['value', 'VALUE_TOO_LONG']]);
  });

  it('leaves a long stored value alone while other fields change', () => {
    const result = run({ title: 'Cup final' }, { existing: { notes: long(30_000) } });
    expect(result).toMatchObject({ issues: [], values: { notes: long(30_000) } });
  });
});

describe('4. required fields', () => {
  it.each<[string, unknown]>([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['blank', '   '],
  ])('gives Value required for a %s title', (_case, title) => {
    expect(run(title === undefined ? {} : { title }).issues).toEqual([
      { path: 'title', code: 'VALUE_REQUIRED', message: 'Value required' },
    ]);
  });

  it('counts an empty multiple choice as empty', () => {
    const subject = single({ type: 'MultipleChoice', freeEntry: true, required: true });
    expect(codes(checkFormValues({ form: subject, view: 'item', values: { value: [] }, actor: editor, now }))).toEqual([
      ['value', 'VALUE_REQUIRED'],
    ]);
  });

  it('keeps the stored value when the key is not sent', () => {
    expect(run({}, { existing: { title: 'Stored' } })).toMatchObject({ issues: [], values: { title: 'Stored' } });
  });

  it('is not demanded where the view hides the field, which then takes its default', () => {
    const subject = single(
      { required: true, defaultValue: 'Untitled' },
      { views: { upload: [{ fieldId: 'value', visible: false }] } },
    );
    const inView = (view: 'upload' | 'item') =>
      checkFormValues({ form: subject, view, values: {}, actor: editor, now });
    expect(inView('upload')).toEqual({ values: { value: 'Untitled' }, issues: [] });
    expect(codes(inView('item'))).toEqual([['value', 'VALUE_REQUIRED']]);
  });

  it('comes after the choice and text rule checks', () => {
    const subject = form({
      fields: [
        fieldInput('a', { type: 'Choice', required: true, alternatives: [{ value: 'x', label: 'X' }] }),
        fieldInput('b', { required: true, textRule: { kind: 'maxLength', max: 1 } }),
      ],
    });
    const result = checkFormValues({ form: subject, view: 'item', values: { a: 'y', b: 'long' }, actor: editor, now });
    expect(codes(result)).toEqual([
      ['a', 'INVALID_CHOICE_VALUE'],
      ['b', 'VALUE_TOO_LONG'],
    ]);
  });
});

describe('5. defaults of empty values', () => {
  const subject = form({
    fields: [
      fieldInput('both', { defaultValue: 'form' }),
      fieldInput('formOnly', { defaultValue: 'form' }),
      fieldInput('none'),
      fieldInput('flag', { type: 'Checkbox' }),
      fieldInput('flagOn', { type: 'Checkbox', defaultValue: true }),
      fieldInput('list', { type: 'MultipleChoice', freeEntry: true }),
      fieldInput('due', { type: 'Date', initializationRules: [{ type: 'dateOffset', offsetDays: 2 }] }),
      fieldInput('json', { type: 'JSON' }),
    ],
    views: {
      upload: [
        { fieldId: 'both', defaultValue: 'view' },
        { fieldId: 'flag', defaultValue: true },
      ],
    },
  });

  it('take the view default, else the form default, else empty; checkboxes false', () => {
    const result = checkFormValues({
      form: subject,
      view: 'upload',
      values: {},
      actor: editor,
      now,
      timeZone: 'Europe/Oslo',
    });
    expect(result).toEqual({
      issues: [],
      values: {
        both: 'view',
        formOnly: 'form',
        none: '',
        flag: true,
        flagOn: true,
        list: [],
        due: '2025-05-03',
        json: '',
      },
    });
  });

  it('apply only to empty values', () => {
    const result = checkFormValues({
      form: subject,
      view: 'upload',
      values: { both: 'typed', flag: false, flagOn: false, due: '2025-12-24' },
      actor: editor,
      now,
    });
    expect(result.values).toMatchObject({ both: 'typed', flag: false, flagOn: false, due: '2025-12-24' });
  });

  it('use the form default in a view without settings', () => {
    expect(checkFormValues({ form: subject, view: 'item', values: {}, actor: editor, now }).values).toMatchObject({
      both: 'form',
      flag: false,
    });
  });
});

describe('values of the wrong shape', () => {
  it.each<[string, unknown, string]>([
    ['title', 42, 'VALUE_TYPE_INVALID'],
    ['category', ['sport'], 'VALUE_TYPE_INVALID'],
    ['tags', 'live', 'VALUE_TYPE_INVALID'],
    ['tags', [1], 'VALUE_TYPE_INVALID'],
    ['approved', 'true', 'VALUE_TYPE_INVALID'],
    ['airDate', 20250517, 'VALUE_TYPE_INVALID'],
    ['airDate', '17.05.2025', 'VALUE_DATE_INVALID'],
    ['airDate', '2025-02-30', 'VALUE_DATE_INVALID'],
    // No year 0 in PostgreSQL: such a date would fail every statement that reads it as one.
    ['airDate', '0000-01-01', 'VALUE_DATE_INVALID'],
    ['airDate', '0000-01-01T00:00:00Z', 'VALUE_DATE_INVALID'],
    ['extra', () => 1, 'VALUE_TYPE_INVALID'],
  ])('%s %p is %s', (fieldId, value, code) => {
    expect(codes(run({ title: 'x', [fieldId]: value }))).toEqual([[fieldId, code]]);
  });

  it('reports keys that are no field of the form', () => {
    expect(run({ title: 'x', colour: 'red' }).issues).toEqual([
      { path: 'colour', code: 'VALIDATION_FAILED', message: 'Unknown field "colour"' },
    ]);
  });
});
