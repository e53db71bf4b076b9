import { createTestApp, type TestApp } from '../testing/test-app';

/** The console batches a page's queries into one GET whose path names each procedure. */
describe('tRPC batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.dispose());

  it('answers a batch of a dozen queries, whose path is far past 100 characters, with every result', async () => {
    const names = Array.from({ length: 12 }, () => 'auth.session');
    const input = encodeURIComponent(JSON.stringify({}));
    const response = await t.app.inject({ method: 'GET', url: `/trpc/${names.join(',')}?batch=1&input=${input}` });
    expect(names.join(',').length).toBeGreaterThan(100);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(12);
  });
});
