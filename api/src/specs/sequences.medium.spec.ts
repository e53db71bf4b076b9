import type { TSequenceView } from '@mam/core';
import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import {
  addMember,
  adminApiKey,
  rest,
  setEveryonePermissions,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';
import { insertMediaItem, videoMedia } from '../testing/media-items';

type Tenant = TTwoTenantLibrary['alpha'];

describe.each(testBackends)('sequences on %s', (backend) => {
  let t: TestApp;
  let alpha: Tenant;
  let bravo: Tenant;
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let root: string;
  let news: TItemRow;
  let interview: TItemRow;
  let tone: TItemRow;
  let bravoVideo: TItemRow;
  let ntsc: TItemRow;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    news = await insertMediaItem(t, alpha, { title: 'News rushes', folderId: root }, videoMedia({}));
    interview = await insertMediaItem(
      t,
      alpha,
      { title: 'Interview', folderId: root },
      videoMedia({ durationSeconds: 4, timecodeStart: '10:00:00:00' }),
    );
    tone = await insertMediaItem(
      t,
      alpha,
      { title: 'Tone', folderId: root, itemType: 'audio' },
      videoMedia({ frameRate: null, videoCodec: null }),
    );
    ntsc = await insertMediaItem(
      t,
      alpha,
      { title: 'NTSC feed', folderId: root },
      videoMedia({ frameRate: '30000/1001' }),
    );
    const bravoRoot = (await t.services.deps.repos.folders.findRoot(bravo.tenant.id))!.id;
    bravoVideo = await insertMediaItem(t, bravo, { title: 'Bravo rushes', folderId: bravoRoot }, videoMedia({}));
  });
  afterAll(() => t.dispose());

  const ok = <T>(result: { ok: true; data: T } | { ok: false; code: string; message: string }): T => {
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.data;
  };
  const create = (client: TrpcClient, input: Record<string, unknown>) =>
    client.mutate<{ id: string }>('sequences.create', input);
  const itemCount = async () =>
    (await t.services.deps.repos.items.list(alpha.tenant.id, { deleted: false, limit: 1000 })).length;

  it('creates a sequence item from frames and timecodes and reads it back with its sources', async () => {
    const { id } = ok(
      await create(admin, {
        title: ' Evening story ',
        folderId: root,
        clips: [
          { itemId: news.id, inFrame: 25, outFrame: 75 },
          { itemId: interview.id, in: '10:00:01:00', out: '10:00:02:10' },
        ],
      }),
    );
    const view = ok(await admin.query<TSequenceView>('sequences.get', { id }));
    expect(view).toEqual({
      id,
      tenantId: alpha.tenant.id,
      title: 'Evening story',
      folderId: root,
      frameRate: '25/1',
      totalFrames: 50 + 35,
      clips: [
        {
          index: 0,
          itemId: news.id,
          inFrame: 25,
          outFrame: 75,
          title: 'News rushes',
          frameRate: '25/1',
          sourceTimecodeStart: '00:00:00:00',
          sourceFrames: 250,
        },
        {
          index: 1,
          itemId: interview.id,
          inFrame: 25,
          outFrame: 60,
          title: 'Interview',
          frameRate: '25/1',
          sourceTimecodeStart: '10:00:00:00',
          sourceFrames: 100,
        },
      ],
    });
    const item = await t.services.deps.repos.items.findById(alpha.tenant.id, id);
    expect(item).toMatchObject({ itemType: 'sequence', folderId: root, ownerId: alpha.admin.id });
  });

  it('updates title and clips, recording before and after in the item history', async () => {
    const { id } = ok(await create(admin, { title: 'Draft', clips: [{ itemId: news.id, inFrame: 0, outFrame: 10 }] }));
    const updated = ok(
      await admin.mutate<TSequenceView>('sequences.update', {
        id,
        title: 'Final',
        clips: [
          { itemId: interview.id, inFrame: 0, outFrame: 100 },
          { itemId: news.id, inFrame: 240, outFrame: 250 },
        ],
      }),
    );
    expect(updated.title).toBe('Final');
    expect(updated.clips.map((clip) => [clip.itemId, clip.inFrame, clip.outFrame])).toEqual([
      [interview.id, 0, 100],
      [news.id, 240, 250],
    ]);
    expect(updated.totalFrames).toBe(110);
    const events = await t.services.deps.repos.auditEvents.list(alpha.tenant.id, { limit: 10 });
    const changed = events.find((event) => event.targetId === id && event.action === 'item.sequence_changed');
    expect(changed?.details).toMatchObject({
      changes: {
        title: { from: 'Draft', to: 'Final' },
        clips: { from: `${news.id} 0-10`, to: `${interview.id} 0-100, ${news.id} 240-250` },
      },
    });
    expect(events.some((event) => event.targetId === id && event.action === 'item.sequence_created')).toBe(true);
  });

  it.each([
    [
      'a range past the media’s end',
      () => ({ itemId: news.id, inFrame: 200, outFrame: 251 }),
      400,
      'SEQUENCE_CLIP_RANGE_INVALID',
    ],
    ['an empty range', () => ({ itemId: news.id, inFrame: 10, outFrame: 10 }), 400, 'SEQUENCE_CLIP_RANGE_INVALID'],
    [
      'a timecode before the source starts',
      () => ({ itemId: interview.id, in: '09:00:00:00', out: '10:00:01:00' }),
      400,
      'SEQUENCE_CLIP_RANGE_INVALID',
    ],
    ['an audio item', () => ({ itemId: tone.id, inFrame: 0, outFrame: 10 }), 400, 'SEQUENCE_ITEM_NOT_VIDEO'],
    [
      'an unknown item',
      () => ({ itemId: '00000000-0000-4000-8000-000000000000', inFrame: 0, outFrame: 1 }),
      404,
      'NOT_FOUND',
    ],
    ['another tenant’s item', () => ({ itemId: bravoVideo.id, inFrame: 0, outFrame: 1 }), 404, 'NOT_FOUND'],
  ])('refuses %s and creates nothing', async (_, clip, status, code) => {
    const before = await itemCount();
    const result = await create(admin, { title: 'Bad', clips: [{ itemId: news.id, inFrame: 0, outFrame: 1 }, clip()] });
    expect(result).toMatchObject({ ok: false, status, code });
    expect(await itemCount()).toBe(before);
  });

  it('keeps an update that fails whole: the old clips stay', async () => {
    const { id } = ok(await create(admin, { title: 'Keep', clips: [{ itemId: news.id, inFrame: 0, outFrame: 10 }] }));
    const result = await admin.mutate('sequences.update', {
      id,
      title: 'Lost',
      clips: [{ itemId: tone.id, inFrame: 0, outFrame: 10 }],
    });
    expect(result).toMatchObject({ ok: false, code: 'SEQUENCE_ITEM_NOT_VIDEO' });
    const view = ok(await admin.query<TSequenceView>('sequences.get', { id }));
    expect([view.title, view.totalFrames]).toEqual(['Keep', 10]);
  });

  it('refuses a clip of another frame rate, saying both rates, and creates nothing', async () => {
    const before = await itemCount();
    const result = await create(admin, {
      title: 'Mixed',
      clips: [
        { itemId: news.id, inFrame: 0, outFrame: 10 },
        { itemId: ntsc.id, inFrame: 0, outFrame: 10 },
      ],
    });
    expect(result).toMatchObject({
      ok: false,
      code: 'SEQUENCE_FRAME_RATE_MISMATCH',
      message: 'All clips of a sequence must have the same frame rate: this clip is 29.97 fps, the sequence 25 fps.',
    });
    expect(await itemCount()).toBe(before);
    const { id } = ok(
      await create(admin, { title: 'NTSC only', clips: [{ itemId: ntsc.id, inFrame: 0, outFrame: 10 }] }),
    );
    expect(ok(await admin.query<TSequenceView>('sequences.get', { id })).frameRate).toBe('30000/1001');
  });

  it('hides a sequence from another tenant and lets it use none of its items', async () => {
    const { id } = ok(
      await create(admin, { title: 'Alpha only', clips: [{ itemId: news.id, inFrame: 0, outFrame: 5 }] }),
    );
    expect(await bravoAdmin.query('sequences.get', { id })).toMatchObject({ ok: false, status: 404 });
    expect(await bravoAdmin.mutate('sequences.update', { id, title: 'Taken' })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await create(bravoAdmin, { title: 'Borrowed', clips: [{ itemId: news.id, inFrame: 0, outFrame: 5 }] }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(ok(await admin.query<TSequenceView>('sequences.get', { id })).title).toBe('Alpha only');
  });

  it('answers NOT_FOUND for an item that is not a sequence', async () => {
    expect(await admin.query('sequences.get', { id: news.id })).toMatchObject({ ok: false, status: 404 });
  });

  it('needs the cutter permission to create and follows the item’s access to read', async () => {
    const { id } = ok(
      await create(admin, { title: 'Shared story', clips: [{ itemId: news.id, inFrame: 0, outFrame: 5 }] }),
    );
    await setEveryonePermissions(t, alpha, { create: false, cutter: false });
    const member = await addMember(t, alpha, 'viewer');
    expect(await create(member.client, { title: 'Nope', clips: [] })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(ok(await member.client.query<TSequenceView>('sequences.get', { id })).title).toBe('Shared story');
    await t.services.deps.repos.items.update(alpha.tenant.id, id, { visibleTo: { level: 'owner', groups: [] } });
    expect(await member.client.query('sequences.get', { id })).toMatchObject({ ok: false, status: 404 });
  });

  describe('REST', () => {
    let key: string;
    let bravoKey: string;
    beforeAll(async () => {
      key = await adminApiKey(t, alpha);
      bravoKey = await adminApiKey(t, bravo);
    });

    it('creates (201), reads and replaces a sequence; GET /items/{id} shows its clips', async () => {
      const created = await rest(t, key, 'POST', '/sequences', {
        title: 'REST story',
        clips: [
          { itemId: news.id, inFrame: 0, outFrame: 25 },
          { itemId: interview.id, in: '10:00:00:00', out: '10:00:00:10' },
        ],
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ title: 'REST story', totalFrames: 35 });
      const id = created.body.id as string;
      expect((await rest(t, key, 'GET', `/sequences/${id}`)).body).toEqual(created.body);
      const replaced = await rest(t, key, 'PUT', `/sequences/${id}`, {
        clips: [{ itemId: interview.id, inFrame: 50, outFrame: 100 }],
      });
      expect(replaced).toMatchObject({ status: 200, body: { title: 'REST story', totalFrames: 50 } });
      const item = await rest(t, key, 'GET', `/items/${id}`);
      expect(item.status).toBe(200);
      expect(item.body).toMatchObject({
        itemType: 'sequence',
        sequence: {
          frameRate: '25/1',
          totalFrames: 50,
          clips: [{ index: 0, itemId: interview.id, inFrame: 50, outFrame: 100, title: 'Interview' }],
        },
      });
      expect((await rest(t, key, 'GET', `/items/${news.id}`)).body.sequence).toBeUndefined();
    });

    it.each([
      ['a non-video item', () => ({ itemId: tone.id, inFrame: 0, outFrame: 1 }), 400, 'SEQUENCE_ITEM_NOT_VIDEO'],
      [
        'a range outside the media',
        () => ({ itemId: news.id, inFrame: 0, outFrame: 251 }),
        400,
        'SEQUENCE_CLIP_RANGE_INVALID',
      ],
      [
        'an empty range',
        () => ({ itemId: news.id, in: '00:00:01:00', out: '00:00:01:00' }),
        400,
        'SEQUENCE_CLIP_RANGE_INVALID',
      ],
      ['a clip of neither form', () => ({ itemId: news.id, inFrame: 0 }), 400, 'VALIDATION_FAILED'],
      [
        'an unknown item',
        () => ({ itemId: '00000000-0000-4000-8000-000000000000', inFrame: 0, outFrame: 1 }),
        404,
        'NOT_FOUND',
      ],
    ])('answers %s with {code,message} and creates nothing', async (_, clip, status, code) => {
      const before = await itemCount();
      const result = await rest(t, key, 'POST', '/sequences', { title: 'Bad', clips: [clip()] });
      expect(result.status).toBe(status);
      expect(result.body).toMatchObject({ code, message: expect.any(String) });
      expect(await itemCount()).toBe(before);
    });

    it('quotes the spec for a non-video item', async () => {
      const result = await rest(t, key, 'POST', '/sequences', {
        title: 'Bad',
        clips: [{ itemId: tone.id, inFrame: 0, outFrame: 1 }],
      });
      expect(result.body.message).toBe('All items must be video to be added to a sequence');
    });

    it('keeps tenants apart: 404 for the other tenant’s sequence and items', async () => {
      const created = await rest(t, key, 'POST', '/sequences', {
        title: 'Alpha REST',
        clips: [{ itemId: news.id, inFrame: 0, outFrame: 5 }],
      });
      const id = created.body.id as string;
      expect((await rest(t, bravoKey, 'GET', `/sequences/${id}`)).status).toBe(404);
      expect((await rest(t, bravoKey, 'PUT', `/sequences/${id}`, { title: 'Taken' })).status).toBe(404);
      expect((await rest(t, bravoKey, 'GET', `/items/${id}`)).status).toBe(404);
      const borrowed = await rest(t, bravoKey, 'POST', '/sequences', {
        title: 'Borrowed',
        clips: [{ itemId: news.id, inFrame: 0, outFrame: 5 }],
      });
      expect(borrowed.status).toBe(404);
      expect((await rest(t, key, 'GET', `/sequences/${id}`)).body.title).toBe('Alpha REST');
    });
  });
});
