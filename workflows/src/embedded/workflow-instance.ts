import { AsyncLocalStorage } from 'node:async_hooks';
import type { TActivityTaskOptions, TWorkflowActivation, TWorkflowEventRow } from '@mam/db';
import {
  ActivityFailure,
  ApplicationFailure,
  CancelledFailure,
  RetryState,
  TemporalFailure,
  type Duration,
} from '@temporalio/common';
import { msToNumber } from '@temporalio/common/lib/time';
import { isCancellation } from '@temporalio/workflow';
import {
  EMBEDDED_HOOK_KEY,
  type EmbeddedHook,
  type EmbeddedWorkflowApi,
  type TActivityOptions,
  type TWorkflowInfo,
} from '../runtime-hook';
import { seededRandom, uuid4From } from './deterministic-random';
import { fromFailure, toFailure, type TSerializedFailure } from './failure';

export type TWorkflowFunction = (...args: never[]) => Promise<unknown>;

/** The failure type of a run whose code no longer matches its journal. */
export const DIVERGENCE_FAILURE_TYPE = 'WorkflowDivergence';

/** The workflow code issued a different command than its journal holds: non-deterministic code or a code change. */
export class WorkflowDivergenceError extends Error {
  override name = DIVERGENCE_FAILURE_TYPE;
}

/**
 * The workflow code threw something that is not a Temporal failure (a TypeError, a plain Error: a bug). As on
 * Temporal, that fails the workflow task, not the run: nothing it decided is kept, the run stays open and its task
 * is tried again, so fixed code can carry on. Only Temporal failures (ApplicationFailure, a rethrown
 * ActivityFailure, cancellation) end a run as failed.
 */
export class WorkflowTaskFailedError extends Error {
  override name = 'WorkflowTaskFailedError';
}

/** A cached instance saw journal records it did not write: another process drove the run. Replay from scratch. */
export class StaleInstanceError extends Error {}

interface ExecutionContext {
  instance: WorkflowInstance;
  cancellable: boolean;
}

interface HookWithStorage extends EmbeddedHook {
  storage: AsyncLocalStorage<ExecutionContext>;
}

/**
 * One hook per process even when this module is loaded more than once (test runners): the storage lives on the
 * hook, so whichever copy installed it first answers for all.
 */
const hook: HookWithStorage = (() => {
  const global = globalThis as { [EMBEDDED_HOOK_KEY]?: HookWithStorage };
  const installed = global[EMBEDDED_HOOK_KEY];
  if (installed) return installed;
  const storage = new AsyncLocalStorage<ExecutionContext>();
  const created: HookWithStorage = {
    storage,
    current: () => {
      const context = storage.getStore();
      return context ? context.instance.api(context.cancellable) : undefined;
    },
  };
  global[EMBEDDED_HOOK_KEY] = created;
  return created;
})();

type CommandKind = 'activity' | 'timer';

