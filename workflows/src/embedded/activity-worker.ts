import { fairnessKeyOf, type TActivityTaskRow, type WorkflowRepository } from '@mam/db';
import { ApplicationFailure, CancelledFailure, TimeoutFailure, TimeoutType } from '@temporalio/common';
import { embeddedActivityStorage, type ActivityContext } from '../activity-context';
import type { TWorkflowLogger } from '../logger';
import { Wakeup } from './wakeup';

export type TActivityFunction = (...args: never[]) => Promise<unknown>;

/** What the worker needs from its runtime. */
export interface ActivityWorkerHost {
  repo: WorkflowRepository;
  owner: string;
  leaseMs: number;
  pollIntervalMs: number;
  activities: Record<string, TActivityFunction>;
  logger: TWorkflowLogger;
  isRunning(): boolean;
  /** Ends a failed or timed-out attempt: retry or journal the failure. */
  endAttempt(task: TActivityTaskRow, error: unknown, worker: string | null): Promise<void>;
  /** Journals an attempt's result; false when the attempt was no longer this worker's. */
  complete(completion: { id: string; attempt: number; worker: string; result: unknown }): Promise<boolean>;
  /** Resolves once the workflow loop has been through the runs due now (or the runtime stops). */
  afterWorkflowPass(): Promise<void>;
}

interface RunningAttempt {
  task: TActivityTaskRow;
  controller: AbortController;
  /** Set once the runtime has given up on the attempt (timeout, cancellation, shutdown). */
  ended: 'timeout' | 'shutdown' | undefined;
  details: unknown;
  flushTimer: NodeJS.Timeout | undefined;
  lastFlushAt: number;
  heartbeatTimer: NodeJS.Timeout | undefined;
  startToCloseTimer: NodeJS.Timeout | undefined;
  done: Promise<void>;
}

/** Heartbeats are written at most this often (progress needs no more; the database is shared). */
const HEARTBEAT_FLUSH_MS = 1000;

/** Fairness keys (tenants) whose last turn a worker remembers. */
const MAX_FAIRNESS_KEYS = 10_000;

/** The longest a freed slot waits for the finished attempt's workflow to schedule its next step. */
const HAND_OFF_MAX_MS = 500;

/**
 * Works one task queue: claims due attempts (FOR UPDATE SKIP LOCKED, so processes on one PostgreSQL server share
 * the queue), runs at most `concurrency` at once, enforces start-to-close and heartbeat timeouts locally, and
 * passes cancellation to the activity through its AbortSignal.
 */
export class ActivityWorker {
  readonly wake = new Wakeup();
  private readonly running = new Map<string, RunningAttempt>();
  /** An attempt ended since the last claim: its workflow's next step should compete for the slot it freed. */
  private handOff = false;
  /** When this worker last took a task of each fairness key (a claim counter), for tenants to take turns. */
  private readonly lastServed = new Map<string, number>();
  private claims = 0;

  constructor(
    private readonly host: ActivityWorkerHost,
    readonly queue: string,
    readonly concurrency: number,
  ) {}

  get runningTaskIds(): string[] {
    return [...this.running.keys()];
  }

  async loop(): Promise<void> {
    const { host } = this;
    while (host.isRunning()) {
      try {
        if (this.handOff && this.running.size < this.concurrency) {
          // Without this the freed slot goes to whatever is queued before the workflow that just finished a step
          // has scheduled its next one: items would advance one step each in turn instead of first come, first
          // served, and an item's playable step could lose to others' remaining renditions.
          this.handOff = false;
          await Promise.race([
            host.afterWorkflowPass(),
            new Promise((resolve) => setTimeout(resolve, HAND_OFF_MAX_MS)),
          ]);
          if (!host.isRunning()) break;
        }
        const free = this.concurrency - this.running.size;
        if (free > 0) {
          const tasks = await host.repo.claimTasks(
            this.queue,
            host.owner,
            free,
            host.leaseMs,
            Object.fromEntries(this.lastServed),
          );
          for (const task of tasks) this.served(fairnessKeyOf(task.options));
          if (!host.isRunning()) {
            // Claimed while the runtime was stopping: handed back untouched.
            for (const task of tasks)
              await host.repo.releaseTask({ id: task.id, attempt: task.attempt, worker: host.owner });
            break;
          }
          for (const task of tasks) this.run(task);
          if (tasks.length === free) continue;
        }
      } catch (error) {
        if (!host.isRunning()) break;
        host.logger.error({ err: error, taskQueue: this.queue }, 'claiming activity tasks failed');
      }
      await this.wake.wait(host.pollIntervalMs);
    }
  }

