import { EventEmitter } from 'node:events';
import { NOTIFICATION_NOTIFY_CHANNEL } from '@mam/db';
import type { ServiceDeps } from './service-deps';

/** A new notification for one user; the stream looks up the rest. */
export interface TNotificationEvent {
  tenantId: string;
  userId: string;
  id: string;
}

interface PgClientLike {
  connect(): Promise<void>;
  query(text: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  end(): Promise<void>;
}

interface PgPoolLike {
  Client: new (options: unknown) => PgClientLike;
  options: unknown;
  totalCount: number;
}

/** The node-postgres pool behind the drizzle database, when it is one: LISTEN needs a connection of its own. */
function pgPoolOf(db: ServiceDeps['db']): PgPoolLike | undefined {
  const client = (db as unknown as { $client?: Partial<PgPoolLike> }).$client;
  return client && typeof client.Client === 'function' && typeof client.totalCount === 'number'
    ? (client as PgPoolLike)
    : undefined;
}

function parse(payload: string | undefined): TNotificationEvent | null {
  const [tenantId, userId, id] = (payload ?? '').split(':');
  return tenantId && userId && id ? { tenantId, userId, id } : null;
}

/**
 * Delivers new-notification events to the open streams of this process. On PostgreSQL the inserting process (the
 * api or a media worker) announces rows with NOTIFY and every api process hears them on one LISTEN connection,
 * opened when the first stream subscribes. On the embedded database (one process) or while LISTEN is down, events
 * go straight to this process's streams.
 */
export function createNotificationBus(deps: Pick<ServiceDeps, 'db' | 'logger'>) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const pool = pgPoolOf(deps.db);
  let listener: PgClientLike | null = null;
  let starting: Promise<void> | null = null;
  let closed = false;

  function emit(event: TNotificationEvent) {
    emitter.emit(`${event.tenantId}:${event.userId}`, event);
  }

  async function listen(): Promise<void> {
    if (!pool || listener || closed) return;
    const client = new pool.Client(pool.options);
    try {
      await client.connect();
      client.on('error', (error) => {
        deps.logger.warn({ err: error }, 'notification listener lost; live events from this process only');
        if (listener === client) listener = null;
        starting = null;
        void client.end().catch(() => undefined);
      });
      client.on('notification', (message) => {
        const event = message.channel === NOTIFICATION_NOTIFY_CHANNEL ? parse(message.payload) : null;
        if (event) emit(event);
      });
      await client.query(`LISTEN ${NOTIFICATION_NOTIFY_CHANNEL}`);
      if (closed) await client.end();
      else listener = client;
    } catch (error) {
      deps.logger.warn({ err: error }, 'notification listener unavailable; live events from this process only');
      starting = null;
      await client.end().catch(() => undefined);
    }
  }

  return {
    /** Inserts on PostgreSQL announce themselves with NOTIFY, so other processes' streams hear them. */
    crossProcess: pool !== undefined,

    /** After an insert: local delivery unless this process hears its own NOTIFY anyway. */
    inserted(events: TNotificationEvent[]) {
      if (listener) return;
      events.forEach(emit);
    },

    subscribe(tenantId: string, userId: string, fn: (event: TNotificationEvent) => void): () => void {
      if (pool && !listener && !starting) starting = listen();
      const key = `${tenantId}:${userId}`;
      emitter.on(key, fn);
      return () => emitter.off(key, fn);
    },

    /**
     * False while other processes' notifications cannot be heard (PostgreSQL without a working LISTEN connection):
     * streams then poll for them.
     */
    hearsOtherProcesses(): boolean {
      return !pool || listener !== null;
    },

    /** Resolves once the cross-process listener is up (or known to be unavailable); for tests and start-up. */
    async ready(): Promise<void> {
      await starting;
    },

    async close(): Promise<void> {
      closed = true;
      emitter.removeAllListeners();
      const client = listener;
      listener = null;
      await starting?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}
