import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testBackends } from '@mam/db/testing';
import { replayHistories } from '@mam/workflows/testing/replay';
import { addMember, adminApiKey, signedInAdmin } from '../testing/library-fixtures';
import { makeTruncatedVideo, makeVideo } from '../testing/media-fixtures';
import { createTenant, createTestApp, type TestApp, type TrpcClient } from '../testing/test-app';
import { TusTestClient } from '../testing/tus-client';
import type { TJobDetail, TJobView } from '../services/workflows/background-jobs.service';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

describe.each(testBackends)('background jobs on %s', (backend) => {
  let t: TestApp;
  let root: Tenant;
  let alpha: Tenant;
  let bravo: Tenant;
  let rootAdmin: TrpcClient;
  let alphaAdmin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let alphaKey: string;
  let bravoKey: string;
  let itemId: string;
  let workflowId: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-jobs-spec-'));
  const auth = (key: string) => ({ authorization: `Bearer ${key}` });
  const rest = (key: string, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: auth(key) });

  async function transcoding(id: string): Promise<{ state: string; error: string | null }> {
    const item = (await rest(alphaKey, 'GET', `/items/${id}`)).json() as {
      transcoding: { state: string; error: string | null };
    };
    return item.transcoding;
  }

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 600; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('timed out');
  }

  async function jobs(client: TrpcClient, input: Record<string, unknown> = {}) {
    const result = await client.query<{ jobs: TJobView[]; nextCursor: string | null }>('backgroundJobs.list', input);
    if (!result.ok) throw new Error(result.code);
    return result.data;
  }

  beforeAll(async () => {
    t = await createTestApp(backend, { media: true });
    root = await createTenant(t, 'root', true);
    alpha = await createTenant(t, 'alpha');
    bravo = await createTenant(t, 'bravo');
    rootAdmin = await signedInAdmin(t, root);
    alphaAdmin = await signedInAdmin(t, alpha);
    bravoAdmin = await signedInAdmin(t, bravo);
    alphaKey = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
    // A transcode that fails: the file ends after 3,000 bytes.
    const broken = makeTruncatedVideo(dir, makeVideo(dir, 'source.mp4'));
    ({ itemId } = await new TusTestClient(t.app, auth(alphaKey)).upload(broken, { filename: 'broken.mp4' }));
    await until(
      () => transcoding(itemId),
      (state) => state.state === 'ERROR',
    );
    // The item shows the error before the run records its own failure and closes.
    const failed = await until(
      () => jobs(alphaAdmin),
      (page) => page.jobs[0]?.status === 'FAILED',
    );
    workflowId = failed.jobs[0]!.workflowId;
  });
  afterAll(async () => {
    await t.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists the tenant's failed transcode for its administrator", async () => {
    const page = await jobs(alphaAdmin, { statuses: ['FAILED'], types: ['transcodeWorkflow'] });
    expect(page.jobs).toEqual([
      expect.objectContaining({
        workflowId: expect.stringMatching(/^alpha:item-.*:transcode$/),
        type: 'transcodeWorkflow',
        status: 'FAILED',
        itemId,
        tenant: { id: alpha.tenant.id, slug: 'alpha', name: 'ALPHA' },
        closedAt: expect.any(String),
      }),
    ]);
    expect((await jobs(alphaAdmin, { statuses: ['RUNNING'] })).jobs).toEqual([]);
    expect((await jobs(alphaAdmin, { startedFrom: new Date(Date.now() + 60_000).toISOString() })).jobs).toEqual([]);
  });

  it('reads the history as a timeline with the failing activity, its attempts and the error', async () => {
    const result = await alphaAdmin.query<TJobDetail>('backgroundJobs.get', { workflowId });
    if (!result.ok) throw new Error(result.code);
    const job = result.data;
    const kinds = job.events.map((event) => event.kind);
    expect(kinds[0]).toBe('WorkflowStarted');
    expect(kinds.at(-1)).toBe('WorkflowFailed');
    expect(kinds).toContain('ActivityFailed');
    expect(job.failure).toMatchObject({ type: 'TranscodeFailed', rootMessage: expect.stringMatching(/\w/) });
    const failed = job.activities.find((activity) => activity.state === 'FAILED');
    expect(failed).toMatchObject({ activityType: expect.any(String), attempts: expect.any(Number) });
    expect(failed!.failure?.rootMessage).toMatch(/\w/);
    expect(job.activities.some((activity) => activity.activityType === 'failTranscode')).toBe(true);
  });

  describe("tenant B and tenant A's runs", () => {
    it('sees none of them and steers none of them over tRPC', async () => {
      expect((await jobs(bravoAdmin)).jobs).toEqual([]);
      expect((await jobs(bravoAdmin, { tenantId: alpha.tenant.id })).jobs).toEqual([]);
      for (const [kind, path] of [
        ['query', 'backgroundJobs.get'],
        ['mutate', 'backgroundJobs.retry'],
        ['mutate', 'backgroundJobs.cancel'],
        ['mutate', 'backgroundJobs.terminate'],
      ] as const) {
        const result = await bravoAdmin[kind](path, { workflowId });
        expect(result).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      }
    });

    it('sees none of them and steers none of them over REST', async () => {
      const list = await rest(bravoKey, 'GET', `/workflows?tenantId=${alpha.tenant.id}`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ workflows: [], nextCursor: null });
      const id = encodeURIComponent(workflowId);
      expect((await rest(bravoKey, 'GET', `/workflows/${id}`)).statusCode).toBe(404);
      for (const action of ['retry', 'cancel', 'terminate']) {
        expect((await rest(bravoKey, 'POST', `/workflows/${id}/${action}`)).statusCode).toBe(404);
      }
      expect(await transcoding(itemId)).toMatchObject({ state: 'ERROR' });
    });
  });

  it("shows the super administrator every tenant's runs, and one tenant's on request", async () => {
    const all = await jobs(rootAdmin);
    expect(all.jobs.map((job) => job.workflowId)).toContain(workflowId);
    expect((await jobs(rootAdmin, { tenantId: bravo.tenant.id })).jobs).toEqual([]);
    expect((await jobs(rootAdmin, { tenantId: alpha.tenant.id })).jobs.map((job) => job.workflowId)).toEqual([
      workflowId,
    ]);
    const detail = await rootAdmin.query<TJobDetail>('backgroundJobs.get', { workflowId });
    expect(detail).toMatchObject({ ok: true, data: { workflowId, tenant: { slug: 'alpha' } } });
  });

  it('needs backgroundJobs: members without it are refused, members with it see their tenant', async () => {
    const plain = await addMember(t, alpha, 'plain');
    expect(await plain.client.query('backgroundJobs.list', {})).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const operator = await addMember(t, alpha, 'operator', { backgroundJobs: true });
    expect((await jobs(operator.client)).jobs.map((job) => job.workflowId)).toEqual([workflowId]);
  });

  it('pages through runs newest first without losing or repeating any', async () => {
    const first = await jobs(rootAdmin, { limit: 1 });
    expect(first.jobs).toHaveLength(1);
    expect(first.nextCursor).toBeNull();
    expect((await rest(alphaKey, 'GET', '/workflows?limit=1&status=FAILED,CANCELLED')).json()).toMatchObject({
      workflows: [{ workflowId }],
      nextCursor: null,
    });
  });

  it("downloads the history as Temporal's export, with the session or an API key, and it replays cleanly", async () => {
    const url = `/api/v1/workflows/${encodeURIComponent(workflowId)}/history.json`;
    const byKey = await t.app.inject({ method: 'GET', url, headers: auth(alphaKey) });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.headers['content-disposition']).toMatch(/^attachment; filename=".*\.history\.json"$/);
    const history = byKey.json() as { events: Array<{ eventType: string }> };
    expect(history.events[0]!.eventType).toBe('EVENT_TYPE_WORKFLOW_EXECUTION_STARTED');
    expect(history.events.at(-1)!.eventType).toBe('EVENT_TYPE_WORKFLOW_EXECUTION_FAILED');
    const cookie = (client: TrpcClient) => ({ cookie: `mam_session=${client.cookie('mam_session')}` });
    const bySession = await t.app.inject({ method: 'GET', url, headers: cookie(alphaAdmin) });
    expect(bySession.json()).toEqual(history);
    expect((await t.app.inject({ method: 'GET', url, headers: cookie(bravoAdmin) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: auth(bravoKey) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const workflowsPath = path.join(__dirname, '../../../workflows/src/workflows.ts');
    const [outcome] = await replayHistories(workflowsPath, [{ workflowId, history }]);
    expect(outcome).toEqual({ workflowId });
  });

  it('refuses to cancel or terminate a finished run', async () => {
    expect(await alphaAdmin.mutate('backgroundJobs.cancel', { workflowId })).toMatchObject({
      ok: false,
      code: 'WORKFLOW_NOT_RUNNING',
    });
    const id = encodeURIComponent(workflowId);
    expect((await rest(alphaKey, 'POST', `/workflows/${id}/terminate`)).statusCode).toBe(409);
  });

  it('retries a failed transcode as reprocess does: a new run of the same id under a new operation', async () => {
    const before = (await jobs(alphaAdmin)).jobs[0]!;
    const retried = await alphaAdmin.mutate<{ runId: string }>('backgroundJobs.retry', { workflowId });
    if (!retried.ok) throw new Error(retried.code);
    expect(retried.data.runId).not.toBe(before.runId);
    // As reprocess: the version's processing starts over under a new operation.
    const operations = await t.services.deps.repos.operations.list(alpha.tenant.id, {
      kinds: ['transcode'],
      limit: 10,
    });
    expect(operations.filter((operation) => operation.itemId === itemId)).toHaveLength(2);
    // The file is still broken: the new run fails the same way.
    await until(
      () => transcoding(itemId),
      (state) => state.state === 'ERROR',
    );
    const after = await until(
      () => jobs(alphaAdmin),
      (page) => page.jobs[0]?.status === 'FAILED',
    );
    expect(after.jobs).toHaveLength(1);
    expect(after.jobs[0]!.runId).toBe(retried.data.runId);
    const audit = await t.services.deps.repos.auditEvents.list(alpha.tenant.id, { limit: 20 });
    expect(audit.map((event) => event.action)).toContain('workflow.retried');
  });
});