  private served(fairnessKey: string): void {
    this.lastServed.delete(fairnessKey);
    this.lastServed.set(fairnessKey, ++this.claims);
    // Keys not served for the longest are forgotten first; forgotten, they count as never served, which is fair.
    if (this.lastServed.size > MAX_FAIRNESS_KEYS) this.lastServed.delete(this.lastServed.keys().next().value!);
  }

  isRunning(taskId: string): boolean {
    return this.running.has(taskId);
  }

  /** Gives up on an attempt the scheduler ended (schedule-to-close timeout). */
  abortTask(taskId: string): void {
    const attempt = this.running.get(taskId);
    if (!attempt || attempt.ended) return;
    attempt.ended = 'timeout';
    attempt.controller.abort(
      new TimeoutFailure('Activity schedule-to-close timeout', attempt.details, TimeoutType.SCHEDULE_TO_CLOSE),
    );
  }

  /** Stops attempts the workflow no longer wants (cancelled, or the run closed). */
  abort(executionId: string, commandSeqs: number[] | 'all'): void {
    for (const attempt of this.running.values()) {
      if (attempt.task.executionId !== executionId) continue;
      if (commandSeqs !== 'all' && !commandSeqs.includes(attempt.task.commandSeq)) continue;
      attempt.controller.abort(new CancelledFailure('Activity cancelled'));
    }
  }

  /** Graceful stop: attempts are told to stop and handed back unfinished, so the next start runs them again. */
  async shutdown(graceMs: number): Promise<void> {
    for (const attempt of this.running.values()) {
      attempt.ended ??= 'shutdown';
      attempt.controller.abort(new CancelledFailure('Worker shutting down'));
    }
    const all = Promise.all([...this.running.values()].map((attempt) => attempt.done));
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  }

  private run(task: TActivityTaskRow): void {
    const attempt: RunningAttempt = {
      task,
      controller: new AbortController(),
      ended: undefined,
      details: undefined,
      flushTimer: undefined,
      lastFlushAt: 0,
      heartbeatTimer: undefined,
      startToCloseTimer: undefined,
      done: Promise.resolve(),
    };
    this.running.set(task.id, attempt);
    attempt.done = this.execute(attempt).finally(() => {
      clearTimeout(attempt.flushTimer);
      clearTimeout(attempt.heartbeatTimer);
      clearTimeout(attempt.startToCloseTimer);
      this.running.delete(task.id);
      this.handOff = true;
      this.wake.poke();
    });
  }

