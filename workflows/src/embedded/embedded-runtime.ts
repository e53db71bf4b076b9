import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  createWorkflowRepository,
  WORKFLOW_NOTIFY_CHANNEL,
  type Database,
  type TActivityTaskRow,
  type TFinalFailureReason,
  type TTaskExpiry,
  type TWorkflowActivation,
  type TWorkflowEventRow,
  type TWorkflowExecutionRow,
  type WorkflowRepository,
} from '@mam/db';
import {
  ActivityFailure,
  ApplicationFailure,
  CancelledFailure,
  RetryState,
  TerminatedFailure,
  TimeoutFailure,
  TimeoutType,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
} from '@temporalio/common';
import type { QueryDefinition, SignalDefinition } from '@temporalio/workflow';
import type {
  TListWorkflowsFilter,
  TPendingActivity,
  TStartWorkflowOptions,
  TWorkflowDescription,
  TWorkflowHistory,
  TWorkflowPage,
  TWorkflowPageQuery,
  TWorkflowSummary,
  WorkflowEngine,
} from '../engine';
import { decodeCursor, encodeCursor } from '../page-cursor';
import { journalTimeline } from './journal-timeline';
import type { TWorkflowLogger } from '../logger';
import { ActivityWorker, type ActivityWorkerHost, type TActivityFunction } from './activity-worker';
import { fromFailure, rootMessage, toFailure, type TSerializedFailure } from './failure';
import { Wakeup } from './wakeup';
import {
  DIVERGENCE_FAILURE_TYPE,
  StaleInstanceError,
  WorkflowInstance,
  type TExecutionSnapshot,
  type TWorkflowFunction,
} from './workflow-instance';

export interface TEmbeddedRuntimeOptions {
  db: Database;
  /** Workflow functions by type name (the exports of workflows.ts). */
  workflows: Record<string, TWorkflowFunction>;
  activities: Record<string, TActivityFunction>;
  /** Activity task queues this process works, with how many attempts of each may run at once. */
  taskQueues: Record<string, number>;
  logger: TWorkflowLogger;
  /**
   * True when no other process can run workflows on this database (embedded PGlite): start-up then takes over
   * every run and retries the activity attempts the previous process died in at once, instead of waiting for
   * their leases to lapse.
   */
  exclusive: boolean;
  /** How long a process's claim on a run or an attempt lasts without renewal. Default 30 s. */
  leaseMs?: number;
  /** Fallback polling when nothing wakes the loops. Default 1 s. */
  pollIntervalMs?: number;
  /** Runs claimed, replayed and persisted together. Default 64. */
  workflowBatchSize?: number;
  /** Runs kept in memory between their events, so they need no replay. Default 2,000. */
  cacheSize?: number;
  /** How long a graceful stop waits for running activities to stop. Default 10 s. */
  shutdownGraceMs?: number;
}

