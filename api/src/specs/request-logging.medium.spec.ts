import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testBackends } from '@mam/db/testing';
import pino from 'pino';
import { makeVideo } from '../testing/media-fixtures';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';
import { TusTestClient } from '../testing/tus-client';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  workflowId?: string;
  requestId?: string;
  activityType?: string;
}

const DEBUG = 20;
const INFO = 30;

describe.each(testBackends)('request logs on %s', (backend) => {
  let t: TestApp;
  let apiKey: string;
  const lines: LogLine[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-request-logging-spec-'));

  beforeAll(async () => {
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    t = await createTestApp(backend, { media: true, logger });
    const tenant = await createTenant(t, 'alpha');
    const client = new TrpcClient(t.app);
    await client.login(tenant.tenant.slug, tenant.adminEmail, tenant.adminPassword);
    const created = await client.mutate<{ secret: string }>('apiKeys.create', {
      label: 'robot',
      expiresAt: null,
      maxUnusedDays: null,
    });
    if (!created.ok) throw new Error(created.code);
    apiKey = created.data.secret;
    // A fresh embedded database and its migrations take a while on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await t.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const auth = () => ({ authorization: `Bearer ${apiKey}` });

  it("an upload's transcode run logs the workflow id and the id of the request that finished the upload", async () => {
    const video = makeVideo(dir, 'clip.mp4', 1);
    const { itemId } = await new TusTestClient(t.app, auth()).upload(video, { filename: 'clip.mp4' }, 1 << 30);
    for (let i = 0; ; i++) {
      const item = (await t.app.inject({ method: 'GET', url: `/api/v1/items/${itemId}`, headers: auth() })).json() as {
        transcoding: { state: string } | null;
      };
      if (item.transcoding?.state === 'COMPLETE') break;
      if (item.transcoding?.state === 'ERROR' || i > 600) throw new Error('the transcode did not complete');
      await new Promise((r) => setTimeout(r, 100));
    }

    // The one PATCH carried every byte: the upload finished in it, and it started the run.
    const patches = lines.filter((l) => l.msg === 'incoming request' && l.req?.method === 'PATCH');
    expect(patches).toHaveLength(1);
    const requestId = patches[0]!.reqId;
    expect(requestId).toBeTruthy();

    const started = lines.filter((l) => l.msg === 'workflow started' && l.requestId === requestId);
    expect(started).toHaveLength(1);
    const workflowId = started[0]!.workflowId;
    expect(workflowId).toContain(itemId);
    const activities = lines.filter((l) => l.msg === 'activity completed' && l.workflowId === workflowId);
    expect(activities.length).toBeGreaterThan(2);
    for (const line of activities) expect(line).toMatchObject({ level: INFO, requestId });
  });

  it('logs health checks at debug and API requests at info', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: auth() });
    const levels = (url: string) =>
      lines.filter((l) => l.msg === 'incoming request' && l.req?.url === url).map((l) => l.level);
    expect(levels('/api/health')).toEqual([DEBUG]);
    expect(levels('/api/v1/me')).toEqual([INFO]);
  });
});
