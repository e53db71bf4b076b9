import { createServer, type Server } from 'node:http';
import { createWorkflowMetricsRepository, type Database } from '@mam/db';
import { TASK_REMINDER_TASK_QUEUE, TRANSCODE_TASK_QUEUE } from '@mam/workflows';
import type { TEnv } from '../config/env';
import { metricsAccess } from './metrics-access';
import { metricsRegistry, setMetricsEnabled, useWorkflowMetricsSource } from './metrics';
import { startTracing, traceServices } from './tracing';

/** The services whose calls get spans of their own (the domain steps of uploads, processing and search). */
const TRACED_SERVICES = ['itemLibrary', 'uploads', 'versions', 'processing', 'search', 'publicUploadRequests'];

export interface TObservability {
  /** Flushes batched spans and stops the metrics listener, if any. */
  stop(): Promise<void>;
}

/**
 * Metrics read from `db`; traces exported when OTEL_EXPORTER_OTLP_ENDPOINT is set (the SDK is loaded only then);
 * with `metricsPort` (the media worker, which has no HTTP server), /metrics served on a listener of its own.
 */
export async function startObservability(
  env: Pick<TEnv, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_SERVICE_NAME' | 'METRICS_TOKEN' | 'METRICS_ENABLED' | 'HOST'>,
  options: { db: Database; services?: object; metricsPort?: number },
): Promise<TObservability> {
  setMetricsEnabled(env.METRICS_ENABLED);
  useWorkflowMetricsSource(createWorkflowMetricsRepository(options.db), [
    TRANSCODE_TASK_QUEUE,
    TASK_REMINDER_TASK_QUEUE,
  ]);
  const stopTracing = env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME })
    : undefined;
  if (options.services) traceServices(options.services, TRACED_SERVICES);
  const server =
    options.metricsPort === undefined || !env.METRICS_ENABLED
      ? undefined
      : await serveMetrics(options.metricsPort, env.HOST, env.METRICS_TOKEN);
  return {
    async stop() {
      useWorkflowMetricsSource(undefined);
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      await stopTracing?.();
    },
  };
}

/** /metrics on a listener of its own, with the same access rule as the api's. */
async function serveMetrics(port: number, host: string, token: string | undefined): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    const access = metricsAccess(token, { remoteAddress: request.socket.remoteAddress, headers: request.headers });
    if (access !== 'allowed') {
      response.writeHead(access === 'unauthenticated' ? 401 : 403).end();
      return;
    }
    metricsRegistry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