interface PgPoolLike {
  options: object;
  Client: new (options: object) => PgClientLike;
  on(event: 'error', listener: (error: Error) => void): void;
  off(event: 'error', listener: (error: Error) => void): void;
}
interface PgClientLike {
  connect(): Promise<void>;
  query(text: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  end(): Promise<void>;
}

/** The node-postgres pool behind a drizzle database, when it is one (LISTEN needs a connection of its own). */
function pgPoolOf(db: Database): PgPoolLike | undefined {
  const client = (db as unknown as { $client?: Partial<PgPoolLike> & { totalCount?: number } }).$client;
  return client && typeof client.Client === 'function' && typeof client.totalCount === 'number'
    ? (client as PgPoolLike)
    : undefined;
}

function snapshot(row: TWorkflowExecutionRow): TExecutionSnapshot {
  return {
    id: row.id,
    runId: row.runId,
    type: row.type,
    taskQueue: row.taskQueue,
    input: row.input,
    requestId: row.requestId ?? undefined,
    traceParent: row.traceParent ?? undefined,
  };
}

const RETRY_STATE: Record<TFinalFailureReason, RetryState> = {
  nonRetryable: RetryState.NON_RETRYABLE_FAILURE,
  maximumAttempts: RetryState.MAXIMUM_ATTEMPTS_REACHED,
  scheduleToClose: RetryState.TIMEOUT,
};

/**
 * The embedded durable workflow runtime: Temporal's model (replay over a journal) kept in the product's own
 * database, driven by three kinds of loops in this process: the workflow loop replays runs with news in their
 * journal, one activity worker per task queue runs attempts, and the scheduler fires durable timers and gives up
 * on attempts past their deadlines. Several processes can share one PostgreSQL server: runs and attempts are
 * claimed with leases, and NOTIFY wakes the others.
 */
export class EmbeddedWorkflowRuntime {
  /** The engine over this runtime; `start()` must have run for runs to make progress. */
  readonly engine: WorkflowEngine = {
    kind: 'embedded',
    start: (workflowType, options) => this.startWorkflow(workflowType, options),
    signal: (workflowId, signal, ...args) => this.signal(workflowId, signal, ...args),
    cancel: (workflowId) => this.cancel(workflowId),
    terminate: (workflowId, reason) => this.terminate(workflowId, reason),
    describe: (workflowId) => this.describe(workflowId),
    query: (workflowId, query, ...args) => this.query(workflowId, query, ...args),
    list: (filter) => this.list(filter),
    listPage: (query) => this.listPage(query),
    history: (workflowId) => this.history(workflowId),
    // Loaded on demand: Temporal's protobuf definitions cost start-up time in a process that may never export.
    exportHistory: async (workflowId) =>
      (await import('../history/temporal-history')).exportTemporalHistory(this.options.db, workflowId),
    result: (workflowId) => this.result(workflowId),
  };
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly repo: WorkflowRepository;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly workflowBatchSize: number;
  private readonly cacheSize: number;
  private readonly cache = new Map<string, WorkflowInstance>();
  private readonly workers = new Map<string, ActivityWorker>();
  private readonly workflowWake = new Wakeup();
  private readonly schedulerWake = new Wakeup();
  private readonly closeWaiters = new Map<string, Set<() => void>>();
  private readonly pgPool: PgPoolLike | undefined;
  private listener: PgClientLike | undefined;
  private loops: Promise<void>[] = [];
  private leaseTimer: NodeJS.Timeout | undefined;
  private readonly completions: Array<{
    completion: { id: string; attempt: number; worker: string; result: unknown };
    resolve(completed: boolean): void;
    reject(error: unknown): void;
  }> = [];
  private completionFlush: Promise<void> | undefined;
  private running = false;
  /** Waiting for the workflow loop's next claim and its processing (see afterWorkflowPass). */
  private passWaiters: Array<() => void> = [];
  private readonly poolError = (error: Error) =>
    this.options.logger.warn({ err: error }, 'a pooled database connection was lost; the pool opens another');

  constructor(private readonly options: TEmbeddedRuntimeOptions) {
    this.pgPool = pgPoolOf(options.db);
    this.repo = createWorkflowRepository(options.db, { server: this.pgPool !== undefined });
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.workflowBatchSize = options.workflowBatchSize ?? 64;
    this.cacheSize = options.cacheSize ?? 2000;
    const host: ActivityWorkerHost = {
      repo: this.repo,
      owner: this.owner,
      leaseMs: this.leaseMs,
      pollIntervalMs: this.pollIntervalMs,
      activities: options.activities,
      logger: options.logger,
      isRunning: () => this.running,
      endAttempt: (task, error, worker) => this.endAttempt(task, error, worker, undefined),
      complete: (completion) => this.complete(completion),
      afterWorkflowPass: () => this.afterWorkflowPass(),
    };
    for (const [queue, concurrency] of Object.entries(options.taskQueues)) {
      this.workers.set(queue, new ActivityWorker(host, queue, Math.max(1, concurrency)));
    }
  }

