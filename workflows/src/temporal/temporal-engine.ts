import type { WorkflowRepository } from '@mam/db';
import { WorkflowFailedError, type Client, type WorkflowExecutionDescription } from '@temporalio/client';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import type { QueryDefinition, SignalDefinition } from '@temporalio/workflow';
import { historyToJSON } from '../history/history-json';
import type { TTemporalHistoryJson } from '../history/temporal-history';
import { decodeCursor, encodeCursor } from '../page-cursor';
import { temporalTimeline } from './temporal-timeline';
import type {
  TListWorkflowsFilter,
  TWorkflowHistory,
  TWorkflowPage,
  TWorkflowPageQuery,
  TStartWorkflowOptions,
  TPendingActivity,
  TWorkflowDescription,
  TWorkflowFailureSummary,
  TWorkflowStatus,
  TWorkflowSummary,
  WorkflowEngine,
} from '../engine';

const PENDING_STATE: Record<number, TPendingActivity['state']> = {
  1: 'SCHEDULED',
  2: 'STARTED',
  3: 'CANCEL_REQUESTED',
};

function statusOf(description: Pick<WorkflowExecutionDescription, 'status'>): TWorkflowStatus {
  switch (description.status.name) {
    case 'COMPLETED':
    case 'FAILED':
    case 'CANCELLED':
    case 'TERMINATED':
      return description.status.name;
    case 'TIMED_OUT':
      return 'FAILED';
    case 'RUNNING':
    case 'CONTINUED_AS_NEW':
    case 'PAUSED':
    case 'UNSPECIFIED':
    case 'UNKNOWN':
      return 'RUNNING';
  }
}

/** Visibility's names of the statuses each of ours stands for. */
const VISIBILITY_STATUS: Record<TWorkflowStatus, string[]> = {
  RUNNING: ['Running'],
  COMPLETED: ['Completed'],
  FAILED: ['Failed', 'TimedOut'],
  CANCELLED: ['Canceled'],
  TERMINATED: ['Terminated'],
};

/** Temporal's WorkflowExecutionStatus numbers. */
const STATUS_BY_CODE: Record<number, TWorkflowStatus> = {
  1: 'RUNNING',
  2: 'COMPLETED',
  3: 'FAILED',
  4: 'CANCELLED',
  5: 'TERMINATED',
  6: 'COMPLETED',
  7: 'FAILED',
};

function quote(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** The visibility query for a page's filters (tenants are told apart afterwards, by the run's memo). */
export function visibilityQuery(query: Pick<TWorkflowPageQuery, 'types' | 'statuses' | 'startedFrom' | 'startedTo'>) {
  const any = (field: string, values: string[]) =>
    `(${values.map((value) => `${field} = ${quote(value)}`).join(' OR ')})`;
  const clauses: string[] = [];
  if (query.types?.length) clauses.push(any('WorkflowType', query.types));
  if (query.statuses?.length)
    clauses.push(
      any(
        'ExecutionStatus',
        query.statuses.flatMap((s) => VISIBILITY_STATUS[s]),
      ),
    );
  if (query.startedFrom) clauses.push(`StartTime >= ${quote(query.startedFrom.toISOString())}`);
  if (query.startedTo) clauses.push(`StartTime < ${quote(query.startedTo.toISOString())}`);
  return clauses.join(' AND ');
}

function timestampDate(ts: { seconds?: unknown; nanos?: number | null } | null | undefined): Date | null {
  if (!ts) return null;
  const seconds = ts.seconds as number | { toNumber(): number } | null | undefined;
  const whole = typeof seconds === 'number' ? seconds : (seconds?.toNumber() ?? 0);
  return new Date(whole * 1000 + Math.floor((ts.nanos ?? 0) / 1_000_000));
}

/** Visibility may answer with fewer matches per page than asked (the tenant is checked here): pages it asks for. */
const MAX_VISIBILITY_CALLS = 10;

function decode(payload: Payload | undefined | null): unknown {
  if (!payload) return undefined;
  try {
    return defaultPayloadConverter.fromPayload(payload);
  } catch {
    return undefined;
  }
}

