import type { TSequenceView } from '@mam/core';
import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import type { TSearchResult } from '../services/search/search.service';
import { adminActor, adminApiKey, rest, twoTenantLibrary, type TTwoTenantLibrary } from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';
import { insertMediaItem, videoMedia } from '../testing/media-items';

describe.each(testBackends)('virtual clips on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let root: string;
  let match: TItemRow;
  let key: string;
  let bravoKey: string;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, root } = await twoTenantLibrary(backend));
    // 10 s at 25 fps from 10:00:00:00, with a proxy to play.
    match = await insertMediaItem(
      t,
      alpha,
      { title: 'Cup final', folderId: root },
      videoMedia({ timecodeStart: '10:00:00:00' }),
    );
    await t.services.deps.repos.items.updateVersion(alpha.tenant.id, match.leadingVersionId!, {
      renditions: { proxyMp4: 'proxy.mp4', thumbnail: 'thumb.jpg' },
    });
    key = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
  });
  afterAll(() => t.dispose());

  const createClip = (apiKey: string, itemId: string, body: Record<string, unknown>) =>
    rest(t, apiKey, 'POST', `/items/${itemId}/virtual-clips`, body);

  it('saves a range as an item of its own that plays its source’s media within the range', async () => {
    const created = await createClip(key, match.id, { title: 'Winning goal', inFrame: 50, outFrame: 150 });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(id).not.toBe(match.id);
    const item = await rest(t, key, 'GET', `/items/${id}`);
    expect(item.body).toMatchObject({
      itemType: 'video',
      title: 'Winning goal',
      folderId: root,
      virtualClip: { sourceItemId: match.id, inFrame: 50, outFrame: 150 },
      media: { frameRate: '25/1', timecodeStart: '10:00:00:00' },
      // Players keep to frames 50..150: from 2 s for 4 s, labelled in the source's timecode.
      playback: {
        kind: 'proxy',
        url: `/api/v1/items/${id}/media/proxy.mp4`,
        range: { inFrame: 50, outFrame: 150, startSeconds: 2, durationSeconds: 4, timecodeIn: '10:00:02:00' },
      },
      thumbnail: `/api/v1/items/${id}/media/thumb.jpg`,
    });
    const viaTrpc = await admin.query<{ playback: { range?: unknown } }>('items.get', { itemId: id });
    expect(viaTrpc.ok && viaTrpc.data.playback.range).toMatchObject({ startSeconds: 2, timecodeIn: '10:00:02:00' });
    // No media was copied: the source keeps its only version.
    expect(await t.services.deps.repos.items.listVersions(alpha.tenant.id, id)).toEqual([]);
    const source = (await rest(t, key, 'GET', `/items/${match.id}`)).body;
    expect([source.virtualClip, (source.playback as { range?: unknown }).range]).toEqual([undefined, undefined]);
  });

  it('plays its range on its public share page too', async () => {
    const created = await createClip(key, match.id, { title: 'Penalty', inFrame: 100, outFrame: 175 });
    const id = created.body.id as string;
    const share = await admin.mutate<{ link: string }>('shares.create', { pageTitle: 'For review', itemIds: [id] });
    if (!share.ok) throw new Error(JSON.stringify(share));
    const token = share.data.link.split('/s/')[1]!;
    const page = (await t.app.inject({ method: 'GET', url: `/api/v1/public/shares/${token}` })).json<{
      state: string;
      items: Array<{ id: string; playback: { range?: unknown } | null; timecodeStart: string | null }>;
    }>();
    expect(page.state).toBe('ok');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id, timecodeStart: '10:00:00:00' });
    expect(page.items[0]!.playback?.range).toEqual({
      inFrame: 100,
      outFrame: 175,
      startSeconds: 4,
      durationSeconds: 3,
      timecodeIn: '10:00:04:00',
    });
  });

  it('is found by search under its own title', async () => {
    const created = await admin.mutate<{ id: string }>('virtualClips.create', {
      itemId: match.id,
      title: 'Penalty shootout',
      inFrame: 0,
      outFrame: 25,
    });
    if (!created.ok) throw new Error(created.code);
    const found = await admin.query<TSearchResult>('search.items', { q: 'shootout' });
    if (!found.ok) throw new Error(found.code);
    expect(found.data.hits.map((hit) => hit.id)).toEqual([created.data.id]);
  });

  it('stands for its source’s range in a sequence, and a range of it for a range of its source', async () => {
    const clip = await createClip(key, match.id, { title: 'Second half', inFrame: 100, outFrame: 200 });
    const clipId = clip.body.id as string;
    const sequence = await rest(t, key, 'POST', '/sequences', {
      title: 'From a virtual clip',
      clips: [
        { itemId: clipId, inFrame: 10, outFrame: 20 },
        // Timecodes of a virtual clip are its source's: frame 100 is 10:00:04:00.
        { itemId: clipId, in: '10:00:04:00', out: '10:00:04:05' },
      ],
    });
    expect(sequence.status).toBe(201);
    expect((sequence.body as unknown as TSequenceView).clips.map((c) => [c.itemId, c.inFrame, c.outFrame])).toEqual([
      [match.id, 110, 120],
      [match.id, 100, 105],
    ]);
    const outside = await rest(t, key, 'POST', '/sequences', {
      title: 'Too long',
      clips: [{ itemId: clipId, inFrame: 0, outFrame: 101 }],
    });
    expect(outside).toMatchObject({ status: 400, body: { code: 'SEQUENCE_CLIP_RANGE_INVALID' } });
    const nested = await createClip(key, clipId, { title: 'Nested', inFrame: 0, outFrame: 10 });
    expect(nested.body.virtualClip).toEqual({ sourceItemId: match.id, inFrame: 100, outFrame: 110 });
  });

  it('refuses a new version: spec section 8', async () => {
    const clip = await createClip(key, match.id, { title: 'No versions', inFrame: 0, outFrame: 10 });
    const begin = t.services.uploads.begin(await adminActor(t, alpha), alpha.tenant, {
      fileName: 'new.mp4',
      size: 10,
      itemId: clip.body.id as string,
    });
    await expect(begin).rejects.toMatchObject({
      code: 'VERSIONING_VIRTUAL_CLIPS',
      message: 'Versioning virtual clips is currently not supported',
    });
  });

  it('refuses bad ranges and other tenants with {code,message}, creating nothing', async () => {
    const count = async () =>
      (await t.services.deps.repos.items.list(alpha.tenant.id, { deleted: false, limit: 1000 })).length;
    const before = await count();
    expect(await createClip(key, match.id, { title: 'Empty', inFrame: 10, outFrame: 10 })).toMatchObject({
      status: 400,
      body: { code: 'SEQUENCE_CLIP_RANGE_INVALID', message: expect.any(String) },
    });
    expect(await createClip(key, match.id, { title: 'Past', inFrame: 0, outFrame: 251 })).toMatchObject({
      status: 400,
    });
    expect(await createClip(bravoKey, match.id, { title: 'Theirs', inFrame: 0, outFrame: 10 })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await count()).toBe(before);
    const mine = await createClip(key, match.id, { title: 'Mine', inFrame: 0, outFrame: 10 });
    expect((await rest(t, bravoKey, 'GET', `/items/${mine.body.id as string}`)).status).toBe(404);
  });
});
