import { relativeTime } from './relative-time';

describe('relativeTime', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('words recent moments in the language', () => {
    expect(relativeTime(ago(3), 'en', now)).toBe('now');
    expect(relativeTime(ago(120), 'en', now)).toBe('2 minutes ago');
    expect(relativeTime(ago(3 * 3600), 'en', now)).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3600), 'en', now)).toBe('yesterday');
    expect(relativeTime(ago(120), 'fr', now)).toBe('il y a 2 minutes');
  });
});