interface Command {
  kind: CommandKind;
  activityType?: string;
  settled: boolean;
  cancellable: boolean;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Condition {
  fn: () => boolean;
  cancellable: boolean;
  resolve(): void;
  reject(error: Error): void;
}

export interface TExecutionSnapshot {
  id: string;
  runId: string;
  type: string;
  taskQueue: string;
  input: unknown[];
  /** The request that started the run, handed to its activity tasks for their logs. */
  requestId?: string;
}

export type TInstanceOutcome =
  | { status: 'COMPLETED'; result: { value?: unknown } }
  | { status: 'FAILED' | 'CANCELLED'; failure: TSerializedFailure };

const RECORD_KINDS = new Set(['ActivityScheduled', 'TimerStarted', 'ActivityCancelRequested', 'TimerCancelled']);

/** Lets every workflow microtask run before the runtime looks at the result. */
const drain = () => new Promise<void>((resolve) => setImmediate(resolve));

const never = <T>() => new Promise<T>(() => undefined);

function resolveActivityOptions(options: TActivityOptions): TActivityTaskOptions {
  const optional = (value: Duration | undefined) => (value === undefined ? null : msToNumber(value));
  const startToCloseMs = optional(options.startToCloseTimeout);
  const scheduleToCloseMs = optional(options.scheduleToCloseTimeout);
  if (startToCloseMs === null && scheduleToCloseMs === null) {
    throw new TypeError('Required either scheduleToCloseTimeout or startToCloseTimeout');
  }
  const retry = options.retry ?? {};
  const initialMs = optional(retry.initialInterval) ?? 1000;
  return {
    startToCloseMs,
    scheduleToCloseMs,
    heartbeatMs: optional(options.heartbeatTimeout),
    retry: {
      initialMs,
      backoffCoefficient: retry.backoffCoefficient ?? 2,
      maximumMs: optional(retry.maximumInterval) ?? initialMs * 100,
      maximumAttempts: retry.maximumAttempts ?? 0,
      nonRetryableErrorTypes: retry.nonRetryableErrorTypes ?? [],
    },
    ...(options.priority?.priorityKey ? { priorityKey: options.priority.priorityKey } : {}),
    ...(options.priority?.fairnessKey ? { fairnessKey: options.priority.fairnessKey } : {}),
  };
}

function emptyActivation(): TWorkflowActivation {
  return { events: [], tasks: [], timers: [], cancelTasks: [], cancelTimers: [] };
}

/**
 * A workflow run in memory, rebuilt by replay: the workflow function runs from the start, each command it issues
 * takes the next command number and is matched against the journal (a mismatch is a divergence), and the
 * journal's inputs (activity outcomes, fired timers, signals, cancellation) are fed back one at a time in journal
 * order, letting the code settle after each. Commands beyond the journal become the activation the runtime
 * persists. In query mode nothing is persisted: the instance only answers a query.
 */
export class WorkflowInstance {
  /**
   * Highest journal sequence number applied. Each command record carries it as `seenSeq`: which inputs the code had
   * seen when it decided, so an exported Temporal history puts the command in that input's workflow task.
   */
  position = 0;
  cancelRequested = false;
  outcome: TInstanceOutcome | undefined;
  divergence: WorkflowDivergenceError | undefined;
  private taskFailure: unknown;

  private readonly journalCommands = new Map<number, { kind: CommandKind; activityType?: string }>();
  private readonly journalCancels = new Set<number>();
  private maxJournalCommand = 0;
  private nextCommandSeq = 1;
  private readonly commands = new Map<number, Command>();
  private readonly conditions = new Set<Condition>();
  private readonly signalHandlers = new Map<string, (...args: unknown[]) => unknown>();
  private readonly queryHandlers = new Map<string, (...args: unknown[]) => unknown>();
  private readonly bufferedSignals: Array<{ name: string; args: unknown[] }> = [];
  private activation = emptyActivation();
  private readonly random: () => number;
  private readonly apis: { cancellable: EmbeddedWorkflowApi; nonCancellable: EmbeddedWorkflowApi };
  private started = false;

  constructor(
    readonly execution: TExecutionSnapshot,
    private readonly workflowFn: TWorkflowFunction,
    private readonly mode: 'live' | 'query',
  ) {
    this.random = seededRandom(execution.runId);
    this.apis = { cancellable: this.createApi(true), nonCancellable: this.createApi(false) };
  }

  get closed(): boolean {
    return this.outcome !== undefined || this.divergence !== undefined;
  }

  api(cancellable: boolean): EmbeddedWorkflowApi {
    return cancellable ? this.apis.cancellable : this.apis.nonCancellable;
  }