  /** Recovers what the previous process left running, then starts the loops. */
  async start(): Promise<void> {
    if (this.running) return;
    const { logger } = this.options;
    if (this.options.exclusive) {
      const lost = await this.repo.recoverExclusive();
      for (const task of lost) await this.endAttempt(task, undefined, null, 'lease');
      if (lost.length > 0)
        logger.warn({ attempts: lost.length }, 'activity attempts interrupted by a restart run again');
    }
    const recovered = await this.repo.wakeAllRunning();
    if (recovered > 0) logger.info({ workflows: recovered }, 'resuming running workflows');
    this.running = true;
    // An idle pooled connection the server drops (restart, failover) is replaced by the pool; unheard, its
    // 'error' event would end the process.
    this.pgPool?.on('error', this.poolError);
    await this.listen();
    this.loops = [this.workflowLoop(), this.schedulerLoop(), ...[...this.workers.values()].map((w) => w.loop())];
    this.leaseTimer = setInterval(() => void this.renewLeases(), Math.max(100, this.leaseMs / 3));
  }

  /** Stops the loops; running activities are told to stop and handed back to run again at the next start. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.leaseTimer);
    const grace = this.options.shutdownGraceMs ?? 10_000;
    await Promise.all([...this.workers.values()].map((worker) => worker.shutdown(grace)));
    this.workflowWake.poke();
    this.schedulerWake.poke();
    for (const worker of this.workers.values()) worker.wake.poke();
    await Promise.all(this.loops);
    await this.completionFlush;
    this.loops = [];
    this.cache.clear();
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
    this.pgPool?.off('error', this.poolError);
  }

  // -- WorkflowEngine ------------------------------------------------------------------------------------------

  async startWorkflow(
    workflowType: string,
    options: TStartWorkflowOptions,
  ): Promise<{ workflowId: string; runId: string }> {
    if (!Object.hasOwn(this.options.workflows, workflowType)) {
      throw new Error(`Unknown workflow type ${workflowType}: it is not exported by the workflow registry`);
    }
    const runId = randomUUID();
    const started = await this.repo.startExecution({
      id: options.workflowId,
      runId,
      runtime: 'embedded',
      type: workflowType,
      taskQueue: options.taskQueue,
      input: options.args,
      tenantId: options.tenantId,
      itemId: options.itemId ?? null,
      requestId: options.requestId ?? null,
      traceParent: options.traceParent ?? null,
    });
    if (!started) {
      throw new WorkflowExecutionAlreadyStartedError(
        'Workflow execution already started',
        options.workflowId,
        workflowType,
      );
    }
    this.cache.delete(options.workflowId);
    this.workflowWake.poke();
    this.options.logger.info(
      { workflowId: options.workflowId, runId, workflowType, requestId: options.requestId },
      'workflow started',
    );
    return { workflowId: options.workflowId, runId };
  }

  async signal<Args extends unknown[]>(
    workflowId: string,
    signal: string | SignalDefinition<Args>,
    ...args: Args
  ): Promise<void> {
    const name = typeof signal === 'string' ? signal : signal.name;
    const appended = await this.repo.appendInputs(workflowId, [{ kind: 'SignalReceived', payload: { name, args } }]);
    if (!appended) throw this.notRunning(workflowId);
    this.workflowWake.poke();
  }

  async cancel(workflowId: string): Promise<void> {
    const appended = await this.repo.appendInputs(workflowId, [{ kind: 'CancelRequested', payload: {} }]);
    if (!appended) throw this.notRunning(workflowId);
    this.workflowWake.poke();
  }

  async terminate(workflowId: string, reason = 'Terminated'): Promise<void> {
    const terminated = await this.repo.terminate(
      workflowId,
      toFailure(new TerminatedFailure(reason)) as unknown as Record<string, unknown>,
    );
    if (!terminated) throw this.notRunning(workflowId);
    this.cache.delete(workflowId);
    this.abortLocal(workflowId, 'all');
    this.closed(workflowId);
  }

  async describe(workflowId: string): Promise<TWorkflowDescription> {
    const row = await this.repo.findExecution(workflowId);
    if (!row) throw new WorkflowNotFoundError(`Workflow ${workflowId} not found`, workflowId, undefined);
    const tasks = row.status === 'RUNNING' ? await this.repo.pendingActivities(workflowId) : [];
    const failure = row.failure as TSerializedFailure | null;
    return {
      workflowId: row.id,
      runId: row.runId,
      type: row.type,
      taskQueue: row.taskQueue,
      status: row.status,
      startedAt: row.startedAt,
      closedAt: row.closedAt,
      ...(failure
        ? { failure: { message: failure.message, type: failure.type ?? undefined, rootMessage: rootMessage(failure) } }
        : {}),
      pendingActivities: tasks.map((task): TPendingActivity => ({
        activityType: task.activityType,
        ref: task.commandSeq,
        attempt: task.attempt,
        state: task.cancelRequested ? 'CANCEL_REQUESTED' : task.status === 'RUNNING' ? 'STARTED' : 'SCHEDULED',
        heartbeatDetails: task.heartbeatDetails ?? undefined,
        ...(task.lastFailure ? { lastFailure: rootMessage(task.lastFailure as unknown as TSerializedFailure) } : {}),
      })),
    };
  }

  /** Answered by replaying the run's journal (open or closed) and asking the query handler. */
  async query<R = unknown, Args extends unknown[] = unknown[]>(
    workflowId: string,
    query: string | QueryDefinition<R, Args>,
    ...args: Args
  ): Promise<R> {
    const row = await this.repo.findExecution(workflowId);
    if (!row || row.runtime !== 'embedded') {
      throw new WorkflowNotFoundError(`Workflow ${workflowId} not found`, workflowId, undefined);
    }
    const fn = this.options.workflows[row.type];
    if (!fn) throw new Error(`Unknown workflow type ${row.type}`);
    const instance = new WorkflowInstance(snapshot(row), fn, 'query');
    await instance.apply(await this.repo.listEvents(workflowId));
    return instance.query(typeof query === 'string' ? query : query.name, args) as R;
  }

