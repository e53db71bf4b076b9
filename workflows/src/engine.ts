import type { TWorkflowEventKind } from '@mam/db';
import type { QueryDefinition, SignalDefinition } from '@temporalio/workflow';
import type { TTemporalHistoryJson } from './history/temporal-history';

export type TWorkflowStatus = 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'TERMINATED';

export interface TStartWorkflowOptions {
  /** Business key, e.g. `demo:item-123:transcode`. A running id cannot be started again; a closed one can. */
  workflowId: string;
  taskQueue: string;
  args: unknown[];
  /** Null for system workflows that belong to no tenant. */
  tenantId: string | null;
  /** Lets `list` find the runs of an item. */
  itemId?: string;
  /** The HTTP request that started the run: the run's workflow and activity logs carry it. */
  requestId?: string;
  /** The W3C traceparent of the caller's span (tracing on): the run's activity spans become its children. */
  traceParent?: string;
}

export interface TPendingActivity {
  activityType: string;
  /** The activity's number in the run (TWorkflowHistoryEvent.ref), when the runtime tells it. */
  ref?: number;
  attempt: number;
  state: 'SCHEDULED' | 'STARTED' | 'CANCEL_REQUESTED';
  /** The last heartbeat's details (progress), if any. */
  heartbeatDetails: unknown;
  /** Why the previous attempt failed, when this is a retry. */
  lastFailure?: string;
}

export interface TWorkflowFailureSummary {
  message: string;
  type?: string;
  /** The deepest cause's message, e.g. the activity's own error under Temporal's wrapping. */
  rootMessage: string;
}

export interface TWorkflowDescription {
  workflowId: string;
  runId: string;
  type: string;
  taskQueue: string;
  status: TWorkflowStatus;
  startedAt: Date;
  closedAt: Date | null;
  failure?: TWorkflowFailureSummary;
  pendingActivities: TPendingActivity[];
}

export interface TWorkflowSummary {
  workflowId: string;
  runId: string;
  type: string;
  status: TWorkflowStatus;
  tenantId: string | null;
  itemId: string | null;
  startedAt: Date;
  closedAt: Date | null;
}

/** A page of runs for operators (Background Jobs), newest first. */
export interface TWorkflowPageQuery {
  /** One tenant's runs (`null`: the system's, which belong to no tenant), or every run ('any'). */
  tenant: 'any' | { id: string | null };
  types?: string[];
  statuses?: TWorkflowStatus[];
  /** Started at or after. */
  startedFrom?: Date;
  /** Started before. */
  startedTo?: Date;
  /** `nextCursor` of the page before. */
  cursor?: string;
  limit: number;
}

export interface TWorkflowPage {
  workflows: TWorkflowSummary[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** What a run's history records, in the words both runtimes share. */
/**
 * The journal's own kinds (embedded runs; `TWorkflowEventKind`, not a copy of it), and what only Temporal's history
 * has besides.
 */
export type TWorkflowHistoryEventKind =
  | TWorkflowEventKind
  | 'ActivityStarted'
  | 'ActivityTimedOut'
  | 'WorkflowTimedOut'
  | 'WorkflowContinuedAsNew'
  /** Bookkeeping of Temporal's that operators rarely need (workflow tasks, markers); `rawType` names it. */
  | 'Other';

export interface TWorkflowHistoryEvent {
  /** Position in the history, from 1. */
  id: number;
  kind: TWorkflowHistoryEventKind;
  at: Date;
  /** The activity or timer the event belongs to (its number in the run), tying its events together. */
  ref?: number;
  activityType?: string;
  /** The attempt that ended the activity (completed, failed, timed out). */
  attempt?: number;
  timerMs?: number;
  signalName?: string;
  failure?: TWorkflowFailureSummary;
  rawType?: string;
}

/** A run as its history tells it: who it belongs to, what it was started with, and every event since. */
export interface TWorkflowHistory {
  workflowId: string;
  runId: string;
  type: string;
  taskQueue: string;
  status: TWorkflowStatus;
  tenantId: string | null;
  itemId: string | null;
  /** The arguments it was started with: a retry starts the same. */
  input: unknown[];
  startedAt: Date;
  closedAt: Date | null;
  events: TWorkflowHistoryEvent[];
}

export interface TListWorkflowsFilter {
  tenantId: string | null;
  itemId?: string;
  status?: TWorkflowStatus;
  /** Default 100. */
  limit?: number;
}

/**
 * Starting, steering and watching workflow runs, the same over the embedded runtime and Temporal. Errors are
 * Temporal's: WorkflowExecutionAlreadyStartedError (start of a running id), WorkflowNotFoundError (unknown id, or
 * signal/cancel of a closed run), WorkflowFailedError from `result` (cause: the failure, CancelledFailure or
 * TerminatedFailure).
 */
export interface WorkflowEngine {
  readonly kind: 'embedded' | 'temporal';
  start(workflowType: string, options: TStartWorkflowOptions): Promise<{ workflowId: string; runId: string }>;
  signal<Args extends unknown[]>(
    workflowId: string,
    signal: string | SignalDefinition<Args>,
    ...args: Args
  ): Promise<void>;
  /** Asks the run to stop: its code sees a cancellation and may clean up. */
  cancel(workflowId: string): Promise<void>;
  /** Ends the run at once; its code gets no say. */
  terminate(workflowId: string, reason?: string): Promise<void>;
  describe(workflowId: string): Promise<TWorkflowDescription>;
  query<R = unknown, Args extends unknown[] = unknown[]>(
    workflowId: string,
    query: string | QueryDefinition<R, Args>,
    ...args: Args
  ): Promise<R>;
  list(filter: TListWorkflowsFilter): Promise<TWorkflowSummary[]>;
  /** Runs for operators, filtered and paged (Temporal: its visibility API). */
  listPage(query: TWorkflowPageQuery): Promise<TWorkflowPage>;
  /** The current run's history; WorkflowNotFoundError for an unknown id. */
  history(workflowId: string): Promise<TWorkflowHistory>;
  /** The current run's history as the JSON Temporal's CLI and web UI export (replayable with Temporal's tools). */
  exportHistory(workflowId: string): Promise<TTemporalHistoryJson>;
  /** Waits for the run to close: its result, or a WorkflowFailedError. */
  result<R = unknown>(workflowId: string): Promise<R>;
}