function summarise(error: unknown): TWorkflowFailureSummary {
  const top = error instanceof WorkflowFailedError && error.cause ? error.cause : error;
  let root: unknown = top;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const message = top instanceof Error ? top.message : String(top);
  const type = (top as { type?: unknown }).type;
  return {
    message,
    ...(typeof type === 'string' ? { type } : {}),
    rootMessage: root instanceof Error ? root.message : message,
  };
}

/**
 * The engine over a Temporal server. Temporal owns the runs; they are also indexed in workflow_execution so they
 * can be listed by tenant and item without custom search attributes on the server.
 */
export class TemporalWorkflowEngine implements WorkflowEngine {
  readonly kind = 'temporal' as const;

  constructor(
    private readonly client: Client,
    private readonly repo: WorkflowRepository,
  ) {}

  async start(workflowType: string, options: TStartWorkflowOptions): Promise<{ workflowId: string; runId: string }> {
    const handle = await this.client.workflow.start(workflowType, {
      workflowId: options.workflowId,
      taskQueue: options.taskQueue,
      args: options.args,
      memo: {
        tenantId: options.tenantId,
        itemId: options.itemId ?? null,
        requestId: options.requestId ?? null,
        // Read by the run's outbound interceptor, which passes it to each activity (run-context-headers.ts).
        traceParent: options.traceParent ?? null,
      },
    });
    await this.repo.indexTemporalRun({
      id: options.workflowId,
      runId: handle.firstExecutionRunId,
      type: workflowType,
      taskQueue: options.taskQueue,
      input: options.args,
      tenantId: options.tenantId,
      itemId: options.itemId ?? null,
    });
    return { workflowId: options.workflowId, runId: handle.firstExecutionRunId };
  }

  async signal<Args extends unknown[]>(
    workflowId: string,
    signal: string | SignalDefinition<Args>,
    ...args: Args
  ): Promise<void> {
    await this.client.workflow.getHandle(workflowId).signal(signal as string, ...args);
  }

  async cancel(workflowId: string): Promise<void> {
    await this.client.workflow.getHandle(workflowId).cancel();
  }

  async terminate(workflowId: string, reason?: string): Promise<void> {
    await this.client.workflow.getHandle(workflowId).terminate(reason);
  }

  async describe(workflowId: string): Promise<TWorkflowDescription> {
    const handle = this.client.workflow.getHandle(workflowId);
    const description = await handle.describe();
    const status = statusOf(description);
    let failure: TWorkflowFailureSummary | undefined;
    if (status === 'FAILED' || status === 'CANCELLED' || status === 'TERMINATED') {
      failure = await handle.result().then(
        () => undefined,
        (error: unknown) => summarise(error),
      );
    }
    await this.repo.updateStatus(workflowId, description.runId, status, description.closeTime ?? null);
    return {
      workflowId,
      runId: description.runId,
      type: description.type,
      taskQueue: description.taskQueue,
      status,
      startedAt: description.startTime,
      closedAt: description.closeTime ?? null,
      ...(failure ? { failure } : {}),
      pendingActivities: (description.raw.pendingActivities ?? []).map((activity) => ({
        activityType: activity.activityType?.name ?? 'unknown',
        ...(Number.isFinite(Number(activity.activityId)) && activity.activityId
          ? { ref: Number(activity.activityId) }
          : {}),
        attempt: activity.attempt ?? 1,
        state: PENDING_STATE[Number(activity.state)] ?? 'SCHEDULED',
        heartbeatDetails: decode(activity.heartbeatDetails?.payloads?.[0] as Payload | undefined),
        ...(activity.lastFailure?.message ? { lastFailure: activity.lastFailure.message } : {}),
      })),
    };
  }

  async query<R = unknown, Args extends unknown[] = unknown[]>(
    workflowId: string,
    query: string | QueryDefinition<R, Args>,
    ...args: Args
  ): Promise<R> {
    return this.client.workflow.getHandle(workflowId).query<R, Args>(query as string, ...args);
  }

