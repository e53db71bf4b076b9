import type { TActivityTaskRow, WorkflowRepository } from '@mam/db';
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

/**
 * Works one task queue: claims due attempts (FOR UPDATE SKIP LOCKED, so processes on one PostgreSQL server share
 * the queue), runs at most `concurrency` at once, enforces start-to-close and heartbeat timeouts locally, and
 * passes cancellation to the activity through its AbortSignal.
 */
export class ActivityWorker {
  readonly wake = new Wakeup();
  private readonly running = new Map<string, RunningAttempt>();

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
        const free = this.concurrency - this.running.size;
        if (free > 0) {
          const tasks = await host.repo.claimTasks(this.queue, host.owner, free, host.leaseMs);
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
      } else if (attempt.ended === 'shutdown') {
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