  async list(filter: TListWorkflowsFilter): Promise<TWorkflowSummary[]> {
    const rows = await this.repo.listExecutions(filter.tenantId, {
      itemId: filter.itemId,
      statuses: filter.status ? [filter.status] : undefined,
      limit: filter.limit ?? 100,
    });
    return rows.map(summaryOf);
  }

  async listPage(query: TWorkflowPageQuery): Promise<TWorkflowPage> {
    const after = decodeCursor(query.cursor, isRowCursor);
    const rows = await this.repo.listExecutionsPage({
      tenant: query.tenant,
      types: query.types,
      statuses: query.statuses,
      startedFrom: query.startedFrom,
      startedTo: query.startedTo,
      after: after && { startedAt: new Date(after.startedAt), id: after.id },
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      workflows: page.map(summaryOf),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor({ startedAt: last.startedAt.toISOString(), id: last.id } satisfies TRowCursor)
          : null,
    };
  }

  async history(workflowId: string): Promise<TWorkflowHistory> {
    const row = await this.repo.findExecution(workflowId);
    if (!row) throw new WorkflowNotFoundError(`Workflow ${workflowId} not found`, workflowId, undefined);
    return {
      ...summaryOf(row),
      taskQueue: row.taskQueue,
      input: row.input,
      events: row.runtime === 'embedded' ? journalTimeline(await this.repo.listEvents(workflowId)) : [],
    };
  }

  async result<R = unknown>(workflowId: string): Promise<R> {
    // Closes here and (through NOTIFY) in other processes wake the waiter; otherwise the scheduler checks all
    // waited-for runs in one query per tick, so many waiters do not keep the database busy.
    for (;;) {
      const row = await this.repo.findExecution(workflowId);
      if (!row) throw new WorkflowNotFoundError(`Workflow ${workflowId} not found`, workflowId, undefined);
      if (row.status !== 'RUNNING') {
        // Loaded here, not with this module: Temporal's client errors bring gRPC (65 modules, ~20 MB, ~250 ms of
        // start-up CPU) into a process that runs no Temporal, and only a failed run's result needs the class. With
        // its extension: the bundled server is an ES module, and Node's ESM resolver adds none to a package subpath.
        const { WorkflowFailedError } = await import('@temporalio/client/lib/errors.js');
        return outcomeOf(row, WorkflowFailedError) as R;
      }
      await this.waitClosed(workflowId, 30_000);
    }
  }

  // -- the workflow loop -----------------------------------------------------------------------------------------

  /**
   * Resolves after the workflow loop's next claim, started after this call, has been processed: whatever was journaled
   * before the call (an activity's result) has by then been replayed and its next commands persisted.
   */
  private afterWorkflowPass(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      this.passWaiters.push(resolve);
      this.workflowWake.poke();
    });
  }

