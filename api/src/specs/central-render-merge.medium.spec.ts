import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testBackends } from '@mam/db/testing';
import { adminApiKey, rest, twoTenantLibrary, type TTwoTenantLibrary } from '../testing/library-fixtures';
import { makeVideo } from '../testing/media-fixtures';
import type { TestApp } from '../testing/test-app';
import { TusTestClient } from '../testing/tus-client';

jest.setTimeout(300_000);

type TItemView = {
  itemType: string;
  transcoding: { state: string; error: string | null } | null;
  media: { durationSeconds: number | null; timecodeStart: string | null } | null;
  playback: { url: string; kind: string } | null;
};

/**
 * Merging media into a placeholder through the product's whole path: the placeholder a central render left without
 * media (cancelled) gets a copy of another item's original as its new version, which is processed like an upload
 * until the placeholder plays. On the embedded database the merge once waited forever on its own transaction.
 */
describe.each(testBackends)('merge media into a placeholder on %s', (backend) => {
  const dir = mkdtempSync(path.join(tmpdir(), `mam-merge-media-${backend}-`));
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let key: string;
  let bravoKey: string;

  const item = async (id: string) => (await rest(t, key, 'GET', `/items/${id}`)).body as unknown as TItemView;
  async function settled(id: string): Promise<TItemView> {
    for (let i = 0; i < 1200; i++) {
      const found = await item(id);
      if (found.transcoding?.state === 'COMPLETE' || found.transcoding?.state === 'ERROR') return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`item ${id} did not settle`);
  }

  beforeAll(async () => {
    let bravo: TTwoTenantLibrary['bravo'];
    ({ t, alpha, bravo } = await twoTenantLibrary(backend, { media: true }));
    key = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies an item’s original into the placeholder, which is processed until it plays; tenant B gets 404', async () => {
    const { itemId: sourceId } = await new TusTestClient(t.app, { authorization: `Bearer ${key}` }).upload(
      makeVideo(dir, 'rushes.mp4', 2),
      { filename: 'rushes.mp4', title: 'Rushes' },
    );
    expect((await settled(sourceId)).transcoding?.state).toBe('COMPLETE');
    const sequence = await rest(t, key, 'POST', '/sequences', {
      title: 'Evening story',
      clips: [{ itemId: sourceId, inFrame: 0, outFrame: 50 }],
    });
    const started = await rest(t, key, 'POST', `/sequences/${sequence.body.id as string}/render`, {});
    const { renderId, placeholderItemId } = started.body as { renderId: string; placeholderItemId: string };
    // A running render owns the placeholder: media cannot be merged into it until the render is over.
    expect(
      await rest(t, key, 'POST', `/items/${placeholderItemId}/merge-media`, { sourceItemId: sourceId }),
    ).toMatchObject({ status: 409, body: { code: 'COPY_MEDIA_FAILED' } });
    expect((await rest(t, key, 'POST', `/renders/${renderId}/cancel`)).status).toBe(200);
    expect(await item(placeholderItemId)).toMatchObject({ itemType: 'placeholder', playback: null });

    // Tenant B neither finds the placeholder nor the source, and nothing changes.
    const foreign = await rest(t, bravoKey, 'POST', `/items/${placeholderItemId}/merge-media`, {
      sourceItemId: sourceId,
    });
    expect(foreign).toMatchObject({ status: 404, body: { code: expect.any(String), message: expect.any(String) } });
    expect(await item(placeholderItemId)).toMatchObject({ itemType: 'placeholder', playback: null });

    const merged = await rest(t, key, 'POST', `/items/${placeholderItemId}/merge-media`, { sourceItemId: sourceId });
    expect(merged).toMatchObject({ status: 202, body: { itemId: placeholderItemId, versionId: expect.any(String) } });
    const done = await settled(placeholderItemId);
    expect(done).toMatchObject({
      itemType: 'video',
      transcoding: { state: 'COMPLETE', error: null },
      media: { timecodeStart: '10:00:00:00' },
      playback: { kind: 'proxy' },
    });
    expect(done.media?.durationSeconds).toBeCloseTo(2, 1);
    const played = await t.app.inject({
      method: 'GET',
      url: done.playback!.url.replace(/^https?:\/\/[^/]+/, ''),
      headers: { authorization: `Bearer ${key}`, range: 'bytes=0-99' },
    });
    expect(played.statusCode).toBe(206);
    // The source keeps its own original: the placeholder has a copy.
    expect((await item(sourceId)).transcoding?.state).toBe('COMPLETE');
  });
});
