import { catchAppError } from '../testing/catch-app-error';
import {
  defaultUsageRuleContext,
  defaultUsageRuleGroup,
  parseUsageRuleGroup,
  USAGE_RULE_DEFAULT_COLOR,
  USAGE_RULE_DEFAULT_SEVERITY,
  USAGE_RULE_DEFAULT_WARNING_LEVEL,
  USAGE_RULE_EXPIRING_DAYS,
  USAGE_RULE_TYPE_KEY,
  usageRuleStatus,
  validateUsageRuleGroup,
  type TUsageRuleGroup,
} from './usage-rules';

const identifier = { key: 'web', label: 'Web rights' };
const forever = { offsetFrom: 'forever' };
const days = (untilNumberOfDays: unknown) => ({ offsetFrom: 'ingest_time', untilNumberOfDays });
const absolute = (absoluteDate: unknown) => ({ offsetFrom: 'absolute', absoluteDate });

function group(context: Record<string, unknown>): Record<string, unknown> {
  return { identifier, contexts: [{ name: 'Online', ...context }] };
}

describe('usage rule constants and defaults (spec section 9)', () => {
  it('has the spec values', () => {
    expect([USAGE_RULE_TYPE_KEY, USAGE_RULE_DEFAULT_COLOR, USAGE_RULE_DEFAULT_SEVERITY]).toEqual([
      'timed-metadata',
      '#5daec1fa',
      'warning',
    ]);
    expect(USAGE_RULE_DEFAULT_WARNING_LEVEL).toBe('upon_expiry');
    expect(USAGE_RULE_EXPIRING_DAYS).toBe(7);
  });

  it('starts a context valid from and to forever, warned upon expiry', () => {
    expect(defaultUsageRuleContext('TV')).toEqual({
      name: 'TV',
      validity: {
        from: { offsetFrom: 'forever', untilNumberOfDays: null, absoluteDate: null },
        to: { offsetFrom: 'forever', untilNumberOfDays: null, absoluteDate: null },
      },
      warningLevel: 'upon_expiry',
    });
  });

  it('fills the same defaults when parsing a sparse group', () => {
    const parsed = parseUsageRuleGroup({ identifier, contexts: [{ name: 'TV' }] });
    expect(parsed).toEqual({ ...defaultUsageRuleGroup(identifier), contexts: [defaultUsageRuleContext('TV')] });
    expect(parsed.color).toBe('#5daec1fa');
  });
});