  private async workflowLoop(): Promise<void> {
    let claims = 0;
    while (this.running) {
      let claimed = 0;
      const waiters = this.passWaiters;
      this.passWaiters = [];
      try {
        // A fresh lease per claim: a replay here that outlives its lease cannot overwrite whoever took over.
        const lease = `${this.owner}#${++claims}`;
        const rows = await this.repo.claimExecutions(lease, this.leaseMs, this.workflowBatchSize);
        claimed = rows.length;
        if (rows.length > 0) await this.processBatch(rows, lease);
      } catch (error) {
        if (!this.running) break;
        this.options.logger.error({ err: error }, 'claiming workflow runs failed');
      }
      for (const resolve of waiters) resolve();
      if (claimed === 0) await this.workflowWake.wait(this.pollIntervalMs);
    }
    for (const resolve of this.passWaiters.splice(0)) resolve();
  }

  /**
   * Replays a batch of claimed runs side by side and persists what they decided in one statement: with many runs
   * busy at once, the database work per run shrinks (group commit).
   */
  private async processBatch(rows: TWorkflowExecutionRow[], lease: string): Promise<void> {
    const { logger } = this.options;
    // Runs still in memory, up to date with what was persisted, only need the events since.
    const current = rows.filter((row) => {
      const cached = this.cache.get(row.id);
      return cached?.execution.runId === row.runId && cached.position === row.replayedSeq;
    });
    const currentIds = new Set(current.map((row) => row.id));
    const events = new Map<string, TWorkflowEventRow[]>(rows.map((row) => [row.id, []]));
    const [news, journals] = await Promise.all([
      this.repo.newEvents([...currentIds]),
      this.repo.listEventsOf(rows.filter((row) => !currentIds.has(row.id)).map((row) => row.id)),
    ]);
    for (const event of [...news, ...journals]) events.get(event.executionId)?.push(event);

    const replays = await Promise.all(
      rows.map(async (row) => {
        try {
          return { row, ...(await this.replay(row, currentIds.has(row.id), events.get(row.id) ?? [])) };
        } catch (error) {
          return { row, error };
        }
      }),
    );
    const ready = replays.filter(
      (replay): replay is typeof replay & { activation: TWorkflowActivation; instance: WorkflowInstance | undefined } =>
        'activation' in replay,
    );
    let persisted: Map<string, { seqs: number[]; wakeAgain: boolean }>;
    try {
      persisted = await this.repo.persistActivations(
        ready.map(({ row, instance, activation }) => ({
          lease,
          executionId: row.id,
          runId: row.runId,
          replayedSeq: instance?.position ?? row.replayedSeq,
          activation,
        })),
      );
    } catch (error) {
      logger.error({ err: error }, 'persisting workflow activations failed; the runs are tried again');
      for (const { row } of replays) {
        this.cache.delete(row.id);
        await this.repo.releaseExecution(lease, row.id, this.pollIntervalMs).catch(() => undefined);
      }
      return;
    }
    for (const replay of replays) {
      const { row } = replay;
      if (!('activation' in replay)) {
        this.cache.delete(row.id);
        logger.error({ err: replay.error, workflowId: row.id }, 'replaying a workflow run failed; it is tried again');
        await this.repo.releaseExecution(lease, row.id, this.pollIntervalMs).catch(() => undefined);
        continue;
      }
      const { instance, activation } = replay;
      const outcome = persisted.get(row.id);
      if (!outcome) {
        this.cache.delete(row.id);
        continue;
      }
      instance?.committed(activation);
      if (activation.close) {
        this.cache.delete(row.id);
        if (instance?.divergence) {
          logger.error({ workflowId: row.id, err: instance.divergence }, 'workflow diverged from its journal');
        }
        this.abortLocal(row.id, 'all');
        this.closed(row.id);
      } else if (instance) {
        this.cache.delete(row.id);
        this.cache.set(row.id, instance);
        if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
        if (activation.cancelTasks.length > 0) this.abortLocal(row.id, activation.cancelTasks);
      }
      for (const queue of new Set(activation.tasks.map((task) => task.taskQueue))) this.workers.get(queue)?.wake.poke();
      if (activation.timers.length > 0) this.schedulerWake.poke();
      if (outcome.wakeAgain) this.workflowWake.poke();
    }
  }

