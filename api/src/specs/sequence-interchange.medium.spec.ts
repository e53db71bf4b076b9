import type { ItemMedia, TSequenceView } from '@mam/core';
import { testBackends } from '@mam/db/testing';
import {
  addMember,
  adminApiKey,
  insertItem,
  rest,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

type Tenant = TTwoTenantLibrary['alpha'];

const media = (timecodeStart: string | null, durationSeconds = 60): ItemMedia => ({
  durationSeconds,
  frameRate: '25/1',
  width: 1920,
  height: 1080,
  videoCodec: 'h264',
  audioCodec: 'aac',
  audioChannels: 2,
  sampleRate: 48_000,
  container: 'mp4',
  mimeType: 'video/mp4',
  bitRate: 8_000_000,
  timecodeStart,
  segmentCount: null,
  segmentDuration: null,
});

/** A video with probed media: 25 fps, 60 s (1500 frames), starting at `timecodeStart`. */
async function insertVideo(t: TestApp, tenant: Tenant, title: string, timecodeStart: string | null) {
  const item = await insertItem(t, tenant, { title, folderId: null, ownerId: tenant.admin.id });
  await t.services.deps.repos.items.updateVersion(tenant.tenant.id, item.leadingVersionId!, {
    media: media(timecodeStart),
  });
  return item;
}

const clipsOf = (view: TSequenceView) =>
  view.clips.map(({ itemId, inFrame, outFrame }) => ({ itemId, inFrame, outFrame }));

describe.each(testBackends)('sequence interchange on %s', (backend) => {
  let t: TestApp;
  let alpha: Tenant;
  let bravo: Tenant;
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let key: string;
  let bravoKey: string;
  let viewer: TMember;
  let debate: { id: string };
  let street: { id: string };
  let sequenceId: string;
  const clips = () => [
    { itemId: debate.id, inFrame: 250, outFrame: 375 },
    { itemId: street.id, inFrame: 0, outFrame: 50 },
  ];

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin } = await twoTenantLibrary(backend));
    key = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
    viewer = await addMember(t, alpha, 'viewer');
    debate = await insertVideo(t, alpha, 'Storting debate', '10:00:00:00');
    street = await insertVideo(t, alpha, 'Street interviews, Oslo', null);
    // Bravo has an item of the same name: an import by title must never reach across tenants.
    await insertVideo(t, bravo, 'Storting debate', '10:00:00:00');
    const created = await admin.mutate<{ id: string }>('sequences.create', {
      title: 'Kveldsnytt: "Debatt" 21/11',
      clips: clips(),
    });
    if (!created.ok) throw new Error(JSON.stringify(created));
    sequenceId = created.data.id;
  }, 120_000);

  afterAll(() => t.dispose());

  it('exports a CMX 3600 EDL with source timecodes, clip names and item references', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sequences/${sequenceId}/export.edl`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Kveldsnytt_ _Debatt_ 21_11.edl"; filename*=UTF-8''${encodeURIComponent('Kveldsnytt_ _Debatt_ 21_11.edl')}`,
    );
    expect(response.body.split('\n')).toEqual(
      expect.arrayContaining([
        'TITLE: Kveldsnytt: "Debatt" 21/11',
        '001  STORTING AA/V  C        10:00:10:00 10:00:15:00 01:00:00:00 01:00:05:00',
        '* FROM CLIP NAME: Storting debate',
        `* SOURCE FILE: mam:item:${debate.id}`,
        '002  STREET_I AA/V  C        00:00:00:00 00:00:02:00 01:00:05:00 01:00:07:00',
      ]),
    );
  });

  it('exports FCPXML and OpenTimelineIO with their content types, and starts the record where asked', async () => {
    const fcpxml = await rest(t, key, 'GET', `/sequences/${sequenceId}/export.fcpxml`);
    expect(fcpxml.status).toBe(200);
    expect(fcpxml.text).toContain('<format id="r1" frameDuration="1/25s" width="1920" height="1080"/>');
    expect(fcpxml.text).toContain(`<asset id="r2" name="Storting debate" uid="mam:item:${debate.id}" start="36000s"`);
    expect(fcpxml.text).toContain('name="Kveldsnytt: &quot;Debatt&quot; 21/11"');
    const otio = await rest(t, key, 'GET', `/sequences/${sequenceId}/export.otio?startTimecode=10:00:00:00`);
    expect(otio.status).toBe(200);
    expect(otio.body).toMatchObject({
      OTIO_SCHEMA: 'Timeline.1',
      global_start_time: { rate: 25, value: 900_000 },
      tracks: { children: [{ kind: 'Video' }, { kind: 'Audio' }] },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sequences/${sequenceId}/export.fcpxml`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  });

  it('exports through tRPC too, and needs exportSequence', async () => {
    const file = await admin.query<{ fileName: string; contentType: string; text: string }>('sequences.export', {
      id: sequenceId,
      format: 'otio',
    });
    expect(file.ok && [file.data.fileName, file.data.contentType]).toEqual([
      'Kveldsnytt_ _Debatt_ 21_11.otio',
      'application/json',
    ]);
    const refused = await viewer.client.query('sequences.export', { id: sequenceId, format: 'edl' });
    expect(refused.ok || refused.code).toBe('FORBIDDEN');
  });

  it("gives tenant B 404 for tenant A's sequence, in REST and tRPC", async () => {
    for (const format of ['edl', 'fcpxml', 'otio']) {
      const response = await rest(t, bravoKey, 'GET', `/sequences/${sequenceId}/export.${format}`);
      expect([response.status, response.body.code]).toEqual([404, 'NOT_FOUND']);
    }
    const viaTrpc = await bravoAdmin.query('sequences.export', { id: sequenceId, format: 'edl' });
    expect(viaTrpc.ok || [viaTrpc.status, viaTrpc.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('imports its own OTIO, FCPXML and EDL back as new sequences with the same clips', async () => {
    for (const format of ['otio', 'fcpxml', 'edl'] as const) {
      const exported = await rest(t, key, 'GET', `/sequences/${sequenceId}/export.${format}`);
      const imported = await rest(t, key, 'POST', '/sequences/import', {
        format,
        text: exported.text,
        title: `Reimported ${format}`,
      });
      expect(imported.status).toBe(201);
      const view = await admin.query<TSequenceView>('sequences.get', { id: imported.body.id });
      expect(view.ok && [view.data.title, clipsOf(view.data)]).toEqual([`Reimported ${format}`, clips()]);
    }
  });

  it('matches a hand-made EDL by clip name within the tenant, through tRPC', async () => {
    const edl = [
      'TITLE: FROM THE SUITE',
      'FCM: NON-DROP FRAME',
      '001  TAPE1    V     C        10:00:01:00 10:00:02:00 01:00:00:00 01:00:01:00',
      '* FROM CLIP NAME: storting DEBATE',
      '002  TAPE2    V     C        00:00:10:00 00:00:12:00 01:00:01:00 01:00:03:00',
      '* FROM CLIP NAME: Street interviews, Oslo',
    ].join('\n');
    const imported = await admin.mutate<{ id: string }>('sequences.import', {
      format: 'edl',
      text: edl,
      title: 'Suite',
    });
    if (!imported.ok) throw new Error(JSON.stringify(imported));
    const view = await admin.query<TSequenceView>('sequences.get', { id: imported.data.id });
    expect(view.ok && clipsOf(view.data)).toEqual([
      { itemId: debate.id, inFrame: 25, outFrame: 50 },
      { itemId: street.id, inFrame: 250, outFrame: 300 },
    ]);
  });

  it('creates nothing and names the clips that match no item of the tenant', async () => {
    const count = async (tenant: Tenant) =>
      (await t.services.deps.repos.items.list(tenant.tenant.id, { deleted: false, limit: 1000 })).filter(
        (row) => row.item.itemType === 'sequence',
      ).length;
    const [alphaBefore, bravoBefore] = [await count(alpha), await count(bravo)];
    const exported = await rest(t, key, 'GET', `/sequences/${sequenceId}/export.edl`);
    const handMade = `${exported.text}003  CARD     V     C        00:00:00:00 00:00:05:00 01:00:07:00 01:00:12:00\n* FROM CLIP NAME: Title card\n`;
    const mixed = await rest(t, key, 'POST', '/sequences/import', { format: 'edl', text: handMade, title: 'Mixed' });
    expect([mixed.status, mixed.body.code, mixed.body.message]).toEqual([
      400,
      'INTERCHANGE_CLIPS_UNMATCHED',
      'These clips from the editing suite have no matching clip in the product: Title card',
    ]);
    // Tenant B holds a 'Storting debate' of its own, but not Alpha's street interviews nor Alpha's item ids.
    const across = await rest(t, bravoKey, 'POST', '/sequences/import', {
      format: 'edl',
      text: exported.text,
      title: 'Stolen',
    });
    expect([across.status, across.body.code, across.body.message]).toEqual([
      400,
      'INTERCHANGE_CLIPS_UNMATCHED',
      'These clips from the editing suite have no matching clip in the product: Street interviews, Oslo',
    ]);
    expect([await count(alpha), await count(bravo)]).toEqual([alphaBefore, bravoBefore]);
  });

  it('answers 400 with the reason for a file it cannot read', async () => {
    const edl = await rest(t, key, 'POST', '/sequences/import', { format: 'edl', text: 'hello\n', title: 'x' });
    expect([edl.status, edl.body.code, edl.body.message]).toEqual([
      400,
      'INTERCHANGE_EDL_INVALID',
      'The EDL cannot be read: line 1 is not a valid event.',
    ]);
    const otio = await rest(t, key, 'POST', '/sequences/import', { format: 'otio', text: '[]', title: 'x' });
    expect([otio.status, otio.body.code]).toEqual([400, 'INTERCHANGE_OTIO_INVALID']);
    const fcpxml = await rest(t, key, 'POST', '/sequences/import', { format: 'fcpxml', text: '<fcpxml', title: 'x' });
    expect([fcpxml.status, fcpxml.body.code]).toEqual([400, 'INTERCHANGE_FCPXML_INVALID']);
  });
});
