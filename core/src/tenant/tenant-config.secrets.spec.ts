import { catchAppError } from '../testing/catch-app-error';
import { defaultTenantConfig, type TTenantConfig } from './tenant-config.schema';
import { parseTenantConfig } from './tenant-config.parse';
import { redactTenantConfig } from './tenant-config.secrets';

const base = defaultTenantConfig('Acme');
const withKey: TTenantConfig = { ...base, speechToText: { ...base.speechToText, provider: 'x', apiKey: 'sk-secret' } };

describe('redactTenantConfig', () => {
  it.each<[string, TTenantConfig, boolean]>([
    ['a stored key', withKey, true],
    ['no key', base, false],
  ])('with %s shows only whether it is set', (_case, config, set) => {
    const redacted = redactTenantConfig(config);
    expect(redacted.speechToText.apiKey).toEqual({ set });
    expect(JSON.stringify(redacted)).not.toContain('sk-secret');
    expect(redacted.speechToText.provider).toBe(config.speechToText.provider);
  });
});

describe('parseTenantConfig with the stored configuration', () => {
  const redacted = redactTenantConfig(withKey);
  const send = (apiKey: unknown) => ({ ...redacted, speechToText: { ...redacted.speechToText, apiKey } });

  it.each<[string, unknown, string | null]>([
    ['the marker keeps the stored key', { set: true }, 'sk-secret'],
    ['a marker saying unset still keeps it', { set: false }, 'sk-secret'],
    ['a string replaces it', 'sk-new', 'sk-new'],
    ['null removes it', null, null],
    ['an empty string removes it', '', null],
  ])('%s', (_case, apiKey, expected) => {
    expect(parseTenantConfig(send(apiKey), withKey).speechToText.apiKey).toBe(expected);
  });

  it('applies the other fields', () => {
    const next = parseTenantConfig({ ...redacted, timezone: 'Europe/Oslo' }, withKey);
    expect(next).toEqual({ ...withKey, timezone: 'Europe/Oslo' });
  });

  it.each<[string, unknown]>([
    ['a marker with extra keys', { set: true, value: 'x' }],
    ['a number', 42],
  ])('rejects %s', (_case, apiKey) => {
    const error = catchAppError(() => parseTenantConfig(send(apiKey), withKey));
    expect(error.code).toBe('INVALID_CONFIGURATION');
    // Nested problems (an array entry, an unknown key inside) sit below the field.
    expect(error.issues.some((issue) => issue.path.startsWith('speechToText.apiKey'))).toBe(true);
  });

  it('validates like a plain parse', () => {
    const error = catchAppError(() => parseTenantConfig({ ...redacted, faceMatchConfidence: 3 }, withKey));
    expect(error.issues.map((issue) => issue.path)).toEqual(['faceMatchConfidence']);
  });
});