  private async execute(attempt: RunningAttempt): Promise<void> {
    const { host } = this;
    const { task } = attempt;
    const worker = host.owner;
    const options = task.options;
    if (options.startToCloseMs !== null) {
      attempt.startToCloseTimer = setTimeout(
        () => this.timeOut(attempt, TimeoutType.START_TO_CLOSE),
        options.startToCloseMs,
      );
    }
    this.armHeartbeatTimer(attempt);
    const context: ActivityContext = {
      heartbeat: (details) => this.heartbeat(attempt, details),
      signal: attempt.controller.signal,
      info: {
        workflowId: task.executionId,
        activityType: task.activityType,
        attempt: task.attempt,
        requestId: options.requestId,
        traceParent: options.traceParent,
      },
    };
    const started = performance.now();
    let result: unknown;
    let failure: unknown;
    let failed = false;
    try {
      const fn = host.activities[task.activityType];
      if (!fn) {
        // Retryable, as on Temporal: another process (or the next deployment) may have it.
        throw ApplicationFailure.retryable(`Activity ${task.activityType} is not registered`, 'ActivityNotRegistered');
      }
      result = await embeddedActivityStorage.run(context, () => fn(...(task.args as never[])));
    } catch (error) {
      failed = true;
      failure = error;
    }
    if (attempt.ended === 'timeout') return; // already ended by timeOut
    const fields = { ...context.info, durationMs: Math.round(performance.now() - started) };
    if (failed) host.logger.warn({ ...fields, err: failure }, 'activity attempt failed');
    else host.logger.info(fields, 'activity completed');
    try {
      if (!failed) {
        // Finished work counts even when the runtime is stopping.
        await host.complete({ id: task.id, attempt: task.attempt, worker, result });
      } else if (attempt.ended === 'shutdown' || !host.isRunning()) {
        // Whatever an attempt failed with while its process stops (a child process the same signal ended, a
        // connection closed under it) is the stop's doing: the attempt goes back to the queue, not counted.
        await host.repo.releaseTask({ id: task.id, attempt: task.attempt, worker });
      } else {
        // An attempt stopped through its signal reports why it was stopped, not how it noticed.
        const reason = attempt.controller.signal.aborted ? attempt.controller.signal.reason : failure;
        await host.endAttempt(task, reason, worker);
      }
    } catch (error) {
      host.logger.error(
        { err: error, workflowId: task.executionId, activityType: task.activityType },
        'recording an activity outcome failed; the attempt runs again when its lease lapses',
      );
    }
  }

  private timeOut(attempt: RunningAttempt, timeoutType: TimeoutType): void {
    if (attempt.ended) return;
    attempt.ended = 'timeout';
    const failure = new TimeoutFailure(
      `Activity ${timeoutType === TimeoutType.HEARTBEAT ? 'heartbeat' : 'start-to-close'} timeout`,
      attempt.details,
      timeoutType,
    );
    attempt.controller.abort(failure);
    this.host
      .endAttempt(attempt.task, failure, this.host.owner)
      .catch((error: unknown) => this.host.logger.error({ err: error }, 'ending a timed-out activity attempt failed'));
  }

  private armHeartbeatTimer(attempt: RunningAttempt): void {
    const heartbeatMs = attempt.task.options.heartbeatMs;
    if (heartbeatMs === null) return;
    clearTimeout(attempt.heartbeatTimer);
    attempt.heartbeatTimer = setTimeout(() => this.timeOut(attempt, TimeoutType.HEARTBEAT), heartbeatMs);
  }

  private heartbeat(attempt: RunningAttempt, details: unknown): void {
    if (attempt.ended || attempt.controller.signal.aborted) return;
    if (details !== undefined) attempt.details = details;
    this.armHeartbeatTimer(attempt);
    if (attempt.flushTimer) return;
    const heartbeatMs = attempt.task.options.heartbeatMs;
    const interval = heartbeatMs === null ? HEARTBEAT_FLUSH_MS : Math.min(HEARTBEAT_FLUSH_MS, heartbeatMs / 2);
    const wait = Math.max(0, attempt.lastFlushAt + interval - Date.now());
    attempt.flushTimer = setTimeout(() => {
      attempt.flushTimer = undefined;
      attempt.lastFlushAt = Date.now();
      void this.flush(attempt);
    }, wait);
  }

  private async flush(attempt: RunningAttempt): Promise<void> {
    if (attempt.ended || !this.host.isRunning()) return;
    const { task } = attempt;
    try {
      const answer = await this.host.repo.heartbeatTask(
        { id: task.id, attempt: task.attempt, worker: this.host.owner },
        attempt.details,
        this.host.leaseMs,
      );
      // Cancellation reaches attempts in other processes through their heartbeats, as on Temporal.
      if (!answer) attempt.controller.abort(new CancelledFailure('Activity attempt is no longer current'));
      else if (answer.cancelRequested) attempt.controller.abort(new CancelledFailure('Activity cancelled'));
    } catch (error) {
      this.host.logger.warn({ err: error, workflowId: task.executionId }, 'recording a heartbeat failed');
    }
  }
}
