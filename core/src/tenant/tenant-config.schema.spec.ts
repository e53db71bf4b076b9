import { catchAppError } from '../testing/catch-app-error';
import { parseTenantConfig } from './tenant-config.parse';
import {
  defaultTenantConfig,
  effectiveShareLimits,
  isTimeZone,
  SHARE_DEFAULT_MAX_VALID_DAYS,
  SHARE_DEFAULT_MAX_VIEWS,
  ZTenantConfig,
} from './tenant-config.schema';

const valid = defaultTenantConfig('Acme Broadcasting');

/** Sets a dotted path on a deep copy of the default configuration. */
function withField(path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(valid) as unknown as Record<string, unknown>;
  const keys = path.split('.');
  const last = keys.pop() as string;
  let target = copy;
  for (const key of keys) target = target[key] as Record<string, unknown>;
  target[last] = value;
  return copy;
}

function withoutField(path: string): Record<string, unknown> {
  const copy = withField(path, undefined);
  const keys = path.split('.');
  const last = keys.pop() as string;
  let target = copy;
  for (const key of keys) target = target[key] as Record<string, unknown>;
  delete target[last];
  return copy;
}

function read(config: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], config);
}

describe('defaultTenantConfig', () => {
  it('is itself valid and keeps the organisation name', () => {
    expect(parseTenantConfig(valid)).toEqual(valid);
    expect(valid.organizationName).toBe('Acme Broadcasting');
  });
});