describe('parseUsageRuleGroup', () => {
  it('normalises each end to the one setting its offset uses', () => {
    const parsed = parseUsageRuleGroup(
      group({
        validity: {
          from: { offsetFrom: 'ingest_time', untilNumberOfDays: '3', absoluteDate: '2025-01-01' },
          to: { offsetFrom: 'absolute', untilNumberOfDays: 9, absoluteDate: ' 2030-12-31 ' },
        },
        warningLevel: 'always',
      }),
    );
    expect(parsed.contexts[0]).toEqual({
      name: 'Online',
      validity: {
        from: { offsetFrom: 'ingest_time', untilNumberOfDays: 3, absoluteDate: null },
        to: { offsetFrom: 'absolute', untilNumberOfDays: null, absoluteDate: '2030-12-31' },
      },
      warningLevel: 'always',
    });
  });

  it.each([
    ['identifier.key', { identifier: { key: ' ', label: 'Web' } }],
    ['identifier.label', { identifier: { key: 'web', label: '' } }],
    ['identifier.label', { identifier: { key: 'web' } }],
  ])('requires the key and label (%s)', (path, input) => {
    const error = catchAppError(() => parseUsageRuleGroup(input));
    expect(error.code).toBe('USAGE_RULE_IDENTIFIER_REQUIRED');
    expect(error.issues).toEqual([
      { path, code: 'USAGE_RULE_IDENTIFIER_REQUIRED', message: 'The usage rule key and label are required.' },
    ]);
  });

  it('reports a missing identifier on both key and label', () => {
    expect(validateUsageRuleGroup({ contexts: [] }).map(({ path, code }) => [path, code])).toEqual([
      ['identifier.key', 'USAGE_RULE_IDENTIFIER_REQUIRED'],
      ['identifier.label', 'USAGE_RULE_IDENTIFIER_REQUIRED'],
    ]);
  });

  it.each([undefined, null, '', '  '])('requires a validity name (%j)', (name) => {
    expect(validateUsageRuleGroup(group({ name }))).toEqual([
      { path: 'contexts.0.name', code: 'USAGE_RULE_NAME_REQUIRED', message: 'The validity name is required.' },
    ]);
  });

  it.each(['always', 'upon_expiry', 'never', undefined, null])('accepts warning level %j', (warningLevel) => {
    expect(validateUsageRuleGroup(group({ warningLevel }))).toEqual([]);
  });

  it.each(['sometimes', 'ALWAYS', 3, 'upon expiry'])('rejects warning level %j', (warningLevel) => {
    expect(validateUsageRuleGroup(group({ warningLevel }))).toEqual([
      {
        path: 'contexts.0.warningLevel',
        code: 'USAGE_RULE_WARNING_LEVEL',
        message: 'The warning level must be always, upon expiry or never.',
      },
    ]);
  });

  it.each([0, 30, '14'])('accepts %j days from ingest time', (count) => {
    expect(validateUsageRuleGroup(group({ validity: { from: forever, to: days(count) } }))).toEqual([]);
  });

  it.each([-1, 1.5, 'ten', '', null, undefined, '-3', 10_000_000])('rejects %j days from ingest time', (count) => {
    const issues = validateUsageRuleGroup(group({ validity: { from: days(count), to: forever } }));
    expect(issues.map(({ path, code }) => [path, code])).toEqual([
      ['contexts.0.validity.from.untilNumberOfDays', 'USAGE_RULE_DAYS_INVALID'],
    ]);
  });

  it.each(['2025-06-30', '2025-06-30T12:00:00Z', '2025-06-30T12:00:00+02:00'])('accepts absolute %j', (date) => {
    expect(validateUsageRuleGroup(group({ validity: { from: forever, to: absolute(date) } }))).toEqual([]);
  });

  it.each(['', null, undefined, '2025-02-30', '30.06.2025', 'tomorrow', '2025-06-30T12:00:00'])(
    'rejects absolute %j',
    (date) => {
      const issues = validateUsageRuleGroup(group({ validity: { from: forever, to: absolute(date) } }));
      expect(issues.map(({ path, code }) => [path, code])).toEqual([
        ['contexts.0.validity.to.absoluteDate', 'USAGE_RULE_DATE_INVALID'],
      ]);
    },
  );

  it('needs nothing for forever and drops what was sent', () => {
    const parsed = parseUsageRuleGroup(
      group({ validity: { from: { offsetFrom: 'forever', untilNumberOfDays: 'x', absoluteDate: 'y' }, to: forever } }),
    );
    expect(parsed.contexts[0]?.validity.from).toEqual({
      offsetFrom: 'forever',
      untilNumberOfDays: null,
      absoluteDate: null,
    });
  });

  it.each<[string, unknown, unknown]>([
    ['days', days(10), days(5)],
    ['equal days', days(5), days(5)],
    ['dates', absolute('2025-07-01'), absolute('2025-06-30')],
    ['date-times', absolute('2025-07-01T10:00:00Z'), absolute('2025-07-01T09:00:00Z')],
  ])('refuses a validity ending before it starts (%s)', (_case, from, to) => {
    const issues = validateUsageRuleGroup(group({ validity: { from, to } }));
    expect(issues.map(({ path, code }) => [path, code])).toEqual([
      ['contexts.0.validity.to', 'USAGE_RULE_VALIDITY_ORDER'],
    ]);
  });

  it.each<[string, unknown, unknown]>([
    ['days', days(5), days(10)],
    ['one day', absolute('2025-06-30'), absolute('2025-06-30')],
    ['mixed origins', days(400), absolute('2020-01-01')],
  ])('accepts an ordered or incomparable validity (%s)', (_case, from, to) => {
    expect(validateUsageRuleGroup(group({ validity: { from, to } }))).toEqual([]);
  });

  it('gives shape problems VALIDATION_FAILED and throws with every issue', () => {
    const error = catchAppError(() =>
      parseUsageRuleGroup({ identifier, color: 'blue', extra: 1, contexts: [{ name: '', warningLevel: 'x' }] }),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues.map(({ path, code }) => [path, code]).sort()).toEqual([
      ['color', 'VALIDATION_FAILED'],
      ['contexts.0.name', 'USAGE_RULE_NAME_REQUIRED'],
      ['contexts.0.warningLevel', 'USAGE_RULE_WARNING_LEVEL'],
      ['extra', 'VALIDATION_FAILED'],
    ]);
  });

  it('prefixes paths when the group sits inside a form', () => {
    expect(validateUsageRuleGroup(group({ name: '' }), 'usageRules.2')[0]?.path).toBe('usageRules.2.contexts.0.name');
  });
});

