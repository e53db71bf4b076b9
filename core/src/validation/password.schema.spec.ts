import { catchAppError } from '../testing/catch-app-error';
import { assertPasswordStrength, ZPassword } from './password.schema';

describe('passwords', () => {
  it.each<[string, string, 'ok' | 'WEAK_PASSWORD' | 'PASSWORD_TOO_LONG']>([
    ['empty', '', 'WEAK_PASSWORD'],
    ['9 characters', '123456789', 'WEAK_PASSWORD'],
    ['10 characters', '1234567890', 'ok'],
    ['5 emoji (10 UTF-16 units)', '🎬🎬🎬🎬🎬', 'WEAK_PASSWORD'],
    ['10 emoji', '🎬'.repeat(10), 'ok'],
    ['spaces count and are kept', '  abcdef  ', 'ok'],
    ['256 characters', 'x'.repeat(256), 'ok'],
    ['257 characters', 'x'.repeat(257), 'PASSWORD_TOO_LONG'],
  ])('%s → %s', (_case, password, expected) => {
    if (expected === 'ok') {
      expect(() => assertPasswordStrength(password)).not.toThrow();
      expect(ZPassword.parse(password)).toBe(password);
      return;
    }
    expect(catchAppError(() => assertPasswordStrength(password)).code).toBe(expected);
    expect(ZPassword.safeParse(password).success).toBe(false);
  });

  it('carries the catalogue message', () => {
    expect(catchAppError(() => assertPasswordStrength('short')).message).toBe(
      'The password must be at least 10 characters long.',
    );
    expect(ZPassword.safeParse('short').error?.issues[0]?.message).toBe(
      'The password must be at least 10 characters long.',
    );
  });
});