  /** Brings a run's code up to its journal: from the cached instance when it is current, else from the start. */
  private async replay(
    row: TWorkflowExecutionRow,
    isCurrent: boolean,
    events: TWorkflowEventRow[],
  ): Promise<{ instance: WorkflowInstance | undefined; activation: TWorkflowActivation }> {
    let instance = isCurrent ? this.cache.get(row.id) : undefined;
    this.cache.delete(row.id);
    if (instance) {
      try {
        await instance.apply(events);
        return { instance, activation: instance.takeActivation() };
      } catch (error) {
        if (!(error instanceof StaleInstanceError)) throw error;
        events = await this.repo.listEvents(row.id);
      }
    }
    const fn = this.options.workflows[row.type];
    if (!fn) return { instance: undefined, activation: unknownTypeActivation(row.type) };
    instance = new WorkflowInstance(snapshot(row), fn, 'live');
    await instance.apply(events);
    return { instance, activation: instance.takeActivation() };
  }

  // -- activity attempts -----------------------------------------------------------------------------------------

  /**
   * Ends an attempt that failed, timed out or whose process died: retried with backoff per its policy, or the
   * activity fails (ActivityFailure wrapping the cause, as on Temporal).
   */
  private async endAttempt(
    task: TActivityTaskRow,
    error: unknown,
    worker: string | null,
    expiry: TTaskExpiry | undefined,
  ): Promise<void> {
    const cause =
      expiry === undefined
        ? error
        : expiry === 'lease'
          ? ApplicationFailure.retryable('The process running the attempt stopped', 'ActivityWorkerLost')
          : new TimeoutFailure(
              `Activity ${expiry} timeout`,
              task.heartbeatDetails ?? undefined,
              expiry === 'heartbeat'
                ? TimeoutType.HEARTBEAT
                : expiry === 'startToClose'
                  ? TimeoutType.START_TO_CLOSE
                  : TimeoutType.SCHEDULE_TO_CLOSE,
            );
    const failure = toFailure(cause);
    const retry = task.options.retry;
    let reason: TFinalFailureReason | undefined;
    if (expiry === 'scheduleToClose') reason = 'scheduleToClose';
    else if (failure.nonRetryable || (failure.type && retry.nonRetryableErrorTypes.includes(failure.type))) {
      reason = 'nonRetryable';
    } else if (retry.maximumAttempts > 0 && task.attempt >= retry.maximumAttempts) reason = 'maximumAttempts';
    const delay =
      reason === undefined
        ? Math.min(retry.initialMs * retry.backoffCoefficient ** (task.attempt - 1), retry.maximumMs)
        : null;
    const finalFailure = (repoReason: TFinalFailureReason) => {
      const finalReason = repoReason === 'scheduleToClose' ? 'scheduleToClose' : (reason ?? repoReason);
      const finalCause =
        finalReason === 'scheduleToClose' && expiry !== 'scheduleToClose'
          ? new TimeoutFailure('Activity schedule-to-close timeout', undefined, TimeoutType.SCHEDULE_TO_CLOSE)
          : fromFailure(failure);
      const activityFailure = new ActivityFailure(
        'Activity task failed',
        task.activityType,
        String(task.commandSeq),
        RETRY_STATE[finalReason],
        this.owner,
        finalCause,
      );
      return toFailure(activityFailure) as unknown as Record<string, unknown>;
    };
    const outcome = await this.repo.failTaskAttempt(
      { id: task.id, attempt: task.attempt, worker, status: task.status },
      failure as unknown as Record<string, unknown>,
      delay,
      finalFailure,
    );
    if (outcome === 'retrying') {
      if (delay !== null && delay <= this.pollIntervalMs) {
        setTimeout(() => this.workers.get(task.taskQueue)?.wake.poke(), delay).unref();
      } else this.schedulerWake.poke();
    } else if (outcome !== 'gone') this.workflowWake.poke();
  }

