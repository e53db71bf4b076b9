import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

/** The part of PGlite's query interface drizzle's PGlite driver and its migrator use. */
export interface PgliteQueries {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** PGlite in a thread of its own, reached with PGlite's interface (what drizzle's PGlite driver calls). */
export interface PgliteThread extends PgliteQueries {
  transaction<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  /** Resolved once the database is open; here so that the PGlite duck-typing elsewhere recognises this client. */
  readonly waitReady: Promise<void>;
  /** The data directory as a tarball, taken between statements (PGlite's own dump). */
  dumpDataDir(): Promise<Blob>;
  /** Serves the database on a unix socket (pglite-socket) from its thread, for other processes. */
  serveSocket(socketPath: string): Promise<void>;
  stopServing(): Promise<void>;
  /** Stops serving, closes the database and ends the thread. */
  close(): Promise<void>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type ErrorData = { message: string } & Record<string, unknown>;

/** A database error as the thread described it, with its fields (code, constraint, …) as PGlite's error has them. */
function rebuildError(data: ErrorData): Error {
  const { message, stack, ...fields } = data;
  const error = Object.assign(new Error(message), fields);
  if (typeof stack === 'string') error.stack = stack;
  return error;
}

const workerFile = path.join(
  path.dirname(require.resolve('@mam/db/package.json')),
  'src',
  'client',
  'pglite-thread.worker.cjs',
);

export interface PgliteThreadOptions {
  /** undefined: in memory. */
  dataDir?: string;
  /** After PGlite's defaults. */
  startParams: string[];
  /** Run once after opening (session settings). */
  setup?: string;
  /** The thread's JavaScript heap limit (V8's default when unset). */
  maxHeapMiB?: number;
  /** The thread ended without `close()` (a crash, out of memory): every pending and later call fails. */
  onExit?(error: Error): void;
}

/**
 * Opens PGlite in a worker thread. Statements still run one at a time (one PGlite session), but off the caller's
 * event loop, which keeps answering requests meanwhile. Results and errors are copied between threads.
 */
export async function openPgliteThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  const worker = new Worker(workerFile, {
    workerData: { dataDir: options.dataDir, startParams: options.startParams, setup: options.setup },
    resourceLimits: options.maxHeapMiB ? { maxOldGenerationSizeMb: options.maxHeapMiB } : undefined,
    // The database's logs and notices go where the server's go.
    stdout: false,
    stderr: false,
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let nextTxId = 1;
  /** Open and not being closed: an end now is a crash the owner hears about. */
  let serving = false;
  let ended: Error | undefined;

  let notReady: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    notReady = reject;
    const onMessage = (message: { ready?: boolean; error?: ErrorData }) => {
      if (message.ready === undefined) return;
      worker.off('message', onMessage);
      if (message.ready) resolve();
      else reject(rebuildError(message.error!));
    };
    worker.on('message', onMessage);
  });
  worker.on('message', (message: { id?: number; result?: unknown; error?: ErrorData }) => {
    if (message.id === undefined) return;
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (!call) return;
    if (message.error) call.reject(rebuildError(message.error));
    else call.resolve(message.result);
  });
  const fail = (error: Error) => {
    if (ended) return;
    ended = error;
    notReady(error);
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    if (serving) options.onExit?.(error);
  };
  worker.on('error', (error) => fail(new Error(`The embedded database failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => fail(new Error(`The embedded database stopped (its thread exited with code ${code}).`)));

  const call = <T>(op: string, args: Record<string, unknown> = {}): Promise<T> => {
    if (ended) return Promise.reject(ended);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, op, ...args });
    });
  };

  const queriesIn = (txId?: number): PgliteQueries => ({
    query: (sql, params, queryOptions) => {
      const { parsers, ...rest } = queryOptions ?? {};
      // Functions cannot cross: drizzle's parsers keep these types' text as it is, the thread does the same.
      const keepText = parsers ? Object.keys(parsers).map(Number) : undefined;
      return call('query', { sql, params, options: { ...rest, keepText }, txId });
    },
    exec: (sql) => call('exec', { sql, txId }),
  });

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  serving = true;
  return {
    ...queriesIn(),
    waitReady: ready,
    transaction: async (work) => {
      const txId = nextTxId++;
      await call('begin', { txId });
      let result;
      try {
        result = await work(queriesIn(txId));
      } catch (error) {
        // The work's error is the one to report, also when the thread cannot roll back (it ended: nothing is kept).
        await call('end', { txId, commit: false }).catch(() => undefined);
        throw error;
      }
      await call('end', { txId, commit: true });
      return result;
    },
    dumpDataDir: async () => new Blob([await call<Uint8Array<ArrayBuffer>>('dump')]),
    serveSocket: (socketPath) => call('serve', { socketPath }),
    stopServing: () => call('unserve'),
    close: async () => {
      if (ended) return;
      serving = false;
      await call('close');
      await worker.terminate();
    },
  };
}
