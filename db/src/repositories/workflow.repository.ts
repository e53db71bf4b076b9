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

/** Temporal's default priority key when none is set (the middle of 1..5). */
export const DEFAULT_PRIORITY_KEY = 3;

/** The fairness key of a task: whose turn it is among equal priorities ('' when the workflow set none). */
export function fairnessKeyOf(options: TActivityTaskOptions): string {
  return options.fairnessKey ?? '';
}

/**
 * The due tasks of a queue a worker takes next, at most `limit`, locked (SKIP LOCKED, so processes share the queue).
 * In order: priority key (lower first); then fairness: each key's tasks take turns, a key's turn counting the tasks
 * it already has running, and on equal turns the key served longest ago goes first, so one tenant's bulk ingest
 * does not hold another's items back; then the age of the run (first come, first served: an item's next step goes
 * before later items' first steps).
 */
function taskClaimOrder(queue: string, limit: number, lastServed: Record<string, number>): SQL {
  const fairnessKey = sql`coalesce(t.options->>'fairnessKey', '')`;
  return sql`
    with candidates as (
      select t.id, e.started_at, t.scheduled_at, ${fairnessKey} as fairness_key,
             coalesce((t.options->>'priorityKey')::int, ${DEFAULT_PRIORITY_KEY}) as priority
        from workflow_activity_task t join workflow_execution e on e.id = t.execution_id
       where t.task_queue = ${queue} and t.status = 'SCHEDULED' and t.due_at <= now()
    ),
    busy as (
      select ${fairnessKey} as fairness_key, count(*) as running
        from workflow_activity_task t
       where t.task_queue = ${queue} and t.status = ${RUNNING_TASK_STATUS}
       group by 1
    ),
    served as (
      select key as fairness_key, value::bigint as served from jsonb_each_text(${JSON.stringify(lastServed)}::jsonb)
    ),
    ranked as (
      select c.id, c.priority, c.started_at, c.scheduled_at, coalesce(s.served, 0) as served,
             row_number() over (partition by c.priority, c.fairness_key order by c.started_at, c.scheduled_at, c.id)
               + coalesce(b.running, 0) as turn
        from candidates c
        left join busy b on b.fairness_key = c.fairness_key
        left join served s on s.fairness_key = c.fairness_key
    )
    select task.id from ranked r join workflow_activity_task task on task.id = r.id
     -- Checked again on the locked row: another process may have claimed it since this statement's snapshot.
     where task.status = 'SCHEDULED'
     order by r.priority, r.turn, r.served, r.started_at, r.scheduled_at, r.id
     limit ${limit}
     for update of task skip locked`;
}

/**
 * Storage of the embedded workflow runtime: runs, their journals, activity tasks and durable timers. System-level
 * (like the tenant repository): the runtime recovers and drives every tenant's runs, so only `list` is scoped to a
 * tenant. Every write is one short transaction; PGlite serialises transactions, so none waits on anything slow.
 */