  /**
   * Journals an attempt's result. Results arriving together are written together in one statement (group
   * commit); a result waits at most for the write in progress.
   */
  private complete(completion: { id: string; attempt: number; worker: string; result: unknown }): Promise<boolean> {
    const done = new Promise<boolean>((resolve, reject) => this.completions.push({ completion, resolve, reject }));
    this.completionFlush ??= this.flushCompletions();
    return done;
  }

  private async flushCompletions(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.completions.length > 0) {
      const batch = this.completions.splice(0, 500);
      try {
        const completed = await this.repo.completeTasks(batch.map((entry) => entry.completion));
        for (const entry of batch) entry.resolve(completed.has(entry.completion.id));
        if (completed.size > 0) this.workflowWake.poke();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.completionFlush = undefined;
  }

  private abortLocal(executionId: string, commandSeqs: number[] | 'all'): void {
    for (const worker of this.workers.values()) worker.abort(executionId, commandSeqs);
  }

  private async renewLeases(): Promise<void> {
    const ids = [...this.workers.values()].flatMap((worker) => worker.runningTaskIds);
    try {
      await this.repo.renewTaskLeases(this.owner, ids, this.leaseMs);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'renewing activity leases failed');
    }
  }

  // -- timers and deadlines --------------------------------------------------------------------------------------

  private async schedulerLoop(): Promise<void> {
    const queues = [...this.workers.keys()];
    // With no other process, attempts are all this one's and keep their own timeouts: only the schedule-to-close
    // deadline (which spans attempts) needs the scheduler.
    const othersDeadlines = !this.options.exclusive;
    while (this.running) {
      let waitMs = this.pollIntervalMs;
      try {
        let busy = false;
        if (await this.repo.reclaimLapsedExecutions()) this.workflowWake.poke();
        if (this.closeWaiters.size > 0) {
          for (const id of await this.repo.closedAmong([...this.closeWaiters.keys()])) this.closed(id);
        }
        const fired = await this.repo.fireDueTimers(100);
        if (fired > 0) this.workflowWake.poke();
        for (const task of await this.repo.expiredTasks(100, othersDeadlines)) {
          // This process's own attempts keep their timeouts themselves; their leases matter to others only.
          const local = task.worker === this.owner && this.workers.get(task.taskQueue)?.isRunning(task.id);
          if (local && task.expiry !== 'scheduleToClose') continue;
          if (local) this.workers.get(task.taskQueue)?.abortTask(task.id);
          await this.endAttempt(task, undefined, null, task.expiry);
          busy = true;
        }
        // Attempts waiting out a retry backoff become due without anyone journalling anything.
        for (const worker of this.workers.values()) worker.wake.poke();
        const next = await this.repo.nextDueInMs(queues, othersDeadlines);
        // A floor, so a deadline this tick could not act on (another process's attempt still finishing) does not
        // turn the loop into a busy one.
        waitMs = fired === 100 || busy ? 0 : Math.min(Math.max(next ?? this.pollIntervalMs, 20), this.pollIntervalMs);
      } catch (error) {
        if (!this.running) break;
        this.options.logger.error({ err: error }, 'workflow scheduler tick failed');
      }
      await this.schedulerWake.wait(waitMs);
    }
  }

  // -- notifications ---------------------------------------------------------------------------------------------

