import { isQuietRequest } from './request-log';

describe('isQuietRequest', () => {
  it.each([
    '/api/health',
    '/',
    '/index.html',
    '/assets/index-B4hY3XGW.js',
    '/locales/nb/translation.json',
    '/item-details/1',
  ])('is true for %s (health checks and the console)', (url) => expect(isQuietRequest(url)).toBe(true));
  it.each(['/api/v1/items?limit=5', '/api/v1/uploads/abc', '/trpc/auth.login', '/api/docs', '/api/health/x'])(
    'is false for %s (work)',
    (url) => expect(isQuietRequest(url)).toBe(false),
  );
});