describe('parseTenantConfig accepts and normalises', () => {
  it.each<[string, unknown, unknown]>([
    ['organizationName', '  Acme  ', 'Acme'],
    ['timezone', 'Europe/Oslo', 'Europe/Oslo'],
    ['timezone', 'UTC', 'UTC'],
    ['timezone', 'Etc/UTC', 'Etc/UTC'],
    ['timezone', 'America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['primaryTranslationLanguage', 'nb', 'nb'],
    ['primaryTranslationLanguage', 'en-gb', 'en-GB'],
    ['primaryTranslationLanguage', null, null],
    ['secondaryTranslationLanguage', 'zh-hant-tw', 'zh-Hant-TW'],
    ['defaultSearchFilter', 'all', 'all'],
    ['crashRecordingDurationMinutes', 1, 1],
    ['crashRecordingDurationMinutes', 1440, 1440],
    ['maxExportFileNameLength', 16, 16],
    ['blockedUploadExtensions', ['.EXE', 'bat', 'exe', ' .Tar.GZ '], ['exe', 'bat', 'tar.gz']],
    ['blockedUploadExtensions', [], []],
    ['shareMaxValidDays', 7, 7],
    ['shareMaxViews', null, null],
    ['faceMatchConfidence', 0, 0],
    ['faceMatchConfidence', 1, 1],
    ['unknownPersonRegistration.maxImages', 1, 1],
    ['unknownPersonRegistration.minFaceWidthPercent', 12.5, 12.5],
    ['speechToText.provider', 'speechmatics', 'speechmatics'],
    ['speechToText.apiKey', '  ', null],
    ['speechToText.workspaceId', 'ws-1', 'ws-1'],
    ['toggles.enforceMfa', true, true],
    ['storageQuotaBytes', null, null],
    ['storageQuotaBytes', 5 * 1024 ** 4, 5 * 1024 ** 4],
  ])('%s = %j → %j', (path, input, expected) => {
    expect(read(parseTenantConfig(withField(path, input)), path)).toEqual(expected);
  });
});

describe('parseTenantConfig rejects', () => {
  it.each<[string, unknown]>([
    ['organizationName', ''],
    ['organizationName', '   '],
    ['timezone', 'Mars/Olympus'],
    ['timezone', '+01:00'],
    ['timezone', ''],
    ['primaryTranslationLanguage', 'english'],
    ['primaryTranslationLanguage', 'e'],
    ['secondaryTranslationLanguage', 'en_GB'],
    ['defaultSearchFilter', 'items'],
    ['crashRecordingDurationMinutes', 0],
    ['crashRecordingDurationMinutes', 1441],
    ['crashRecordingDurationMinutes', 1.5],
    ['crashRecordingNamePattern', ''],
    ['maxExportFileNameLength', 15],
    ['maxExportFileNameLength', 256],
    ['blockedUploadExtensions', ['ex e']],
    ['blockedUploadExtensions', ['.']],
    ['blockedUploadExtensions', 'exe'],
    ['shareMaxValidDays', 0],
    ['shareMaxViews', -1],
    ['shareMaxViews', 2.5],
    ['faceMatchConfidence', 1.01],
    ['faceMatchConfidence', -0.1],
    ['unknownPersonRegistration.enabled', 'yes'],
    ['unknownPersonRegistration.maxImages', 0],
    ['unknownPersonRegistration.minSimilarityConfidence', 2],
    ['unknownPersonRegistration.minFaceWidthPercent', 101],
    ['unknownPersonRegistration.zoomOutPercent', -1],
    ['speechToText.apiKey', 42],
    ['toggles.audio', 1],
    ['toggles.unknownToggle', true],
    ['storageQuotaBytes', 0],
    ['storageQuotaBytes', 1.5],
    ['storageQuotaBytes', '1 TiB'],
    ['unexpected', 1],
  ])('%s = %j with an issue at that path', (path, input) => {
    const error = catchAppError(() => parseTenantConfig(withField(path, input)));
    expect(error.code).toBe('INVALID_CONFIGURATION');
    expect(error.message).toBe('Invalid configuration');
    // Nested problems (an array entry, an unknown key inside) sit below the field.
    expect(error.issues.some((issue) => issue.path === path || issue.path.startsWith(`${path}.`))).toBe(true);
  });

  it.each([
    'organizationName',
    'timezone',
    'toggles',
    'toggles.focusedMosNotifications',
    'speechToText.region',
    'unknownPersonRegistration.zoomOutPercent',
  ])('a missing %s', (path) => {
    const error = catchAppError(() => parseTenantConfig(withoutField(path)));
    expect(error.issues.map((issue) => issue.path)).toEqual([path]);
  });

  it('reports every bad field at once', () => {
    const input = { ...withField('faceMatchConfidence', 5), timezone: 'Nowhere' };
    const paths = catchAppError(() => parseTenantConfig(input)).issues.map((issue) => issue.path);
    expect(paths.sort()).toEqual(['faceMatchConfidence', 'timezone']);
  });

  it('refuses a secret marker when there is no stored configuration to keep it from', () => {
    const input = withField('speechToText.apiKey', { set: true });
    expect(catchAppError(() => parseTenantConfig(input)).issues.map((issue) => issue.path)).toEqual([
      'speechToText.apiKey',
    ]);
  });

  it('reads a configuration stored before the quota existed as unlimited', () => {
    expect(parseTenantConfig(withoutField('storageQuotaBytes')).storageQuotaBytes).toBeNull();
  });

  it.each([null, 'config', []])('%j as a whole', (input) => {
    expect(catchAppError(() => parseTenantConfig(input)).code).toBe('INVALID_CONFIGURATION');
  });
});

describe('isTimeZone', () => {
  it.each(Intl.supportedValuesOf('timeZone').slice(0, 50))('accepts %s', (zone) => {
    expect(isTimeZone(zone)).toBe(true);
  });

  it.each(['Europe/Atlantis', 'utc/oslo', '../etc/passwd', 'Europe/Oslo ', '-05:00'])('rejects %j', (zone) => {
    expect(isTimeZone(zone)).toBe(false);
  });
});

describe('share limits', () => {
  it.each<[number | null, number | null, number, number]>([
    [null, null, SHARE_DEFAULT_MAX_VALID_DAYS, SHARE_DEFAULT_MAX_VIEWS],
    [7, null, 7, SHARE_DEFAULT_MAX_VIEWS],
    [null, 3, SHARE_DEFAULT_MAX_VALID_DAYS, 3],
  ])('tenant %p/%p → %p/%p', (days, views, maxValidDays, maxViews) => {
    expect(effectiveShareLimits({ shareMaxValidDays: days, shareMaxViews: views })).toEqual({ maxValidDays, maxViews });
  });

  it('product defaults are 30 days and 100 views', () => {
    expect([SHARE_DEFAULT_MAX_VALID_DAYS, SHARE_DEFAULT_MAX_VIEWS]).toEqual([30, 100]);
  });
});

describe('ZTenantConfig', () => {
  it('is strict at every level', () => {
    expect(ZTenantConfig.safeParse({ ...valid, extra: 1 }).success).toBe(false);
    expect(ZTenantConfig.safeParse(withField('speechToText.token', 'x')).success).toBe(false);
  });
});
