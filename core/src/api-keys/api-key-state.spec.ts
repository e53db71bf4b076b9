import { catchAppError } from '../testing/catch-app-error';
import { apiKeyState, assertExpiryInFuture, type ApiKeyLifecycle, type ApiKeyState } from './api-key-state';

const createdAt = new Date('2025-01-01T12:00:00Z');
const key = (overrides: Partial<ApiKeyLifecycle>): ApiKeyLifecycle => ({
  active: true,
  expiresAt: null,
  maxUnusedDays: null,
  lastUsedAt: null,
  createdAt,
  ...overrides,
});

describe('apiKeyState', () => {
  it.each<[string, Partial<ApiKeyLifecycle>, string, ApiKeyState]>([
    ['plain active key', {}, '2030-01-01T00:00:00Z', 'active'],
    ['switched off', { active: false }, '2025-01-02T00:00:00Z', 'inactive'],
    ['switched off beats expired', { active: false, expiresAt: '2025-01-01' }, '2026-01-01T00:00:00Z', 'inactive'],
    ['last second of the expiry day', { expiresAt: '2025-03-10' }, '2025-03-10T23:59:59.999Z', 'active'],
    ['first moment after the expiry day', { expiresAt: '2025-03-10' }, '2025-03-11T00:00:00Z', 'expired'],
    ['unreadable stored expiry', { expiresAt: '2025-02-30' }, '2025-01-02T00:00:00Z', 'expired'],
    ['expired beats unused', { expiresAt: '2025-01-05', maxUnusedDays: 1 }, '2025-02-01T00:00:00Z', 'expired'],
    ['never used, exactly max days after creation', { maxUnusedDays: 30 }, '2025-01-31T12:00:00Z', 'active'],
    ['never used, just over max days', { maxUnusedDays: 30 }, '2025-01-31T12:00:00.001Z', 'unused'],
    [
      'used recently',
      { maxUnusedDays: 30, lastUsedAt: new Date('2025-06-01T00:00:00Z') },
      '2025-06-20T00:00:00Z',
      'active',
    ],
    [
      'last use long ago',
      { maxUnusedDays: 30, lastUsedAt: new Date('2025-06-01T00:00:00Z') },
      '2025-07-02T00:00:00Z',
      'unused',
    ],
    ['no unused limit', { lastUsedAt: new Date('2020-01-01T00:00:00Z') }, '2030-01-01T00:00:00Z', 'active'],
  ])('%s → %s', (_case, overrides, now, expected) => {
    expect(apiKeyState(key(overrides), new Date(now))).toBe(expected);
  });
});

describe('assertExpiryInFuture', () => {
  const now = new Date('2025-05-20T23:30:00Z');

  it.each(['2025-05-21', '2026-01-01'])('accepts %s', (date) => {
    expect(() => assertExpiryInFuture(date, now)).not.toThrow();
  });

  it.each(['2025-05-20', '2025-05-19', '2000-01-01'])('rejects %s as in the past', (date) => {
    const error = catchAppError(() => assertExpiryInFuture(date, now));
    expect([error.code, error.message]).toEqual(['EXPIRY_IN_PAST', 'Please select a date in the future']);
  });

  it.each(['2025-5-30', '2025-02-30', '', 'never'])('rejects the malformed date %j', (date) => {
    expect(catchAppError(() => assertExpiryInFuture(date, now)).code).toBe('VALIDATION_FAILED');
  });

  it('uses the UTC date of now', () => {
    // 2025-05-21 01:00 in UTC+2 is still 2025-05-20 in UTC, so the 21st is in the future.
    expect(() => assertExpiryInFuture('2025-05-21', new Date('2025-05-21T01:00:00+02:00'))).not.toThrow();
  });
});