  /**
   * Feeds journal events (in order, after `position`) to the code; the first call starts the workflow function.
   * A cached instance that finds records it did not write throws StaleInstanceError.
   */
  async apply(events: TWorkflowEventRow[]): Promise<void> {
    const fresh = !this.started;
    for (const event of events) {
      if (!RECORD_KINDS.has(event.kind) || event.commandSeq === null) continue;
      const seq = event.commandSeq;
      if (event.kind === 'ActivityScheduled' || event.kind === 'TimerStarted') {
        const kind: CommandKind = event.kind === 'ActivityScheduled' ? 'activity' : 'timer';
        const known = this.journalCommands.get(seq);
        if (known) {
          if (known.kind !== kind) throw new StaleInstanceError(`Command ${seq} journalled twice`);
          continue;
        }
        if (!fresh) throw new StaleInstanceError(`Command ${seq} was journalled by another process`);
        this.journalCommands.set(seq, { kind, activityType: event.payload.activityType as string | undefined });
        this.maxJournalCommand = Math.max(this.maxJournalCommand, seq);
      } else {
        if (!fresh && !this.journalCancels.has(seq)) {
          throw new StaleInstanceError(`Cancellation of command ${seq} was journalled by another process`);
        }
        this.journalCancels.add(seq);
      }
    }
    if (fresh) {
      this.started = true;
      this.startWorkflow();
      await this.settle();
    }
    for (const event of events) {
      if (this.closed || this.taskFailure !== undefined) break;
      this.position = Math.max(this.position, event.seq);
      if (this.applyInput(event)) await this.settle();
    }
    if (this.taskFailure !== undefined) {
      const cause = this.taskFailure;
      throw new WorkflowTaskFailedError(
        `Workflow task of ${this.execution.type} (${this.execution.id}) failed: ${cause instanceof Error ? cause.message : String(cause)}. ` +
          'The run stays open and its task is retried; only Temporal failures (ApplicationFailure) fail a run.',
        { cause },
      );
    }
    // Also when the code finished: finishing without a journalled command is a divergence too.
    if (!this.divergence && this.maxJournalCommand >= this.nextCommandSeq) {
      const missing = this.journalCommands.get(this.nextCommandSeq);
      this.diverge(
        `The journal holds command ${this.nextCommandSeq} (${describeCommand(missing)}) but the workflow code did not issue it`,
      );
    }
  }

  /** What this activation decided; the runtime persists it and then calls `committed`. */
  takeActivation(): TWorkflowActivation {
    if (this.divergence) {
      const error = ApplicationFailure.nonRetryable(this.divergence.message, DIVERGENCE_FAILURE_TYPE);
      error.stack = this.divergence.stack;
      const failure = toFailure(error);
      return {
        ...emptyActivation(),
        events: [{ kind: 'WorkflowFailed', payload: { failure, seenSeq: this.position } }],
        close: { status: 'FAILED', failure: failure as unknown as Record<string, unknown> },
      };
    }
    const activation = this.activation;
    this.activation = emptyActivation();
    // Scheduled and cancelled within this activation: journalled both ways, but nothing to run or fire.
    activation.tasks = activation.tasks.filter((task) => !activation.cancelTasks.includes(task.commandSeq));
    activation.timers = activation.timers.filter((timer) => !activation.cancelTimers.includes(timer.commandSeq));
    const outcome = this.outcome;
    if (outcome) {
      // Commands issued on the way out (not awaited) die with the run.
      activation.tasks = [];
      activation.timers = [];
    }
    if (outcome?.status === 'COMPLETED') {
      activation.events.push({
        kind: 'WorkflowCompleted',
        payload: { result: outcome.result, seenSeq: this.position },
      });
      activation.close = { status: 'COMPLETED', result: outcome.result };
    } else if (outcome) {
      const failure = outcome.failure as unknown as Record<string, unknown>;
      activation.events.push({
        kind: outcome.status === 'FAILED' ? 'WorkflowFailed' : 'WorkflowCancelled',
        payload: { failure, seenSeq: this.position },
      });
      activation.close = { status: outcome.status, failure };
    }
    return activation;
  }

  /** The persisted activation's records are journal now: a later load must find them known. */
  committed(activation: TWorkflowActivation): void {
    for (const event of activation.events) {
      const seq = event.commandSeq;
      if (seq === undefined || seq === null) continue;
      if (event.kind === 'ActivityScheduled' || event.kind === 'TimerStarted') {
        this.journalCommands.set(seq, {
          kind: event.kind === 'ActivityScheduled' ? 'activity' : 'timer',
          activityType: event.payload.activityType as string | undefined,
        });
        this.maxJournalCommand = Math.max(this.maxJournalCommand, seq);
      } else if (event.kind === 'ActivityCancelRequested' || event.kind === 'TimerCancelled') {
        this.journalCancels.add(seq);
      }
    }
  }

  /** Answers a query from the replayed state; the handler must not change it. */
  query(name: string, args: unknown[]): unknown {
    if (this.divergence) throw this.divergence;
    const handler = this.queryHandlers.get(name);
    if (!handler) throw new Error(`Workflow ${this.execution.type} does not answer the query '${name}'`);
    const value = hook.storage.run({ instance: this, cancellable: true }, () => handler(...args));
    return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  }

