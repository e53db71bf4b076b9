import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { uploadItem } from './support/seed-item';
import { startServer, type RunningServer } from './support/server';

jest.setTimeout(180_000);

interface TOtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

/** A stand-in OpenTelemetry collector: accepts OTLP/HTTP JSON on /v1/traces and keeps the spans. */
async function startOtlpReceiver(): Promise<{ url: string; spans: TOtlpSpan[]; close(): Promise<void> }> {
  const spans: TOtlpSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces' && request.headers['content-type']?.includes('json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: TOtlpSpan[] }> }>;
        };
        for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The value of one series in Prometheus' text format, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics and traces of an upload through transcode', () => {
  const token = 'metrics-e2e-token-0123456789';
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-observability-'));
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let server: RunningServer;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    server = await startServer({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, METRICS_TOKEN: token } });
  });

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const scrape = async (authorization?: string) =>
    fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });

  it('shows the upload, the workflow and its activities in /metrics and in one trace', async () => {
    const apiKey = await createApiKey(server, 'observability-e2e');
    const video = readFileSync(makeVideo(dir, 'Clip.mp4', 2, '320x180'));
    await uploadItem(server, apiKey, 'Clip.mp4', video);

    // The metrics are not public: the bearer token is required.
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer wrong-token-wrong-token')).status).toBe(401);

    const metrics = await until('the transcode to complete', async () => {
      const response = await scrape(`Bearer ${token}`);
      expect(response.status).toBe(200);
      const text = await response.text();
      return sample(text, 'mam_workflows{type="transcodeWorkflow",state="COMPLETED"}') === 1 ? text : undefined;
    });
    expect(
      sample(
        metrics,
        'mam_http_request_duration_seconds_count{method="POST",route="/api/v1/uploads",status_class="2xx"}',
      ),
    ).toBe(1);
    // Routes, not URLs: no series carries an item's id.
    expect(metrics).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(sample(metrics, 'mam_upload_bytes_received_total')).toBe(video.length);
    expect(
      sample(metrics, 'mam_activity_duration_seconds_count{activity_type="probeOriginal",outcome="completed"}'),
    ).toBe(1);
    expect(
      sample(metrics, 'mam_activity_duration_seconds_count{activity_type="render",outcome="completed"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(metrics, 'mam_task_queue_depth{task_queue="media"}')).toBe(0);
    expect(sample(metrics, 'mam_ffmpeg_jobs_running')).toBe(0);

    const spans = await until('the activity spans to be exported', async () =>
      receiver.spans.some((span) => span.name === 'activity completeTranscode') ? receiver.spans : undefined,
    );
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const request = spans.find((span) => span.name === 'POST /api/v1/uploads');
    const start = spans.find((span) => span.name === 'workflow.start transcodeWorkflow');
    const service = spans.find((span) => span.name === 'processing.startTranscode');
    const activities = spans.filter((span) => span.name.startsWith('activity '));
    expect(request).toBeDefined();
    expect(start).toBeDefined();
    expect(service).toBeDefined();
    expect(activities.map((span) => span.name)).toEqual(
      expect.arrayContaining(['activity probeOriginal', 'activity render', 'activity completeTranscode']),
    );
    for (const span of [service!, start!, ...activities]) expect(span.traceId).toBe(request!.traceId);
    // The request is the root; the service call within it starts the run; the run's activities are its children.
    const ancestors = (span: TOtlpSpan): string[] => {
      const parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
      return parent ? [parent.name, ...ancestors(parent)] : [];
    };
    expect(ancestors(start!)).toEqual(expect.arrayContaining(['processing.startTranscode', 'POST /api/v1/uploads']));
    for (const activity of activities) expect(activity.parentSpanId).toBe(start!.spanId);
  });
});
