import type { WorkflowRepository } from '@mam/db';
import { WorkflowFailedError, type Client, type WorkflowExecutionDescription } from '@temporalio/client';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import type { QueryDefinition, SignalDefinition } from '@temporalio/workflow';
import type {
  TListWorkflowsFilter,
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
      memo: { tenantId: options.tenantId, itemId: options.itemId ?? null, requestId: options.requestId ?? null },
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

  async result<R = unknown>(workflowId: string): Promise<R> {
    return this.client.workflow.getHandle(workflowId).result() as Promise<R>;
  }
}
