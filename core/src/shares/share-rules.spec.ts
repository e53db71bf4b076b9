import { isAppError } from '../errors/app-error';
import { SHARE_DEFAULT_MAX_VALID_DAYS, SHARE_DEFAULT_MAX_VIEWS } from '../tenant/tenant-config.schema';
import { parseEmailList } from '../validation/email.schema';
import { checkShareLimits, latestShareExpiry, sharePasswordProblem } from './share-rules';

const now = new Date('2026-03-01T12:00:00Z');
const day = 24 * 60 * 60 * 1000;
const none = { shareMaxValidDays: null, shareMaxViews: null };

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return 'none';
}

describe('share limits', () => {
  it('fills in the product defaults when the tenant has none', () => {
    expect(checkShareLimits({ expiresAt: null, maxViews: null }, none, now)).toEqual({
      expiresAt: new Date(now.getTime() + SHARE_DEFAULT_MAX_VALID_DAYS * day),
      maxViews: SHARE_DEFAULT_MAX_VIEWS,
    });
  });

  it("fills in the tenant's maximums and refuses anything beyond them", () => {
    const tenant = { shareMaxValidDays: 7, shareMaxViews: 3 };
    expect(checkShareLimits({ expiresAt: null, maxViews: null }, tenant, now)).toEqual({
      expiresAt: new Date(now.getTime() + 7 * day),
      maxViews: 3,
    });
    expect(checkShareLimits({ expiresAt: new Date(now.getTime() + 2 * day), maxViews: 2 }, tenant, now)).toEqual({
      expiresAt: new Date(now.getTime() + 2 * day),
      maxViews: 2,
    });
    expect(
      codeOf(() => checkShareLimits({ expiresAt: new Date(now.getTime() + 8 * day), maxViews: 1 }, tenant, now)),
    ).toBe('SHARE_EXPIRY_TOO_LATE');
    expect(codeOf(() => checkShareLimits({ expiresAt: null, maxViews: 4 }, tenant, now))).toBe('SHARE_VIEWS_TOO_MANY');
  });

  it('refuses an expiry in the past and fewer than one view', () => {
    expect(codeOf(() => checkShareLimits({ expiresAt: new Date(now.getTime() - 1), maxViews: 1 }, none, now))).toBe(
      'EXPIRY_IN_PAST',
    );
    expect(codeOf(() => checkShareLimits({ expiresAt: null, maxViews: 0 }, none, now))).toBe('VALIDATION_FAILED');
  });

  it('gives the latest expiry for the date picker', () => {
    expect(latestShareExpiry({ maxValidDays: 2, maxViews: 1 }, now)).toEqual(new Date(now.getTime() + 2 * day));
  });
});

describe('share password', () => {
  it('accepts no password or one long enough', () => {
    expect(sharePasswordProblem('')).toBeNull();
    expect(sharePasswordProblem('secret')).toBeNull();
    expect(sharePasswordProblem('short')?.code).toBe('SHARE_PASSWORD_TOO_SHORT');
    expect(sharePasswordProblem('x'.repeat(257))?.code).toBe('PASSWORD_TOO_LONG');
  });
});

describe('share recipients', () => {
  it('splits on spaces, commas and semicolons and names the bad address', () => {
    expect(parseEmailList('a@x.no, b@y.no; c@z.no  d@w.no')).toEqual(['a@x.no', 'b@y.no', 'c@z.no', 'd@w.no']);
    try {
      parseEmailList('a@x.no, b@y.no; c@z');
      throw new Error('not refused');
    } catch (error) {
      expect(isAppError(error) && error.code).toBe('INVALID_EMAIL');
      expect(isAppError(error) && error.message).toBe('Invalid email address');
      expect(isAppError(error) && error.params.email).toBe('c@z');
    }
  });
});
