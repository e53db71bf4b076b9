import type { WorkflowMetricsRepository } from '@mam/db';
import { runningFfmpegJobs } from '@mam/workers';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (served at /metrics). One registry per process: the HTTP hooks, the activity
 * wrapper and the upload path record into it; the workflow and queue figures are read from the database when
 * scraped, so they are the same whichever process (api or worker) is asked.
 */
export const metricsRegistry = new Registry();

let enabled = true;

let processMetrics = false;

/**
 * METRICS_ENABLED: false, the recording functions do nothing (and the HTTP hooks are not installed); true, the
 * process's own figures (memory, CPU, event-loop lag) are collected too.
 */
export function setMetricsEnabled(value: boolean): void {
  enabled = value;
  if (value && !processMetrics) {
    processMetrics = true;
    collectDefaultMetrics({ register: metricsRegistry, prefix: 'mam_' });
  }
}

export function metricsEnabled(): boolean {
  return enabled;
}

// Uploads of large masters and long searches run past Prometheus' default top bucket of 10 s.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
const ACTIVITY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

export const httpRequestDuration = new Histogram({
  name: 'mam_http_request_duration_seconds',
  help: 'HTTP requests by matched route pattern, method and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

export const activityDuration = new Histogram({
  name: 'mam_activity_duration_seconds',
  help: 'Workflow activity attempts run by this process, by activity type and outcome',
  labelNames: ['activity_type', 'outcome'] as const,
  buckets: ACTIVITY_BUCKETS,
  registers: [metricsRegistry],
});

export const activityFailures = new Counter({
  name: 'mam_activity_failures_total',
  help: 'Workflow activity attempts that failed (the runtime may retry them), by activity type',
  labelNames: ['activity_type'] as const,
  registers: [metricsRegistry],
});

export const uploadBytesReceived = new Counter({
  name: 'mam_upload_bytes_received_total',
  help: 'Upload bytes received and written to the upload store',
  registers: [metricsRegistry],
});

new Gauge({
  name: 'mam_ffmpeg_jobs_running',
  help: 'ffmpeg processes this process runs right now',
  registers: [metricsRegistry],
  collect() {
    this.set(runningFfmpegJobs());
  },
});

let workflowSource: WorkflowMetricsRepository | undefined;
let knownQueues: readonly string[] = [];

/**
 * The database the workflow and task-queue figures are read from (set once the process has one); `queues` are
 * reported at 0 when empty, so a dashboard tells an idle queue from a missing one.
 */
export function useWorkflowMetricsSource(
  source: WorkflowMetricsRepository | undefined,
  queues: readonly string[] = [],
): void {
  workflowSource = source;
  knownQueues = queues;
}

new Gauge({
  name: 'mam_workflows',
  help: 'Workflow runs by type and state (closed runs stay until their business id runs again)',
  labelNames: ['type', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!workflowSource) return;
    const rows = await workflowSource.workflowsByTypeAndStatus();
    this.reset();
    for (const row of rows) this.set({ type: row.type, state: row.status }, row.count);
  },
});

new Gauge({
  name: 'mam_task_queue_depth',
  help: 'Activity tasks waiting for a worker (scheduled, not yet running), by task queue',
  labelNames: ['task_queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!workflowSource) return;
    const rows = await workflowSource.pendingTasksByQueue();
    this.reset();
    for (const queue of knownQueues) this.set({ task_queue: queue }, 0);
    for (const row of rows) this.set({ task_queue: row.taskQueue }, row.count);
  },
});

/** Records upload bytes written (a tus PATCH body). */
export function recordUploadBytes(bytes: number): void {
  if (enabled && bytes > 0) uploadBytesReceived.inc(bytes);
}

/** '2xx' for 204; label values stay few whatever the status. */
export function statusClass(statusCode: number): string {
  return statusCode >= 100 && statusCode < 600 ? `${Math.floor(statusCode / 100)}xx` : 'other';
}

/** The tus store with the bytes each write brings counted (creation-with-upload and tus's own PATCH path). */
export function countUploadWrites<S extends { write(source: never, id: string, offset: number): Promise<number> }>(
  store: S,
): S {
  const write = store.write.bind(store);
  store.write = async (source, id, offset) => {
    const end = await write(source, id, offset);
    recordUploadBytes(end - offset);
    return end;
  };
  return store;
}