  // -- the workflow function and its inputs ----------------------------------------------------------------------

  private startWorkflow(): void {
    const promise = hook.storage.run({ instance: this, cancellable: true }, () => {
      try {
        return Promise.resolve(this.workflowFn(...(this.execution.input as never[])));
      } catch (error) {
        return Promise.reject(error);
      }
    });
    promise.then(
      (value) => this.finish({ status: 'COMPLETED', result: { value } }),
      (error: unknown) => this.failWith(error),
    );
  }

  private finish(outcome: TInstanceOutcome): void {
    if (!this.closed) this.outcome = outcome;
  }

  private failWith(error: unknown): void {
    if (error instanceof WorkflowDivergenceError) {
      this.divergence ??= error;
      return;
    }
    if (!(error instanceof TemporalFailure)) {
      this.taskFailure ??= error;
      return;
    }
    const status = this.cancelRequested && isCancellation(error) ? 'CANCELLED' : 'FAILED';
    this.finish({ status, failure: toFailure(error) });
  }

  /** Lets the code run until it waits again, re-checking conditions after every step. */
  private async settle(): Promise<void> {
    for (;;) {
      await drain();
      if (this.closed || !this.unblockConditions()) return;
    }
  }

  private unblockConditions(): boolean {
    let unblocked = false;
    for (const condition of [...this.conditions]) {
      let met: boolean;
      try {
        met = condition.fn();
      } catch (error) {
        this.failWith(error);
        return false;
      }
      if (met) {
        this.conditions.delete(condition);
        condition.resolve();
        unblocked = true;
      }
    }
    return unblocked;
  }

  /** Applies one journal input; false for events that are not inputs. */
  private applyInput(event: TWorkflowEventRow): boolean {
    const payload = event.payload;
    switch (event.kind) {
      case 'ActivityCompleted':
        this.settleCommand(event, 'activity', (command) =>
          command.resolve((payload.result as { value?: unknown }).value),
        );
        return true;
      case 'ActivityFailed':
        this.settleCommand(event, 'activity', (command) =>
          command.reject(fromFailure(payload.failure as TSerializedFailure)),
        );
        return true;
      case 'ActivityCancelled':
        this.settleCommand(event, 'activity', (command) =>
          command.reject(activityCancelled(command.activityType ?? '', event.commandSeq ?? 0)),
        );
        return true;
      case 'TimerFired':
        this.settleCommand(event, 'timer', (command) => command.resolve(undefined));
        return true;
      case 'SignalReceived':
        this.deliverSignal(payload.name as string, (payload.args as unknown[]) ?? []);
        return true;
      case 'CancelRequested':
        this.requestCancel();
        return true;
      case 'WorkflowStarted':
      case 'ActivityScheduled':
      case 'ActivityCancelRequested':
      case 'TimerStarted':
      case 'TimerCancelled':
      case 'WorkflowCompleted':
      case 'WorkflowFailed':
      case 'WorkflowCancelled':
      case 'WorkflowTerminated':
        return false;
    }
  }

  private settleCommand(event: TWorkflowEventRow, kind: CommandKind, settle: (command: Command) => void): void {
    const seq = event.commandSeq ?? 0;
    const command = this.commands.get(seq);
    if (!command || command.kind !== kind) {
      this.diverge(`The journal holds ${event.kind} for command ${seq}, which the workflow code did not issue`);
      return;
    }
    if (command.settled) return;
    command.settled = true;
    settle(command);
  }

  private deliverSignal(name: string, args: unknown[]): void {
    const handler = this.signalHandlers.get(name);
    if (!handler) {
      // Temporal buffers signals until the code registers a handler for them.
      this.bufferedSignals.push({ name, args });
      return;
    }
    this.invokeSignal(handler, args);
  }

  private invokeSignal(handler: (...args: unknown[]) => unknown, args: unknown[]): void {
    try {
      const result = hook.storage.run({ instance: this, cancellable: true }, () => handler(...args));
      if (result instanceof Promise) result.catch((error: unknown) => this.failWith(error));
    } catch (error) {
      this.failWith(error);
    }
  }