/** Deadlocks and serialisation failures (PostgreSQL server only) are retried; anything else is thrown. */
function isTransient(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 5 || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/**
 * Every write that touches a run and its tasks or timers locks the run first, runs in id order: with one lock
 * order, writers on a PostgreSQL server wait for each other instead of deadlocking.
 */
async function lockExecutions(tx: Tx, executionIds: string[]): Promise<void> {
  if (executionIds.length === 0) return;
  await tx
    .select({ id: workflowExecution.id })
    .from(workflowExecution)
    .where(inArray(workflowExecution.id, [...new Set(executionIds)]))
    .orderBy(asc(workflowExecution.id))
    .for('update');
}

/** True for a PostgreSQL server (node-postgres pool): other connections and processes write concurrently. */
function isServer(db: Database): boolean {
  const client = (db as unknown as { $client?: { totalCount?: unknown; Client?: unknown } }).$client;
  return typeof client?.totalCount === 'number' && typeof client.Client === 'function';
}

/**
 * `server` (detected): on a PostgreSQL server, writes lock runs in one order (so concurrent writers cannot
 * deadlock) and NOTIFY the other runtime processes. Embedded PGlite runs one statement at a time and needs
 * neither.
 */
export function createWorkflowRepository(db: Database, settings: { server?: boolean } = {}) {
  const server = settings.server ?? isServer(db);
  const options = { notify: server };
  /** Locks runs in id order first, in a transaction, on a server; runs the write alone on PGlite. */
  const lockedWrite = <T>(
    executionIds: () => Promise<string[]> | string[],
    write: (executor: Executor) => Promise<T>,
  ) =>
    server
      ? retrying(() =>
          db.transaction(async (tx) => {
            await lockExecutions(tx, await executionIds());
            return write(tx);
          }),
        )
      : write(db);

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
     * Starts a run under `id`, replacing a closed run's row and journal. False when a run of `id` is running
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
      requestId?: string | null;
      traceParent?: string | null;
    }): Promise<boolean> {
      const embedded = values.runtime === 'embedded';
      if (embedded) {
        // The usual case, a new id: one statement. An existing id (running, or closed and to be replaced) takes
        // the transaction below.
        const inserted = await db.execute(sql`
          with ins as (
            insert into workflow_execution (id, run_id, runtime, type, task_queue, input, status, tenant_id, item_id,
                                            request_id, trace_parent, history_length, wake_at)
            values (${values.id}, ${values.runId}::uuid, 'embedded', ${values.type}, ${values.taskQueue},
                    ${JSON.stringify(values.input)}::jsonb, 'RUNNING', ${values.tenantId}::uuid, ${values.itemId},
                    ${values.requestId ?? null}, ${values.traceParent ?? null}, 1, now())
            on conflict (id) do nothing
            returning id
          ),
          ev as (
            insert into workflow_event (execution_id, seq, kind, command_seq, payload)
            select id, 1, 'WorkflowStarted', null,
                   ${JSON.stringify({ type: values.type, taskQueue: values.taskQueue, args: values.input })}::jsonb
              from ins
            returning 1
          )
          select id ${options.notify ? sql`, pg_notify(${WORKFLOW_NOTIFY_CHANNEL}, 'execution') as notified` : sql``}
            from ins`);
        if ((inserted as unknown as { rows: unknown[] }).rows.length > 0) return true;
      }
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ status: workflowExecution.status })
          .from(workflowExecution)
          .where(eq(workflowExecution.id, values.id))
          .for('update');
        if (existing?.status === 'RUNNING') return undefined;
        const fields = {
          ...values,
          requestId: values.requestId ?? null,
          traceParent: values.traceParent ?? null,
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
      return row !== undefined;
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

    /**
     * Runs for operators, newest first: `tenant` 'any' or one tenant's (`null`: the system's). `after` is the last
     * row of the page before (keyset paging, stable while runs start). Compared at millisecond precision, which is
     * what a cursor built from a JavaScript Date carries.
     */
    async listExecutionsPage(filter: {
      tenant: 'any' | { id: string | null };
      types?: string[];
      statuses?: TWorkflowStatus[];
      startedFrom?: Date;
      startedTo?: Date;
      after?: { startedAt: Date; id: string };
      limit: number;
    }): Promise<TWorkflowExecutionRow[]> {
      const startedMs = sql`date_trunc('milliseconds', ${workflowExecution.startedAt})`;
      const { tenant, after } = filter;
      return db
        .select()
        .from(workflowExecution)
        .where(
          and(
            tenant === 'any'
              ? undefined
              : tenant.id === null
                ? isNull(workflowExecution.tenantId)
                : eq(workflowExecution.tenantId, tenant.id),
            filter.types?.length ? inArray(workflowExecution.type, filter.types) : undefined,
            filter.statuses?.length ? inArray(workflowExecution.status, filter.statuses) : undefined,
            filter.startedFrom ? sql`${workflowExecution.startedAt} >= ${filter.startedFrom.toISOString()}` : undefined,
            filter.startedTo ? sql`${workflowExecution.startedAt} < ${filter.startedTo.toISOString()}` : undefined,
            after
              ? sql`(${startedMs} < ${after.startedAt.toISOString()}::timestamptz
                     or (${startedMs} = ${after.startedAt.toISOString()}::timestamptz and ${workflowExecution.id} > ${after.id}))`
              : undefined,
          ),
        )
        .orderBy(desc(startedMs), asc(workflowExecution.id))
        .limit(filter.limit);
    },

    async listEvents(executionId: string, afterSeq = 0): Promise<TWorkflowEventRow[]> {
      return db
        .select()
        .from(workflowEvent)
        .where(and(eq(workflowEvent.executionId, executionId), sql`${workflowEvent.seq} > ${afterSeq}`))
        .orderBy(asc(workflowEvent.seq));
    },

    /** The whole journals of several runs, in journal order per run. */
    async listEventsOf(executionIds: string[]): Promise<TWorkflowEventRow[]> {
      if (executionIds.length === 0) return [];
      return db
        .select()
        .from(workflowEvent)
        .where(inArray(workflowEvent.executionId, executionIds))
        .orderBy(asc(workflowEvent.executionId), asc(workflowEvent.seq));
    },

    /** Journals inputs from outside (signal, cancel request) for the workflow code; false when not running. */
    async appendInputs(executionId: string, events: TNewWorkflowEvent[]): Promise<boolean> {
      const seqs = await retrying(() => db.transaction((tx) => appendTx(tx, executionId, null, events, true)));
      return seqs !== undefined;
    },

    /**
     * Takes runs whose journal has news for the workflow code. `lease` should be new for every claim: it fences
     * off a slow earlier holder. `excluding`: runs this process is replaying right now.
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
            isNull(workflowExecution.leaseUntil),
            lte(workflowExecution.wakeAt, sql`now()`),
            excluding.length > 0 ? notInArray(workflowExecution.id, excluding) : undefined,
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

    /** Runs whose replaying process died (lease lapsed) become claimable again. */
    async reclaimLapsedExecutions(): Promise<number> {
      const rows = await retrying(() =>
        db
          .update(workflowExecution)
          .set({ leaseOwner: null, leaseUntil: null, wakeAt: sql`coalesce(${workflowExecution.wakeAt}, now())` })
          .where(and(eq(workflowExecution.status, 'RUNNING'), lt(workflowExecution.leaseUntil, sql`now()`)))
          .returning({ id: workflowExecution.id }),
      );
      return rows.length;
    },

    /** For claimed runs: the events after what their code last saw (see replayedSeq), in journal order. */
    async newEvents(executionIds: string[]): Promise<TWorkflowEventRow[]> {
      if (executionIds.length === 0) return [];
      const rows = await db
        .select({ event: workflowEvent })
        .from(workflowEvent)
        .innerJoin(workflowExecution, eq(workflowExecution.id, workflowEvent.executionId))
        .where(
          and(
            inArray(workflowEvent.executionId, executionIds),
            sql`${workflowEvent.seq} > ${workflowExecution.replayedSeq}`,
          ),
        )
        .orderBy(asc(workflowEvent.executionId), asc(workflowEvent.seq));
      return rows.map((row) => row.event);
    },

    /** The runs among `executionIds` that are closed now. */
    async closedAmong(executionIds: string[]): Promise<string[]> {
      if (executionIds.length === 0) return [];
      const rows = await db
        .select({ id: workflowExecution.id })
        .from(workflowExecution)
        .where(and(inArray(workflowExecution.id, executionIds), ne(workflowExecution.status, 'RUNNING')));
      return rows.map((row) => row.id);
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
     * Writes what replays decided and gives the runs back: one statement for the whole batch (atomic without a
     * transaction, one round trip, however many runs). A run missing from the answer was no longer held by its
     * lease (lapsed, terminated, restarted); for the others, the journal numbers of their events and whether news
     * arrived meanwhile. `replayedSeq`: the last journal event the code has seen.
     */
    async persistActivations(
      items: Array<{
        lease: string;
        executionId: string;
        runId: string;
        replayedSeq: number;
        activation: TWorkflowActivation;
      }>,
    ): Promise<Map<string, { seqs: number[]; wakeAgain: boolean }>> {
      const outcome = new Map<string, { seqs: number[]; wakeAgain: boolean }>();
      if (items.length === 0) return outcome;
      const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
      const executions = items.map(({ lease, executionId, runId, replayedSeq, activation }) => ({
        id: executionId,
        run_id: runId,
        lease,
        n: activation.events.length,
        replayed_seq: replayedSeq,
        closing: activation.close !== undefined,
        status: activation.close?.status ?? null,
        result: activation.close?.result ?? null,
        failure: activation.close?.failure ?? null,
      }));
      const events = items.flatMap(({ executionId, activation }) =>
        activation.events.map((event, index) => ({
          id: executionId,
          ord: index + 1,
          kind: event.kind,
          command_seq: event.commandSeq ?? null,
          payload: event.payload,
        })),
      );
      const tasks = items.flatMap(({ executionId, runId, activation }) =>
        activation.tasks.map((task) => ({
          id: executionId,
          run_id: runId,
          command_seq: task.commandSeq,
          task_queue: task.taskQueue,
          activity_type: task.activityType,
          args: task.args,
          options: task.options,
        })),
      );
      const timers = items.flatMap(({ executionId, runId, activation }) =>
        activation.timers.map((timer) => ({
          id: executionId,
          run_id: runId,
          command_seq: timer.commandSeq,
          delay_ms: timer.delayMs,
        })),
      );
      const commands = (pick: (activation: TWorkflowActivation) => number[]) =>
        json(items.flatMap(({ executionId, activation }) => pick(activation).map((seq) => ({ id: executionId, seq }))));
      const cancelled = (alias: string, list: SQL) =>
        sql`(exec.closing or exists (select 1 from jsonb_to_recordset(${list}) as c(id text, seq int)
                                      where c.id = ${sql.raw(alias)}.execution_id and c.seq = ${sql.raw(alias)}.command_seq))`;
      const notifications = options.notify
        ? sql`, (select count(pg_notify(${WORKFLOW_NOTIFY_CHANNEL}, 'task:' || q.task_queue))
                   from (select distinct task_queue from tasks) q) as notified_tasks,
                (select count(pg_notify(${WORKFLOW_NOTIFY_CHANNEL}, 'timer')) from (select 1 from timers limit 1) t)
                   as notified_timers,
                (select count(pg_notify(${WORKFLOW_NOTIFY_CHANNEL}, 'closed:' || x.id)) from exec x where x.closing)
                   as notified_closed`
        : sql``;
      const statement = sql`
        with p as (
          select * from jsonb_to_recordset(${json(executions)}) as p(id text, run_id uuid, lease text, n int,
            replayed_seq int, closing boolean, status text, result jsonb, failure jsonb)
        ),
        exec as (
          update workflow_execution e
             set history_length = e.history_length + p.n, replayed_seq = p.replayed_seq,
                 lease_owner = null, lease_until = null, updated_at = now(),
                 status = case when p.closing then p.status else e.status end,
                 result = case when p.closing then p.result else e.result end,
                 failure = case when p.closing then p.failure else e.failure end,
                 closed_at = case when p.closing then now() else e.closed_at end,
                 wake_at = case when p.closing then null else e.wake_at end
            from p
           where e.id = p.id and e.run_id = p.run_id and e.status = 'RUNNING' and e.lease_owner = p.lease
          returning e.id, e.history_length, e.wake_at, p.n, p.closing
        ),
        ev as (
          insert into workflow_event (execution_id, seq, kind, command_seq, payload)
          select v.id, exec.history_length - exec.n + v.ord, v.kind, v.command_seq, v.payload
            from jsonb_to_recordset(${json(events)}) as v(id text, ord int, kind text, command_seq int, payload jsonb)
            join exec on exec.id = v.id
          returning 1
        ),
        tasks as (
          insert into workflow_activity_task
                 (execution_id, run_id, command_seq, task_queue, activity_type, args, options, status,
                  schedule_to_close_deadline)
          select t.id, t.run_id, t.command_seq, t.task_queue, t.activity_type, t.args, t.options, 'SCHEDULED',
                 case when t.options->>'scheduleToCloseMs' is null then null
                      else now() + (t.options->>'scheduleToCloseMs')::double precision * interval '1 millisecond' end
            from jsonb_to_recordset(${json(tasks)}) as t(id text, run_id uuid, command_seq int, task_queue text,
                   activity_type text, args jsonb, options jsonb)
            join exec on exec.id = t.id
          returning task_queue
        ),
        timers as (
          insert into workflow_timer (execution_id, run_id, command_seq, due_at)
          select t.id, t.run_id, t.command_seq, now() + t.delay_ms * interval '1 millisecond'
            from jsonb_to_recordset(${json(timers)}) as t(id text, run_id uuid, command_seq int, delay_ms double precision)
            join exec on exec.id = t.id
          returning 1
        ),
        dropped_tasks as (
          delete from workflow_activity_task a using exec
           where a.execution_id = exec.id and a.status = 'SCHEDULED'
             and ${cancelled(
               'a',
               commands((activation) => activation.cancelTasks),
             )}
          returning 1
        ),
        stopped_tasks as (
          update workflow_activity_task a set cancel_requested = true from exec
           where a.execution_id = exec.id and a.status = 'RUNNING'
             and ${cancelled(
               'a',
               commands((activation) => activation.cancelTasks),
             )}
          returning 1
        ),
        dropped_timers as (
          delete from workflow_timer w using exec
           where w.execution_id = exec.id and ${cancelled(
             'w',
             commands((activation) => activation.cancelTimers),
           )}
          returning 1
        )
        select exec.id, exec.history_length, exec.wake_at, exec.n, exec.closing ${notifications} from exec`;
      const result = await lockedWrite(
        () => items.map((item) => item.executionId),
        (executor) => executor.execute(statement),
      );
      const rows = (
        result as unknown as {
          rows: Array<{ id: string; history_length: number; wake_at: unknown; n: number; closing: boolean }>;
        }
      ).rows;
      for (const row of rows) {
        const count = Number(row.n);
        const first = Number(row.history_length) - count + 1;
        outcome.set(row.id, {
          seqs: Array.from({ length: count }, (_, index) => first + index),
          wakeAgain: !row.closing && row.wake_at !== null,
        });
      }
      return outcome;
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
        await notify(tx, `closed:${executionId}`);
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
      const rows = await retrying(() =>
        db
          .update(workflowExecution)
          .set({ wakeAt: sql`coalesce(${workflowExecution.wakeAt}, now())` })
          .where(and(eq(workflowExecution.status, 'RUNNING'), eq(workflowExecution.runtime, 'embedded')))
          .returning({ id: workflowExecution.id }),
      );
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
    /**
     * Claims the next due tasks of a queue (see taskClaimOrder). `lastServed` ranks fairness keys by when this worker
     * last took one of theirs (higher = more recently), so keys level on their turn alternate.
     */
    async claimTasks(
      queue: string,
      owner: string,
      limit: number,
      leaseMs: number,
      lastServed: Record<string, number> = {},
    ): Promise<TActivityTaskRow[]> {
      const due = taskClaimOrder(queue, limit, lastServed);
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
        .where(sql`${workflowActivityTask.id} in (${due})`)
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

    /**
     * Journals attempts' results for the workflow code: one statement for the batch. Returns the ids of the tasks
     * completed; the others were no longer their worker's (timed out, run closed).
     */
    async completeTasks(
      completions: Array<{ id: string; attempt: number; worker: string; result: unknown }>,
    ): Promise<Set<string>> {
      if (completions.length === 0) return new Set();
      const input = completions.map((completion) => ({ ...completion, result: { value: completion.result } }));
      const notifications = options.notify
        ? sql`, (select count(pg_notify(${WORKFLOW_NOTIFY_CHANNEL}, 'execution')) from (select 1 from exec limit 1) x)
                 as notified`
        : sql``;
      const statement = sql`
        with c as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
                   as c(id uuid, attempt int, worker text, result jsonb)
        ),
        done as (
          delete from workflow_activity_task t using c
           where t.id = c.id and t.attempt = c.attempt and t.worker = c.worker and t.status = 'RUNNING'
          returning t.id, t.execution_id, t.run_id, t.command_seq, t.activity_type, t.attempt, c.result
        ),
        counts as (select execution_id, run_id, count(*)::int as n from done group by execution_id, run_id),
        exec as (
          update workflow_execution e
             set history_length = e.history_length + counts.n, wake_at = coalesce(e.wake_at, now()),
                 updated_at = now()
            from counts
           where e.id = counts.execution_id and e.run_id = counts.run_id and e.status = 'RUNNING'
          returning e.id, e.history_length, counts.n
        ),
        ev as (
          insert into workflow_event (execution_id, seq, kind, command_seq, payload)
          select d.execution_id,
                 exec.history_length - exec.n + (row_number() over (partition by d.execution_id order by d.command_seq))::int,
                 'ActivityCompleted', d.command_seq,
                 jsonb_build_object('activityType', d.activity_type, 'attempt', d.attempt, 'result', d.result)
            from done d join exec on exec.id = d.execution_id
          returning 1
        )
        select done.id ${notifications} from done`;
      const rows = await lockedWrite(
        async () =>
          (
            await db
              .select({ executionId: workflowActivityTask.executionId })
              .from(workflowActivityTask)
              .where(
                inArray(
                  workflowActivityTask.id,
                  completions.map((completion) => completion.id),
                ),
              )
          ).map((owner) => owner.executionId),
        (executor) => executor.execute(statement),
      );
      return new Set((rows as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id));
    },

    /** Journals one attempt's result; false when the attempt was no longer this worker's. */
    async completeTask(task: { id: string; attempt: number; worker: string }, result: unknown): Promise<boolean> {
      return (await this.completeTasks([{ ...task, result }])).has(task.id);
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
      return retrying(() =>
        db.transaction(async (tx) => {
          if (server) {
            const [owner] = await tx
              .select({ executionId: workflowActivityTask.executionId })
              .from(workflowActivityTask)
              .where(eq(workflowActivityTask.id, task.id));
            if (!owner) return 'gone';
            await lockExecutions(tx, [owner.executionId]);
          }
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
        }),
      );
    },

    /**
     * Attempts past a deadline: lease (process died), heartbeat, start-to-close, or schedule-to-close; only the
     * last when `runningDeadlines` is false (this process runs every attempt and keeps their timeouts itself).
     */
    async expiredTasks(
      limit: number,
      runningDeadlines = true,
    ): Promise<Array<TActivityTaskRow & { expiry: TTaskExpiry }>> {
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
              sql`${runningDeadlines}`,
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
      // Looked for outside a transaction: an idle scheduler tick costs one cheap query.
      const candidates = await db
        .select({ executionId: workflowTimer.executionId })
        .from(workflowTimer)
        .where(lte(workflowTimer.dueAt, sql`now()`))
        .orderBy(asc(workflowTimer.dueAt))
        .limit(limit);
      if (candidates.length === 0) return 0;
      return retrying(() =>
        db.transaction(async (tx) => {
          if (server) {
            await lockExecutions(
              tx,
              candidates.map((timer) => timer.executionId),
            );
          }
          // Another scheduler may have fired some meanwhile: only what this delete removes fires here.
          const due = await tx
            .delete(workflowTimer)
            .where(
              and(
                lte(workflowTimer.dueAt, sql`now()`),
                inArray(
                  workflowTimer.executionId,
                  candidates.map((timer) => timer.executionId),
                ),
              ),
            )
            .returning();
          for (const timer of due) {
            await appendTx(
              tx,
              timer.executionId,
              timer.runId,
              [{ kind: 'TimerFired', commandSeq: timer.commandSeq, payload: {} }],
              true,
            );
          }
          return due.length;
        }),
      );
    },

    /**
     * Milliseconds (by the database's clock) until the next timer is due, a retry of `queues` waits out its
     * backoff, or an attempt passes a deadline; null when nothing is waiting. Attempts due already are the
     * workers' business, not a reason to wake. `runningDeadlines`: false when only this process runs attempts
     * (they keep their own timeouts).
     */
    async nextDueInMs(queues: string[], runningDeadlines = true): Promise<number | null> {
      const task = workflowActivityTask;
      const retries =
        queues.length > 0
          ? sql`(select min(${task.dueAt}) from ${task}
                  where ${task.status} = 'SCHEDULED' and ${task.dueAt} > now() and ${inArray(task.taskQueue, queues)})`
          : sql`null::timestamptz`;
      const deadlines = runningDeadlines
        ? sql`(select min(least(${task.leaseUntil}, ${task.heartbeatDeadline}, ${task.startToCloseDeadline}))
                 from ${task} where ${task.status} = 'RUNNING')`
        : sql`null::timestamptz`;
      const result = await db.execute<{ ms: number | string | null }>(sql`select extract(epoch from (least(
          (select min(${workflowTimer.dueAt}) from ${workflowTimer}),
          ${deadlines},
          (select min(${task.scheduleToCloseDeadline}) from ${task}),
          ${retries}
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