  /** On PostgreSQL, other processes' journal writes wake this one at once (NOTIFY); polling stays the fallback. */
  private async listen(): Promise<void> {
    if (!this.pgPool) return;
    const client = new this.pgPool.Client(this.pgPool.options);
    try {
      await client.connect();
      client.on('error', (error) => {
        this.options.logger.warn({ err: error }, 'workflow notification listener lost; polling only');
      });
      client.on('notification', (message) => {
        const payload = message.payload ?? '';
        if (payload === 'execution') this.workflowWake.poke();
        else if (payload === 'timer') this.schedulerWake.poke();
        else if (payload.startsWith('closed:')) this.closed(payload.slice(7));
        else if (payload.startsWith('task:')) this.workers.get(payload.slice(5))?.wake.poke();
      });
      await client.query(`LISTEN ${WORKFLOW_NOTIFY_CHANNEL}`);
      this.listener = client;
    } catch (error) {
      this.options.logger.warn({ err: error }, 'workflow notifications unavailable; polling only');
      await client.end().catch(() => undefined);
    }
  }

  private waitClosed(workflowId: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.closeWaiters.get(workflowId) ?? new Set();
      this.closeWaiters.set(workflowId, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0) this.closeWaiters.delete(workflowId);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
    });
  }

  private closed(workflowId: string): void {
    for (const done of [...(this.closeWaiters.get(workflowId) ?? [])]) done();
  }

  private notRunning(workflowId: string): WorkflowNotFoundError {
    return new WorkflowNotFoundError(`Workflow ${workflowId} is not running`, workflowId, undefined);
  }
}

interface TRowCursor {
  startedAt: string;
  id: string;
}

function isRowCursor(value: unknown): value is TRowCursor {
  const cursor = value as Partial<TRowCursor> | null;
  return typeof cursor?.startedAt === 'string' && typeof cursor.id === 'string';
}

function summaryOf(row: TWorkflowExecutionRow): TWorkflowSummary {
  return {
    workflowId: row.id,
    runId: row.runId,
    type: row.type,
    status: row.status,
    tenantId: row.tenantId,
    itemId: row.itemId,
    startedAt: row.startedAt,
    closedAt: row.closedAt,
  };
}

/** Fails a run whose type this process does not know (loudly: the registry and the journal disagree). */
function unknownTypeActivation(type: string): TWorkflowActivation {
  const failure = toFailure(
    ApplicationFailure.nonRetryable(`Workflow type ${type} is not registered`, 'UnknownWorkflowType'),
  ) as unknown as Record<string, unknown>;
  return {
    events: [{ kind: 'WorkflowFailed', payload: { failure } }],
    tasks: [],
    timers: [],
    cancelTasks: [],
    cancelTimers: [],
    close: { status: 'FAILED', failure },
  };
}

/** A closed run's result, or the WorkflowFailedError Temporal's client would throw. */
function outcomeOf(
  row: TWorkflowExecutionRow,
  WorkflowFailedError: typeof import('@temporalio/client/lib/errors.js').WorkflowFailedError,
): unknown {
  const failure = row.failure ? fromFailure(row.failure as unknown as TSerializedFailure) : undefined;
  switch (row.status) {
    case 'COMPLETED':
      return row.result?.value;
    case 'FAILED':
      throw new WorkflowFailedError('Workflow execution failed', failure, RetryState.NON_RETRYABLE_FAILURE);
    case 'CANCELLED':
      throw new WorkflowFailedError(
        'Workflow execution cancelled',
        failure instanceof CancelledFailure ? failure : new CancelledFailure('Workflow cancelled', [], failure),
        RetryState.NON_RETRYABLE_FAILURE,
      );
    case 'TERMINATED':
      throw new WorkflowFailedError(
        'Workflow execution terminated',
        failure instanceof TerminatedFailure ? failure : new TerminatedFailure('Terminated', failure),
        RetryState.NON_RETRYABLE_FAILURE,
      );
    case 'RUNNING':
      throw new Error(`Workflow ${row.id} is still running`);
  }
}

export { DIVERGENCE_FAILURE_TYPE };