describe('usageRuleStatus', () => {
  const ingestTime = new Date('2025-01-01T00:00:00Z');
  const at = (iso: string) => ({ ingestTime, now: new Date(iso) });

  function single(validity: unknown, warningLevel?: string): TUsageRuleGroup {
    return parseUsageRuleGroup(group({ validity, warningLevel }));
  }

  it.each<[string, unknown, string, string]>([
    ['forever', { from: forever, to: forever }, '2030-01-01T00:00:00Z', 'active'],
    ['before days from ingest', { from: days(10), to: forever }, '2025-01-10T23:59:59Z', 'not_yet_valid'],
    ['once days from ingest', { from: days(10), to: forever }, '2025-01-11T00:00:00Z', 'active'],
    ['more than 7 days left', { from: forever, to: days(30) }, '2025-01-23T23:59:59Z', 'active'],
    ['7 days left', { from: forever, to: days(30) }, '2025-01-24T00:00:00Z', 'expiring'],
    ['at the end', { from: forever, to: days(30) }, '2025-01-31T00:00:00Z', 'expired'],
    [
      'last moment of an absolute day',
      { from: forever, to: absolute('2025-06-30') },
      '2025-06-30T23:59:59Z',
      'expiring',
    ],
    ['day after an absolute day', { from: forever, to: absolute('2025-06-30') }, '2025-07-01T00:00:00Z', 'expired'],
    [
      'before an absolute start',
      { from: absolute('2025-06-01'), to: forever },
      '2025-05-31T23:59:59Z',
      'not_yet_valid',
    ],
  ])('%s → %s', (_case, validity, now, state) => {
    expect(usageRuleStatus(single(validity), at(now))[0]?.state).toBe(state);
  });

  it('reports the bounds, open ends as null', () => {
    const [status] = usageRuleStatus(single({ from: days(1), to: forever }), at('2025-03-01T00:00:00Z'));
    expect(status).toMatchObject({ name: 'Online', validFrom: new Date('2025-01-02T00:00:00Z'), validUntil: null });
  });

  it.each<[string, string, boolean]>([
    ['always', '2025-01-05T00:00:00Z', true],
    ['always', '2025-03-01T00:00:00Z', true],
    ['upon_expiry', '2025-01-05T00:00:00Z', false],
    ['upon_expiry', '2025-01-25T00:00:00Z', true],
    ['upon_expiry', '2025-03-01T00:00:00Z', true],
    ['never', '2025-01-25T00:00:00Z', false],
    ['never', '2025-03-01T00:00:00Z', false],
  ])('warning level %s at %s warns: %s', (level, now, warn) => {
    const [status] = usageRuleStatus(single({ from: forever, to: days(30) }, level), at(now));
    expect([status?.warningLevel, status?.warn]).toEqual([level, warn]);
  });

  it('answers for every context in order', () => {
    const parsed = parseUsageRuleGroup({
      identifier,
      contexts: [
        { name: 'TV', validity: { from: forever, to: days(5) } },
        { name: 'Web', validity: { from: days(100), to: forever } },
      ],
    });
    expect(usageRuleStatus(parsed, at('2025-02-01T00:00:00Z')).map(({ name, state }) => [name, state])).toEqual([
      ['TV', 'expired'],
      ['Web', 'not_yet_valid'],
    ]);
  });
});
