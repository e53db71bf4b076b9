import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { centralRenderWorkflowId } from '@mam/workflows';
import { makeVideo } from '../testing/media-fixtures';
import { createWorkflowTranscoder } from '../testing/workflow-transcoder';

jest.setTimeout(600_000);

describe('central render', () => {
  let dir: string;
  let transcoder: Awaited<ReturnType<typeof createWorkflowTranscoder>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mam-central-render-'));
    transcoder = await createWorkflowTranscoder(path.join(dir, 'data'));
  });
  afterAll(async () => {
    await transcoder?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('renders a sequence into a placeholder that is then processed like an upload', async () => {
    const { services, actor, tenant, engine } = transcoder;
    const sources = [];
    for (const name of ['a.mp4', 'b.mp4']) {
      sources.push(await transcoder.run(makeVideo(dir, name, 2)));
    }
    const { id: sequenceId } = await services.sequences.create(
      actor,
      {
        title: 'Evening news',
        clips: [
          { itemId: sources[0]!.itemId, inFrame: 5, outFrame: 30 },
          { itemId: sources[1]!.itemId, inFrame: 0, outFrame: 20 },
          { itemId: sources[0]!.itemId, inFrame: 40, outFrame: 50 },
        ],
      },
      null,
    );
    const generic = (await services.renderPresets.list(actor)).find((p) => p.settings.mode === 'generic')!;
    const started = await services.centralRenders.start(actor, sequenceId, generic.id, null);
    const placeholder = await services.deps.repos.items.findById(tenant.id, started.placeholderItemId);
    expect(placeholder).toMatchObject({ itemType: 'placeholder', title: 'Evening news' });

    await engine.result(centralRenderWorkflowId(tenant.id, started.renderId));
    const render = await services.centralRenders.get(actor, started.renderId);
    expect(render).toMatchObject({ state: 'done', progress: 1, error: null, presetName: generic.name });
    const found = await services.deps.repos.items.findWithVersion(tenant.id, started.placeholderItemId);
    expect(found?.item.itemType).toBe('video');
    expect(found?.version?.transcoding.state).toBe('COMPLETE');
    expect(found?.version?.renditions.proxyMp4).toBeTruthy();
    expect(found?.version?.renditions.thumbnail).toBeTruthy();
    // The sources run at 50 frames a second, and the generic preset keeps their rate.
    expect(Math.round((found?.version?.media?.durationSeconds ?? 0) * 50)).toBe(25 + 20 + 10);
    expect(await services.centralRenders.listForSequence(actor, sequenceId)).toEqual([render]);
    await expect(services.centralRenders.cancel(actor, started.renderId, null)).rejects.toMatchObject({
      code: 'CENTRAL_RENDER_NOT_FOUND',
    });
  });
});