  /** Workflow cancellation: everything cancellable that waits is rejected, running activities are asked to stop. */
  private requestCancel(): void {
    if (this.cancelRequested) return;
    this.cancelRequested = true;
    for (const [seq, command] of this.commands) {
      if (command.settled || !command.cancellable) continue;
      command.settled = true;
      if (command.kind === 'activity') {
        command.reject(activityCancelled(command.activityType ?? '', seq));
        this.recordCancel('ActivityCancelRequested', seq);
      } else {
        command.reject(new CancelledFailure('Timer cancelled'));
        this.recordCancel('TimerCancelled', seq);
      }
    }
    for (const condition of [...this.conditions]) {
      if (!condition.cancellable) continue;
      this.conditions.delete(condition);
      condition.reject(new CancelledFailure('Workflow cancelled'));
    }
  }

  private recordCancel(kind: 'ActivityCancelRequested' | 'TimerCancelled', seq: number): void {
    if (this.journalCancels.has(seq) || this.mode === 'query') return;
    this.activation.events.push({ kind, commandSeq: seq, payload: { seenSeq: this.position } });
    if (kind === 'ActivityCancelRequested') this.activation.cancelTasks.push(seq);
    else this.activation.cancelTimers.push(seq);
  }

  private diverge(message: string): void {
    this.divergence ??= new WorkflowDivergenceError(
      `Workflow ${this.execution.type} (${this.execution.id}) diverged from its journal: ${message}. ` +
        'Workflow code must be deterministic, and running workflows need code compatible with their journal.',
    );
  }

  // -- commands issued by the workflow code ----------------------------------------------------------------------

  /** Takes the next command number and checks it against the journal; true when the command is new. */
  private issue(kind: CommandKind, activityType: string | undefined): { seq: number; isNew: boolean } | undefined {
    const seq = this.nextCommandSeq++;
    const journalled = this.journalCommands.get(seq);
    if (journalled) {
      if (journalled.kind !== kind || journalled.activityType !== activityType) {
        this.diverge(
          `command ${seq} is ${describeCommand({ kind, activityType })} now, the journal holds ${describeCommand(journalled)}`,
        );
        return undefined;
      }
      return { seq, isNew: false };
    }
    if (seq <= this.maxJournalCommand) {
      this.diverge(`command ${seq} is missing from the journal`);
      return undefined;
    }
    return { seq, isNew: true };
  }

  private track(seq: number, kind: CommandKind, cancellable: boolean, activityType?: string): Promise<unknown> {
    const promise = new Promise<unknown>((resolve, reject) => {
      this.commands.set(seq, { kind, activityType, settled: false, cancellable, resolve, reject });
    });
    // Marked handled: a command the code never awaits (a lost race) must not crash the process when cancelled.
    promise.catch(() => undefined);
    return promise;
  }

  private scheduleActivity(
    cancellable: boolean,
    activityType: string,
    args: unknown[],
    options: TActivityOptions,
  ): Promise<unknown> {
    if (this.divergence) return never();
    let resolved: TActivityTaskOptions;
    try {
      resolved = resolveActivityOptions(options);
    } catch (error) {
      return Promise.reject(error);
    }
    if (cancellable && this.cancelRequested) return Promise.reject(new CancelledFailure('Workflow cancelled'));
    const issued = this.issue('activity', activityType);
    if (!issued) return never();
    const taskQueue = options.taskQueue ?? this.execution.taskQueue;
    if (issued.isNew && this.mode === 'live') {
      this.activation.events.push({
        kind: 'ActivityScheduled',
        commandSeq: issued.seq,
        payload: { activityType, taskQueue, args, options: resolved, seenSeq: this.position },
      });
      // Not in the journal event: it is about the logs, not what the run did.
      const taskOptions = this.execution.requestId ? { ...resolved, requestId: this.execution.requestId } : resolved;
      this.activation.tasks.push({ commandSeq: issued.seq, taskQueue, activityType, args, options: taskOptions });
    }
    return this.track(issued.seq, 'activity', cancellable, activityType);
  }