  /** From the index; runs it still shows running are refreshed from Temporal first. */
  async list(filter: TListWorkflowsFilter): Promise<TWorkflowSummary[]> {
    const rows = await this.repo.listExecutions(filter.tenantId, {
      itemId: filter.itemId,
      limit: filter.limit ?? 100,
    });
    const summaries: TWorkflowSummary[] = [];
    for (const row of rows) {
      let status = row.status;
      let closedAt = row.closedAt;
      if (status === 'RUNNING' && row.runtime === 'temporal') {
        try {
          const description = await this.client.workflow.getHandle(row.id, row.runId).describe();
          status = statusOf(description);
          closedAt = description.closeTime ?? null;
          await this.repo.updateStatus(row.id, row.runId, status, closedAt);
        } catch {
          // Unknown to Temporal (retention expired): keep what the index says.
        }
      }
      if (filter.status && status !== filter.status) continue;
      summaries.push({
        workflowId: row.id,
        runId: row.runId,
        type: row.type,
        status,
        tenantId: row.tenantId,
        itemId: row.itemId,
        startedAt: row.startedAt,
        closedAt,
      });
    }
    return summaries;
  }

  /**
   * Through Temporal's visibility API, so runs started elsewhere show too. Temporal knows nothing of tenants: the
   * tenant of a run is in its memo, written at start, and runs without one are the system's.
   */
  async listPage(query: TWorkflowPageQuery): Promise<TWorkflowPage> {
    const namespace = this.client.options.namespace;
    const filter = visibilityQuery(query);
    let token = decodeCursor(query.cursor, (value): value is string => typeof value === 'string');
    const workflows: TWorkflowSummary[] = [];
    for (let call = 0; call < MAX_VISIBILITY_CALLS && workflows.length < query.limit; call++) {
      const response = await this.client.workflowService.listWorkflowExecutions({
        namespace,
        query: filter,
        pageSize: query.limit - workflows.length,
        nextPageToken: token ? Buffer.from(token, 'base64') : undefined,
      });
      for (const raw of response.executions ?? []) {
        const memo = Object.fromEntries(
          Object.entries(raw.memo?.fields ?? {}).map(([key, payload]) => [key, decode(payload as Payload)]),
        );
        const tenantId = typeof memo.tenantId === 'string' ? memo.tenantId : null;
        if (query.tenant !== 'any' && query.tenant.id !== tenantId) continue;
        workflows.push({
          workflowId: raw.execution?.workflowId ?? '',
          runId: raw.execution?.runId ?? '',
          type: raw.type?.name ?? 'unknown',
          status: STATUS_BY_CODE[Number(raw.status)] ?? 'RUNNING',
          tenantId,
          itemId: typeof memo.itemId === 'string' ? memo.itemId : null,
          startedAt: timestampDate(raw.startTime) ?? new Date(0),
          closedAt: timestampDate(raw.closeTime),
        });
      }
      const next = response.nextPageToken;
      token = next && next.length > 0 ? Buffer.from(next).toString('base64') : undefined;
      if (!token) break;
    }
    return { workflows, nextCursor: token ? encodeCursor(token) : null };
  }

  async history(workflowId: string): Promise<TWorkflowHistory> {
    const handle = this.client.workflow.getHandle(workflowId);
    const [description, history] = await Promise.all([handle.describe(), handle.fetchHistory()]);
    const memo = description.memo ?? {};
    const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
    const input = (started?.input?.payloads ?? []).map((payload) => decode(payload as Payload));
    return {
      workflowId,
      runId: description.runId,
      type: description.type,
      taskQueue: description.taskQueue,
      status: statusOf(description),
      tenantId: typeof memo.tenantId === 'string' ? memo.tenantId : null,
      itemId: typeof memo.itemId === 'string' ? memo.itemId : null,
      input,
      startedAt: description.startTime,
      closedAt: description.closeTime ?? null,
      events: temporalTimeline(history),
    };
  }

  async exportHistory(workflowId: string): Promise<TTemporalHistoryJson> {
    const history = await this.client.workflow.getHandle(workflowId).fetchHistory();
    return historyToJSON(history);
  }

  async result<R = unknown>(workflowId: string): Promise<R> {
    return this.client.workflow.getHandle(workflowId).result() as Promise<R>;
  }
}
