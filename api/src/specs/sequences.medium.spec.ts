import type { ItemMedia, TSequenceView } from '@mam/core';
import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import {
  addMember,
  insertItem,
  setEveryonePermissions,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

type Tenant = TTwoTenantLibrary['alpha'];

const media = (over: Partial<ItemMedia>): ItemMedia => ({
  durationSeconds: 10,
  frameRate: '25/1',
  width: 1920,
  height: 1080,
  videoCodec: 'h264',
  audioCodec: 'aac',
  audioChannels: 2,
  sampleRate: 48000,
  container: 'mp4',
  mimeType: 'video/mp4',
  bitRate: null,
  timecodeStart: null,
  segmentCount: null,
  segmentDuration: null,
  ...over,
});

/** A processed item whose leading version has the given media (the pipeline is not what these tests are about). */
export async function insertMediaItem(
  t: TestApp,
  tenant: Tenant,
  values: { title: string; folderId: string | null; itemType?: TItemRow['itemType'] },
  itemMedia: ItemMedia,
): Promise<TItemRow> {
  const row = await insertItem(t, tenant, { ...values, ownerId: tenant.admin.id });
  const { repos } = t.services.deps;
  await repos.items.updateVersion(tenant.tenant.id, row.leadingVersionId!, { media: itemMedia });
  if (values.itemType) await repos.items.update(tenant.tenant.id, row.id, { itemType: values.itemType });
  return { ...row, itemType: values.itemType ?? row.itemType };
}

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

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    news = await insertMediaItem(t, alpha, { title: 'News rushes', folderId: root }, media({}));
    interview = await insertMediaItem(
      t,
      alpha,
      { title: 'Interview', folderId: root },
      media({ durationSeconds: 4, timecodeStart: '10:00:00:00' }),
    );
    tone = await insertMediaItem(
      t,
      alpha,
      { title: 'Tone', folderId: root, itemType: 'audio' },
      media({ frameRate: null, videoCodec: null }),
    );
    const bravoRoot = (await t.services.deps.repos.folders.findRoot(bravo.tenant.id))!.id;
    bravoVideo = await insertMediaItem(t, bravo, { title: 'Bravo rushes', folderId: bravoRoot }, media({}));
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
});
