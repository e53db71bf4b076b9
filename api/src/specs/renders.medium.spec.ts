import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import { adminApiKey, rest, twoTenantLibrary, type TTwoTenantLibrary } from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';
import { insertMediaItem, videoMedia } from '../testing/media-items';

type Tenant = TTwoTenantLibrary['alpha'];

/**
 * The central render API without the media engine: a render is asked for and waits queued, which is enough to see
 * who may read, cancel and download it and what bad input leaves behind. The render itself runs in
 * central-render.medium.spec.ts.
 */
describe.each(testBackends)('central render API on %s', (backend) => {
  let t: TestApp;
  let alpha: Tenant;
  let bravo: Tenant;
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let key: string;
  let bravoKey: string;
  let news: TItemRow;
  let sequenceId: string;

  beforeAll(async () => {
    let root: string;
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    news = await insertMediaItem(t, alpha, { title: 'News rushes', folderId: root }, videoMedia({}));
    key = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
    const created = await rest(t, key, 'POST', '/sequences', {
      title: 'Evening story',
      clips: [{ itemId: news.id, inFrame: 0, outFrame: 50 }],
    });
    sequenceId = created.body.id as string;
  });
  afterAll(() => t.dispose());

  const itemCount = async () =>
    (await t.services.deps.repos.items.list(alpha.tenant.id, { deleted: false, limit: 1000 })).length;

  it('creates the placeholder at once and shows the render queued; the download waits for it', async () => {
    const started = await rest(t, key, 'POST', `/sequences/${sequenceId}/render`, {});
    expect(started.status).toBe(202);
    const { renderId, placeholderItemId } = started.body as { renderId: string; placeholderItemId: string };
    expect((await rest(t, key, 'GET', `/items/${placeholderItemId}`)).body).toMatchObject({
      itemType: 'placeholder',
      title: 'Evening story',
    });
    expect((await rest(t, key, 'GET', `/renders/${renderId}`)).body).toMatchObject({
      id: renderId,
      sequenceId,
      placeholderItemId,
      state: 'queued',
      error: null,
    });
    const download = await rest(t, key, 'GET', `/renders/${renderId}/download`);
    expect(download).toMatchObject({
      status: 409,
      body: { code: 'SEQUENCE_DOWNLOAD_FAILED', message: 'Cannot download sequence' },
    });
  });

  it('cancels a render once; a second cancel finds no request', async () => {
    const { renderId } = (await rest(t, key, 'POST', `/sequences/${sequenceId}/render`, {})).body as {
      renderId: string;
    };
    expect(await rest(t, key, 'POST', `/renders/${renderId}/cancel`)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await rest(t, key, 'GET', `/renders/${renderId}`)).body).toMatchObject({ state: 'cancelled' });
    expect(await rest(t, key, 'POST', `/renders/${renderId}/cancel`)).toMatchObject({
      status: 404,
      body: { code: 'CENTRAL_RENDER_NOT_FOUND', message: 'No central render request found' },
    });
  });

  it.each([
    ['an unknown preset', () => `/sequences/${sequenceId}/render`, { presetId: crypto.randomUUID() }, 400],
    ['an item that is not a sequence', () => `/sequences/${news.id}/render`, {}, 404],
    ['an unknown sequence', () => `/sequences/${crypto.randomUUID()}/render`, {}, 404],
  ])('answers %s with {code,message} and creates nothing', async (_, url, body, status) => {
    const before = await itemCount();
    const answer = await rest(t, key, 'POST', url(), body);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await itemCount()).toBe(before);
  });

  it('keeps tenants apart: 404 for the other tenant’s sequences and renders', async () => {
    const { renderId } = (await rest(t, key, 'POST', `/sequences/${sequenceId}/render`, {})).body as {
      renderId: string;
    };
    expect((await rest(t, bravoKey, 'POST', `/sequences/${sequenceId}/render`, {})).status).toBe(404);
    expect((await rest(t, bravoKey, 'GET', `/renders/${renderId}`)).status).toBe(404);
    expect((await rest(t, bravoKey, 'POST', `/renders/${renderId}/cancel`)).status).toBe(404);
    expect((await rest(t, bravoKey, 'GET', `/renders/${renderId}/download`)).status).toBe(404);
    expect(await bravoAdmin.query('renders.get', { renderId })).toMatchObject({
      ok: false,
      code: 'CENTRAL_RENDER_NOT_FOUND',
    });
    expect(await bravoAdmin.query('renders.listForSequence', { sequenceId })).toMatchObject({ ok: false });
    expect((await rest(t, key, 'GET', `/renders/${renderId}`)).body).toMatchObject({ state: 'queued' });
    const mine = await admin.query<Array<{ id: string }>>('renders.listForSequence', { sequenceId });
    expect(mine).toMatchObject({ ok: true });
    expect(mine.ok && mine.data.map((render) => render.id)).toContain(renderId);
  });
});
