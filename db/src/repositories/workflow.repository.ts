import { and, asc, desc, eq, inArray, isNull, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client/database';
import {
  workflowActivityTask,
  workflowEvent,
  workflowExecution,
  workflowTimer,
  type TActivityTaskOptions,
  type TWorkflowEventKind,
  type TWorkflowRuntimeKind,
  type TWorkflowStatus,
} from '../schema';

export type TWorkflowExecutionRow = typeof workflowExecution.$inferSelect;
export type TWorkflowEventRow = typeof workflowEvent.$inferSelect;
export type TActivityTaskRow = typeof workflowActivityTask.$inferSelect;
export type TWorkflowTimerRow = typeof workflowTimer.$inferSelect;
export type { TActivityTaskOptions, TWorkflowEventKind, TWorkflowRuntimeKind, TWorkflowStatus };

export interface TNewWorkflowEvent {
  kind: TWorkflowEventKind;
  commandSeq?: number | null;
  payload: Record<string, unknown>;
}

export interface TNewActivityTask {
  commandSeq: number;
  taskQueue: string;
  activityType: string;
  args: unknown[];
  options: TActivityTaskOptions;
}

/** What one replay of a run decided: journal records, side effects, and possibly the end of the run. */
export interface TWorkflowActivation {
  events: TNewWorkflowEvent[];
  tasks: TNewActivityTask[];
  timers: Array<{ commandSeq: number; delayMs: number }>;
  cancelTasks: number[];
  cancelTimers: number[];
  close?: {
    status: Exclude<TWorkflowStatus, 'RUNNING'>;
    result?: { value?: unknown };
    failure?: Record<string, unknown>;
  };
}

/** Why an activity attempt that nobody finished is given up on. */
export type TTaskExpiry = 'lease' | 'heartbeat' | 'startToClose' | 'scheduleToClose';

/** Why an activity ends failed instead of being retried. */
export type TFinalFailureReason = 'nonRetryable' | 'maximumAttempts' | 'scheduleToClose';

export type TTaskFailOutcome = 'retrying' | 'failed' | 'cancelled' | 'gone';

/** The channel runtime processes on one PostgreSQL server wake each other on. */
export const WORKFLOW_NOTIFY_CHANNEL = 'mam_workflow';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

const RUNNING_TASK_STATUS = 'RUNNING';
const ms = (value: number): SQL => sql`(now() + ${value}::double precision * interval '1 millisecond')`;
const optionMs = (key: keyof TActivityTaskOptions): SQL =>
  sql`case when ${workflowActivityTask.options}->>${key} is null then null
        else now() + (${workflowActivityTask.options}->>${key})::double precision * interval '1 millisecond' end`;

/**
 * Storage of the embedded workflow runtime: runs, their journals, activity tasks and durable timers. System-level
 * (like the tenant repository): the runtime recovers and drives every tenant's runs, so only `list` is scoped to a
 * tenant. Every write is one short transaction; PGlite serialises transactions, so none waits on anything slow.
 */
export function createWorkflowRepository(db: Database, options: { notify?: boolean } = {}) {
  async function notify(executor: Executor, payload: string): Promise<void> {
    if (options.notify) await executor.execute(sql`select pg_notify(${WORKFLOW_NOTIFY_CHANNEL}, ${payload})`);
  }

  /** Appends events to a running run (of `runId` when given); undefined when the run is not running. */
  async function appendTx(
    tx: Tx,
    executionId: string,
    runId: string | null,
    events: TNewWorkflowEvent[],
    wake: boolean,
  ): Promise<number[] | undefined> {
    const [row] = await tx
      .update(workflowExecution)
      .set({
        historyLength: sql`${workflowExecution.historyLength} + ${events.length}`,
        updatedAt: sql`now()`,
        ...(wake ? { wakeAt: sql`coalesce(${workflowExecution.wakeAt}, now())` } : {}),
      })
      .where(
        and(
          eq(workflowExecution.id, executionId),
          eq(workflowExecution.status, 'RUNNING'),
          runId ? eq(workflowExecution.runId, runId) : undefined,
        ),
      )
      .returning({ historyLength: workflowExecution.historyLength });
    if (!row) return undefined;
    const first = row.historyLength - events.length + 1;
    const seqs = events.map((_, index) => first + index);
    if (events.length > 0) {
      await tx.insert(workflowEvent).values(
        events.map((event, index) => ({
          executionId,
          seq: seqs[index]!,
          kind: event.kind,
          commandSeq: event.commandSeq ?? null,
          payload: event.payload,
        })),
      );
    }
    if (wake) await notify(tx, 'execution');
    return seqs;
  }

  /** Asks a running attempt to stop and drops attempts that have not started. */
  async function cancelTasksTx(tx: Tx, executionId: string, commandSeqs: number[] | 'all'): Promise<void> {
    const which =
      commandSeqs === 'all'
        ? eq(workflowActivityTask.executionId, executionId)
        : and(eq(workflowActivityTask.executionId, executionId), inArray(workflowActivityTask.commandSeq, commandSeqs));
    if (commandSeqs !== 'all' && commandSeqs.length === 0) return;
    await tx.delete(workflowActivityTask).where(and(which, eq(workflowActivityTask.status, 'SCHEDULED')));
    await tx.update(workflowActivityTask).set({ cancelRequested: true }).where(which);
  }

  async function cleanUpClosedTx(tx: Tx, executionId: string): Promise<void> {
    await tx.delete(workflowTimer).where(eq(workflowTimer.executionId, executionId));
    await cancelTasksTx(tx, executionId, 'all');
  }

  return {
    /**
     * Starts a run under `id`, replacing a closed run's row and journal. Undefined when a run of `id` is running
     * (WorkflowExecutionAlreadyStarted).
     */
    async startExecution(values: {
      id: string;
      runId: string;
      runtime: TWorkflowRuntimeKind;
      type: string;
      taskQueue: string;
      input: unknown[];
      tenantId: string | null;
      itemId: string | null;
    }): Promise<TWorkflowExecutionRow | undefined> {
      const embedded = values.runtime === 'embedded';
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ status: workflowExecution.status })
          .from(workflowExecution)
          .where(eq(workflowExecution.id, values.id))
          .for('update');
        if (existing?.status === 'RUNNING') return undefined;
        const fields = {
          ...values,
          status: 'RUNNING' as const,
          result: null,
          failure: null,
          historyLength: embedded ? 1 : 0,
          wakeAt: embedded ? sql`now()` : null,
          leaseOwner: null,
          leaseUntil: null,
          startedAt: sql`now()`,
          closedAt: null,
          updatedAt: sql`now()`,
        };
        let started: TWorkflowExecutionRow | undefined;
        if (existing) {
          await tx.delete(workflowEvent).where(eq(workflowEvent.executionId, values.id));
          await tx.delete(workflowActivityTask).where(eq(workflowActivityTask.executionId, values.id));
          await tx.delete(workflowTimer).where(eq(workflowTimer.executionId, values.id));
          [started] = await tx
            .update(workflowExecution)
            .set(fields)
            .where(eq(workflowExecution.id, values.id))
            .returning();
        } else {
          // A concurrent start of the same id inserts first; this one then reports the run as already started.
          [started] = await tx.insert(workflowExecution).values(fields).onConflictDoNothing().returning();
        }
        if (!started) return undefined;
        if (embedded) {
          await tx.insert(workflowEvent).values({
            executionId: values.id,
            seq: 1,
            kind: 'WorkflowStarted',
            payload: { type: values.type, taskQueue: values.taskQueue, args: values.input },
          });
          await notify(tx, 'execution');
        }
        return started;
      });
      return row;
    },

    async findExecution(id: string): Promise<TWorkflowExecutionRow | undefined> {
      const [row] = await db.select().from(workflowExecution).where(eq(workflowExecution.id, id));
      return row;
    },

    /** A tenant's runs (`null`: the system's), newest first. */
    async listExecutions(
      tenantId: string | null,
      filter: { itemId?: string; statuses?: TWorkflowStatus[]; limit: number },
    ): Promise<TWorkflowExecutionRow[]> {
      return db
        .select()
        .from(workflowExecution)
        .where(
          and(
            tenantId === null ? isNull(workflowExecution.tenantId) : eq(workflowExecution.tenantId, tenantId),
            filter.itemId !== undefined ? eq(workflowExecution.itemId, filter.itemId) : undefined,
            filter.statuses ? inArray(workflowExecution.status, filter.statuses) : undefined,
          ),
        )
        .orderBy(desc(workflowExecution.startedAt), asc(workflowExecution.id))
        .limit(filter.limit);
    },

    async listEvents(executionId: string, afterSeq = 0): Promise<TWorkflowEventRow[]> {
      return db
        .select()
        .from(workflowEvent)
        .where(and(eq(workflowEvent.executionId, executionId), sql`${workflowEvent.seq} > ${afterSeq}`))
        .orderBy(asc(workflowEvent.seq));
    },

    /** Journals inputs from outside (signal, cancel request) for the workflow code; false when not running. */
    async appendInputs(executionId: string, events: TNewWorkflowEvent[]): Promise<boolean> {
      const seqs = await db.transaction((tx) => appendTx(tx, executionId, null, events, true));
      return seqs !== undefined;
    },

    /**
     * Takes runs whose journal has news for the workflow code, or whose replaying process died. `lease` should be
     * new for every claim: it fences off a slow earlier holder whose lease lapsed. `excluding`: runs this process
     * is replaying right now.
     */
    async claimExecutions(
      lease: string,
      leaseMs: number,
      limit: number,
      excluding: string[] = [],
    ): Promise<TWorkflowExecutionRow[]> {
      const due = db
        .select({ id: workflowExecution.id })
        .from(workflowExecution)
        .where(
          and(
            eq(workflowExecution.status, 'RUNNING'),
            eq(workflowExecution.runtime, 'embedded'),
            excluding.length > 0 ? notInArray(workflowExecution.id, excluding) : undefined,
            or(
              and(isNull(workflowExecution.leaseUntil), lte(workflowExecution.wakeAt, sql`now()`)),
              lt(workflowExecution.leaseUntil, sql`now()`),
            ),
          ),
        )
        .orderBy(asc(workflowExecution.wakeAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(workflowExecution)
        .set({ leaseOwner: lease, leaseUntil: ms(leaseMs), wakeAt: null })
        .where(inArray(workflowExecution.id, due))
        .returning();
    },

    /** Gives a run back without persisting anything (replaying it failed): it is tried again after `delayMs`. */
    async releaseExecution(owner: string, executionId: string, delayMs: number): Promise<void> {
      await db
        .update(workflowExecution)
        .set({ leaseOwner: null, leaseUntil: null, wakeAt: ms(delayMs) })
        .where(
          and(
            eq(workflowExecution.id, executionId),
            eq(workflowExecution.leaseOwner, owner),
            eq(workflowExecution.status, 'RUNNING'),
          ),
        );
    },

    /**
     * Writes what a replay decided and gives the run back, in one transaction. Undefined when this process no
     * longer holds the run (lease lapsed, terminated, restarted); otherwise the journal numbers of the events and
     * whether news arrived meanwhile.
     */
    async persistActivation(
      owner: string,
      executionId: string,
      runId: string,
      activation: TWorkflowActivation,
    ): Promise<{ seqs: number[]; wakeAgain: boolean } | undefined> {
      return db.transaction(async (tx) => {
        const { events, close } = activation;
        const [row] = await tx
          .update(workflowExecution)
          .set({
            historyLength: sql`${workflowExecution.historyLength} + ${events.length}`,
            leaseOwner: null,
            leaseUntil: null,
            updatedAt: sql`now()`,
            ...(close
              ? {
                  status: close.status,
                  result: close.result ?? null,
                  failure: close.failure ?? null,
                  closedAt: sql`now()`,
                  wakeAt: null,
                }
              : {}),
          })
          .where(
            and(
              eq(workflowExecution.id, executionId),
              eq(workflowExecution.runId, runId),
              eq(workflowExecution.status, 'RUNNING'),
              eq(workflowExecution.leaseOwner, owner),
            ),
          )
          .returning({ historyLength: workflowExecution.historyLength, wakeAt: workflowExecution.wakeAt });
        if (!row) return undefined;
        const first = row.historyLength - events.length + 1;
        const seqs = events.map((_, index) => first + index);
        if (events.length > 0) {
          await tx.insert(workflowEvent).values(
            events.map((event, index) => ({
              executionId,
              seq: seqs[index]!,
              kind: event.kind,
              commandSeq: event.commandSeq ?? null,
              payload: event.payload,
            })),
          );
        }
        if (activation.tasks.length > 0) {
          await tx.insert(workflowActivityTask).values(
            activation.tasks.map((task) => ({
              executionId,
              runId,
              status: 'SCHEDULED' as const,
              ...task,
              scheduleToCloseDeadline:
                task.options.scheduleToCloseMs === null ? null : ms(task.options.scheduleToCloseMs),
            })),
          );
          for (const queue of new Set(activation.tasks.map((task) => task.taskQueue))) {
            await notify(tx, `task:${queue}`);
          }
        }
        if (activation.timers.length > 0) {
          await tx.insert(workflowTimer).values(
            activation.timers.map((timer) => ({
              executionId,
              runId,
              commandSeq: timer.commandSeq,
              dueAt: ms(timer.delayMs),
            })),
          );
          await notify(tx, 'timer');
        }
        await cancelTasksTx(tx, executionId, activation.cancelTasks);
        if (activation.cancelTimers.length > 0) {
          await tx
            .delete(workflowTimer)
            .where(
              and(
                eq(workflowTimer.executionId, executionId),
                inArray(workflowTimer.commandSeq, activation.cancelTimers),
              ),
            );
        }
        if (close) {
          await cleanUpClosedTx(tx, executionId);
          await notify(tx, 'closed');
        }
        return { seqs, wakeAgain: !close && row.wakeAt !== null };
      });
    },

    /** Ends a running run at once, without its code's say. False when it was not running. */
    async terminate(executionId: string, failure: Record<string, unknown>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const seqs = await appendTx(
          tx,
          executionId,
          null,
          [{ kind: 'WorkflowTerminated', payload: { failure } }],
          false,
        );
        if (!seqs) return false;
        await tx
          .update(workflowExecution)
          .set({
            status: 'TERMINATED',
            failure,
            closedAt: sql`now()`,
            wakeAt: null,
            leaseOwner: null,
            leaseUntil: null,
          })
          .where(eq(workflowExecution.id, executionId));
        await cleanUpClosedTx(tx, executionId);
        await notify(tx, 'closed');
        return true;
      });
    },

    /**
     * After the only process that may run workflows restarted (embedded PGlite): nobody holds a run any more, and
     * every activity attempt that was running died with the old process. Returns those attempts.
     */
    async recoverExclusive(): Promise<TActivityTaskRow[]> {
      await db
        .update(workflowExecution)
        .set({ leaseOwner: null, leaseUntil: null, wakeAt: sql`coalesce(${workflowExecution.wakeAt}, now())` })
        .where(and(eq(workflowExecution.status, 'RUNNING'), eq(workflowExecution.runtime, 'embedded')));
      return db.select().from(workflowActivityTask).where(eq(workflowActivityTask.status, RUNNING_TASK_STATUS));
    },

    /** Replays every running run soon, so incompatible workflow code shows at start-up rather than weeks later. */
    async wakeAllRunning(): Promise<number> {
      const rows = await db
        .update(workflowExecution)
        .set({ wakeAt: sql`coalesce(${workflowExecution.wakeAt}, now())` })
        .where(and(eq(workflowExecution.status, 'RUNNING'), eq(workflowExecution.runtime, 'embedded')))
        .returning({ id: workflowExecution.id });
      return rows.length;
    },

    async pendingActivities(executionId: string): Promise<TActivityTaskRow[]> {
      return db
        .select()
        .from(workflowActivityTask)
        .where(eq(workflowActivityTask.executionId, executionId))
        .orderBy(asc(workflowActivityTask.commandSeq));
    },

    /** Starts due attempts of a task queue: they belong to `owner` until their lease lapses. */
    async claimTasks(queue: string, owner: string, limit: number, leaseMs: number): Promise<TActivityTaskRow[]> {
      const due = db
        .select({ id: workflowActivityTask.id })
        .from(workflowActivityTask)
        .where(
          and(
            eq(workflowActivityTask.taskQueue, queue),
            eq(workflowActivityTask.status, 'SCHEDULED'),
            lte(workflowActivityTask.dueAt, sql`now()`),
          ),
        )
        .orderBy(asc(workflowActivityTask.dueAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(workflowActivityTask)
        .set({
          status: RUNNING_TASK_STATUS,
          worker: owner,
          startedAt: sql`now()`,
          leaseUntil: ms(leaseMs),
          startToCloseDeadline: optionMs('startToCloseMs'),
          heartbeatDeadline: optionMs('heartbeatMs'),
        })
        .where(inArray(workflowActivityTask.id, due))
        .returning();
    },

    /** Extends the leases of the attempts a living process runs. */
    async renewTaskLeases(owner: string, taskIds: string[], leaseMs: number): Promise<void> {
      if (taskIds.length === 0) return;
      await db
        .update(workflowActivityTask)
        .set({ leaseUntil: ms(leaseMs) })
        .where(and(inArray(workflowActivityTask.id, taskIds), eq(workflowActivityTask.worker, owner)));
    },

    /**
     * Records a heartbeat (details kept when undefined). Answers whether the workflow asked the attempt to stop;
     * undefined when the attempt is no longer this worker's (timed out, run closed).
     */
    async heartbeatTask(
      task: { id: string; attempt: number; worker: string },
      details: unknown,
      leaseMs: number,
    ): Promise<{ cancelRequested: boolean } | undefined> {
      const [row] = await db
        .update(workflowActivityTask)
        .set({
          ...(details === undefined ? {} : { heartbeatDetails: details }),
          heartbeatDeadline: optionMs('heartbeatMs'),
          leaseUntil: ms(leaseMs),
        })
        .where(
          and(
            eq(workflowActivityTask.id, task.id),
            eq(workflowActivityTask.attempt, task.attempt),
            eq(workflowActivityTask.worker, task.worker),
            eq(workflowActivityTask.status, RUNNING_TASK_STATUS),
          ),
        )
        .returning({ cancelRequested: workflowActivityTask.cancelRequested });
      return row;
    },

    /** Hands an unfinished attempt back (graceful shutdown): it starts again without counting as a failure. */
    async releaseTask(task: { id: string; attempt: number; worker: string }): Promise<void> {
      await db
        .update(workflowActivityTask)
        .set({
          status: 'SCHEDULED',
          dueAt: sql`now()`,
          worker: null,
          startedAt: null,
          leaseUntil: null,
          startToCloseDeadline: null,
          heartbeatDeadline: null,
        })
        .where(
          and(
            eq(workflowActivityTask.id, task.id),
            eq(workflowActivityTask.attempt, task.attempt),
            eq(workflowActivityTask.worker, task.worker),
            eq(workflowActivityTask.status, RUNNING_TASK_STATUS),
          ),
        );
    },

    /** Journals an attempt's result for the workflow code; false when the attempt was no longer this worker's. */
    async completeTask(task: { id: string; attempt: number; worker: string }, result: unknown): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [done] = await tx
          .delete(workflowActivityTask)
          .where(
            and(
              eq(workflowActivityTask.id, task.id),
              eq(workflowActivityTask.attempt, task.attempt),
              eq(workflowActivityTask.worker, task.worker),
              eq(workflowActivityTask.status, RUNNING_TASK_STATUS),
            ),
          )
          .returning();
        if (!done) return false;
        await appendTx(
          tx,
          done.executionId,
          done.runId,
          [
            {
              kind: 'ActivityCompleted',
              commandSeq: done.commandSeq,
              payload: { activityType: done.activityType, attempt: done.attempt, result: { value: result } },
            },
          ],
          true,
        );
        return true;
      });
    },

    /**
     * Ends a failed or timed-out attempt: retried after `retryDelayMs` unless that is null or past the
     * schedule-to-close deadline, else journalled as the activity's failure. An attempt the workflow asked to stop
     * ends cancelled. `worker` null: whoever ran it is gone (lease lapsed, restart).
     */
    async failTaskAttempt(
      task: { id: string; attempt: number; worker: string | null; status: 'SCHEDULED' | 'RUNNING' },
      attemptFailure: Record<string, unknown>,
      retryDelayMs: number | null,
      finalFailure: (reason: TFinalFailureReason) => Record<string, unknown>,
    ): Promise<TTaskFailOutcome> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(workflowActivityTask)
          .where(
            and(
              eq(workflowActivityTask.id, task.id),
              eq(workflowActivityTask.attempt, task.attempt),
              eq(workflowActivityTask.status, task.status),
              task.worker === null ? undefined : eq(workflowActivityTask.worker, task.worker),
            ),
          )
          .for('update');
        if (!row) return 'gone';
        const end = async (kind: 'ActivityFailed' | 'ActivityCancelled', payload: Record<string, unknown>) => {
          await tx.delete(workflowActivityTask).where(eq(workflowActivityTask.id, row.id));
          await appendTx(
            tx,
            row.executionId,
            row.runId,
            [
              {
                kind,
                commandSeq: row.commandSeq,
                payload: { activityType: row.activityType, attempt: row.attempt, ...payload },
              },
            ],
            true,
          );
        };
        if (row.cancelRequested) {
          await end('ActivityCancelled', {});
          return 'cancelled';
        }
        if (retryDelayMs !== null) {
          const [retried] = await tx
            .update(workflowActivityTask)
            .set({
              status: 'SCHEDULED',
              attempt: row.attempt + 1,
              dueAt: ms(retryDelayMs),
              worker: null,
              startedAt: null,
              leaseUntil: null,
              startToCloseDeadline: null,
              heartbeatDeadline: null,
              lastFailure: attemptFailure,
            })
            .where(
              and(
                eq(workflowActivityTask.id, row.id),
                or(
                  isNull(workflowActivityTask.scheduleToCloseDeadline),
                  sql`${ms(retryDelayMs)} < ${workflowActivityTask.scheduleToCloseDeadline}`,
                ),
              ),
            )
            .returning({ id: workflowActivityTask.id });
          if (retried) {
            await notify(tx, `task:${row.taskQueue}`);
            return 'retrying';
          }
          await end('ActivityFailed', { failure: finalFailure('scheduleToClose') });
          return 'failed';
        }
        await end('ActivityFailed', {
          failure: finalFailure(attemptFailure.nonRetryable === true ? 'nonRetryable' : 'maximumAttempts'),
        });
        return 'failed';
      });
    },

    /** Attempts past a deadline: lease (process died), heartbeat, start-to-close, or schedule-to-close. */
    async expiredTasks(limit: number): Promise<Array<TActivityTaskRow & { expiry: TTaskExpiry }>> {
      const expiry = sql<TTaskExpiry>`case
          when ${workflowActivityTask.scheduleToCloseDeadline} < now() then 'scheduleToClose'
          when ${workflowActivityTask.startToCloseDeadline} < now() then 'startToClose'
          when ${workflowActivityTask.heartbeatDeadline} < now() then 'heartbeat'
          else 'lease' end`;
      const rows = await db
        .select({ task: workflowActivityTask, expiry })
        .from(workflowActivityTask)
        .where(
          or(
            lt(workflowActivityTask.scheduleToCloseDeadline, sql`now()`),
            and(
              eq(workflowActivityTask.status, RUNNING_TASK_STATUS),
              or(
                lt(workflowActivityTask.leaseUntil, sql`now()`),
                lt(workflowActivityTask.heartbeatDeadline, sql`now()`),
                lt(workflowActivityTask.startToCloseDeadline, sql`now()`),
              ),
            ),
          ),
        )
        .limit(limit);
      return rows.map((row) => ({ ...row.task, expiry: row.expiry }));
    },

    /** Fires due timers: journals TimerFired for each and drops the timer. Returns how many fired. */
    async fireDueTimers(limit: number): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(workflowTimer)
          .where(lte(workflowTimer.dueAt, sql`now()`))
          .orderBy(asc(workflowTimer.dueAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        for (const timer of due) {
          await tx
            .delete(workflowTimer)
            .where(
              and(eq(workflowTimer.executionId, timer.executionId), eq(workflowTimer.commandSeq, timer.commandSeq)),
            );
          await appendTx(
            tx,
            timer.executionId,
            timer.runId,
            [{ kind: 'TimerFired', commandSeq: timer.commandSeq, payload: {} }],
            true,
          );
        }
        return due.length;
      });
    },

    /**
     * Milliseconds (by the database's clock) until the next timer is due, an attempt of `queues` may start, or a
     * running attempt passes a deadline; null when nothing is waiting.
     */
    async nextDueInMs(queues: string[]): Promise<number | null> {
      const task = workflowActivityTask;
      const scheduled =
        queues.length > 0
          ? sql`(select min(${task.dueAt}) from ${task} where ${task.status} = 'SCHEDULED' and ${inArray(task.taskQueue, queues)})`
          : sql`null::timestamptz`;
      const result = await db.execute<{ ms: number | string | null }>(sql`select extract(epoch from (least(
          (select min(${workflowTimer.dueAt}) from ${workflowTimer}),
          (select min(least(${task.leaseUntil}, ${task.heartbeatDeadline}, ${task.startToCloseDeadline}))
             from ${task} where ${task.status} = 'RUNNING'),
          (select min(${task.scheduleToCloseDeadline}) from ${task}),
          ${scheduled}
        ) - now())) * 1000 as ms`);
      const value = (result as unknown as { rows: Array<{ ms: number | string | null }> }).rows[0]?.ms;
      return value === null || value === undefined ? null : Math.max(0, Number(value));
    },

    /** Runs started on Temporal are indexed here too (Temporal owns them), so they can be listed by tenant and item. */
    async indexTemporalRun(values: {
      id: string;
      runId: string;
      type: string;
      taskQueue: string;
      input: unknown[];
      tenantId: string | null;
      itemId: string | null;
    }): Promise<void> {
      const fields = {
        ...values,
        runtime: 'temporal' as const,
        status: 'RUNNING' as const,
        result: null,
        failure: null,
        historyLength: 0,
        wakeAt: null,
        leaseOwner: null,
        leaseUntil: null,
        startedAt: sql`now()`,
        closedAt: null,
        updatedAt: sql`now()`,
      };
      await db
        .insert(workflowExecution)
        .values(fields)
        .onConflictDoUpdate({ target: workflowExecution.id, set: fields });
    },

    /** Keeps the index of a Temporal run in step with what Temporal reports. */
    async updateStatus(
      executionId: string,
      runId: string,
      status: TWorkflowStatus,
      closedAt: Date | null,
    ): Promise<void> {
      await db
        .update(workflowExecution)
        .set({ status, closedAt, updatedAt: sql`now()` })
        .where(
          and(
            eq(workflowExecution.id, executionId),
            eq(workflowExecution.runId, runId),
            ne(workflowExecution.status, status),
          ),
        );
    },
  };
}

export type WorkflowRepository = ReturnType<typeof createWorkflowRepository>;