  private startTimer(cancellable: boolean, ms: number): { seq: number; promise: Promise<unknown> } | undefined {
    const issued = this.issue('timer', undefined);
    if (!issued) return undefined;
    if (issued.isNew && this.mode === 'live') {
      const delayMs = Math.max(1, Math.round(ms));
      this.activation.events.push({
        kind: 'TimerStarted',
        commandSeq: issued.seq,
        payload: { delayMs, seenSeq: this.position },
      });
      this.activation.timers.push({ commandSeq: issued.seq, delayMs });
    }
    return { seq: issued.seq, promise: this.track(issued.seq, 'timer', cancellable) };
  }

  private sleep(cancellable: boolean, ms: number): Promise<void> {
    if (this.divergence) return never();
    if (cancellable && this.cancelRequested) return Promise.reject(new CancelledFailure('Workflow cancelled'));
    const timer = this.startTimer(cancellable, ms);
    return timer ? (timer.promise as Promise<void>) : never();
  }

  private condition(cancellable: boolean, fn: () => boolean, timeoutMs: number | undefined): Promise<boolean> {
    if (this.divergence) return never();
    if (cancellable && this.cancelRequested) return Promise.reject(new CancelledFailure('Workflow cancelled'));
    if (timeoutMs === undefined) {
      return new Promise<boolean>((resolve, reject) => {
        this.conditions.add({ fn, cancellable, resolve: () => resolve(true), reject });
      });
    }
    const timer = this.startTimer(cancellable, timeoutMs);
    if (!timer) return never();
    return new Promise<boolean>((resolve, reject) => {
      const condition: Condition = {
        fn,
        cancellable,
        resolve: () => {
          this.cancelTimer(timer.seq);
          resolve(true);
        },
        reject,
      };
      this.conditions.add(condition);
      timer.promise.then(
        () => {
          if (this.conditions.delete(condition)) resolve(false);
        },
        (error: Error) => {
          if (this.conditions.delete(condition)) reject(error);
        },
      );
    });
  }

  /** A condition met before its timeout: the timer goes, the same way on every replay. */
  private cancelTimer(seq: number): void {
    const command = this.commands.get(seq);
    if (!command || command.settled) return;
    command.settled = true;
    command.reject(new CancelledFailure('Timer cancelled'));
    this.recordCancel('TimerCancelled', seq);
  }

  private setHandler(kind: 'signal' | 'query', name: string, handler: ((...args: never[]) => unknown) | undefined) {
    const handlers = kind === 'signal' ? this.signalHandlers : this.queryHandlers;
    if (!handler) {
      handlers.delete(name);
      return;
    }
    handlers.set(name, handler as (...args: unknown[]) => unknown);
    if (kind !== 'signal') return;
    for (let index = 0; index < this.bufferedSignals.length;) {
      const buffered = this.bufferedSignals[index]!;
      if (buffered.name === name) {
        this.bufferedSignals.splice(index, 1);
        this.invokeSignal(handler as (...args: unknown[]) => unknown, buffered.args);
      } else index++;
    }
  }

  private createApi(cancellable: boolean): EmbeddedWorkflowApi {
    return {
      scheduleActivity: (activityType, args, options) =>
        this.scheduleActivity(cancellable, activityType, args, options),
      sleep: (ms) => this.sleep(cancellable, ms),
      condition: (fn, timeoutMs) => this.condition(cancellable, fn, timeoutMs),
      setHandler: (kind, name, handler) => this.setHandler(kind, name, handler),
      workflowInfo: (): TWorkflowInfo => ({
        workflowId: this.execution.id,
        runId: this.execution.runId,
        workflowType: this.execution.type,
        taskQueue: this.execution.taskQueue,
      }),
      uuid4: () => uuid4From(this.random),
      nonCancellable: (fn) => hook.storage.run({ instance: this, cancellable: false }, fn),
    };
  }
}

function describeCommand(command: { kind: CommandKind; activityType?: string } | undefined): string {
  if (!command) return 'nothing';
  return command.kind === 'activity' ? `activity ${command.activityType}` : 'a timer';
}

function activityCancelled(activityType: string, seq: number): ActivityFailure {
  return new ActivityFailure(
    'Activity cancelled',
    activityType,
    String(seq),
    RetryState.CANCEL_REQUESTED,
    undefined,
    new CancelledFailure('Activity cancelled'),
  );
}
