// The embedded database's own thread (worker_threads): PGlite runs each statement synchronously in WebAssembly,
// which on the server's thread held every HTTP request (health checks too) for as long as a search or a write took.
// Here it owns the data directory, answers the server's thread over its message port (pglite-thread.ts) and serves
// other processes (CLI) on the unix socket. Plain CommonJS: loaded as it is, from the sources and from dist/ alike.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');
const { btree_gin } = require('@electric-sql/pglite/contrib/btree_gin');
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm');
const { PGLiteSocketServer } = require('@electric-sql/pglite-socket');

/** @type {PGlite} */
let pglite;
/** Open transactions by id: PGlite's transaction object and how the server's thread ends it. */
const transactions = new Map();
let socketServer = null;

const keep = (value) => value;

/**
 * Query options as PGlite takes them. Functions do not cross threads: the server's thread names the types whose
 * text is kept as it is (drizzle's parsers keep dates and intervals as text), and they get the identity parser here.
 */
function queryOptions(options) {
  if (!options) return undefined;
  const { keepText, ...rest } = options;
  if (!keepText) return rest;
  return { ...rest, parsers: Object.fromEntries(keepText.map((oid) => [oid, keep])) };
}

/** Everything a caller may look at on a database error (code, constraint, detail, …), as plain data. */
function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const data = { message: error.message, name: error.name, stack: error.stack };
  // Its fields are text and numbers; the statement's options (functions) and parameters stay here.
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value) && key !== 'query') data[key] = value;
  }
  return data;
}

function clientFor(txId) {
  if (txId === undefined) return pglite;
  const transaction = transactions.get(txId);
  if (!transaction) throw new Error(`transaction ${txId} is not open`);
  return transaction.tx;
}

const handlers = {
  query: ({ sql, params, options, txId }) => clientFor(txId).query(sql, params, queryOptions(options)),
  exec: ({ sql, txId }) => clientFor(txId).exec(sql),
  /** Answers once the transaction is open (BEGIN ran); it stays open until `end`. */
  begin: ({ txId }) =>
    new Promise((opened, failed) => {
      const transaction = { tx: undefined, commit: undefined, rollback: undefined, finished: undefined };
      // The callback runs once PGlite's transaction lock is ours; it holds the lock until `end` settles it.
      transaction.finished = pglite.transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            Object.assign(transaction, { tx, commit, rollback });
            transactions.set(txId, transaction);
            opened(undefined);
          }),
      );
      // Before it opened: the answer to `begin`; after: a rollback `end` asked for, or a failed COMMIT `end` reports.
      transaction.finished.catch(failed).finally(() => transactions.delete(txId));
    }),
  end: async ({ txId, commit }) => {
    const transaction = transactions.get(txId);
    if (!transaction) throw new Error(`transaction ${txId} is not open`);
    if (commit) {
      transaction.commit(undefined);
      await transaction.finished;
    } else {
      transaction.rollback(new Error('rolled back'));
      await transaction.finished.catch(() => undefined);
    }
  },
  dump: async () => new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()),
  serve: async ({ socketPath }) => {
    // One PGlite session serves every connection; the server queues their statements (a transaction's alone).
    socketServer = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: 64 });
    await socketServer.start();
  },
  unserve: async () => {
    if (socketServer) await socketServer.stop();
    socketServer = null;
  },
  close: async () => {
    await handlers.unserve();
    await pglite.close();
  },
};

async function open() {
  const { dataDir, startParams, setup } = workerData;
  pglite = await PGlite.create(dataDir, {
    extensions: { pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, ...startParams],
  });
  if (setup) await pglite.exec(setup);
}

const opened = open();

parentPort.on('message', (request) => {
  const { id, op } = request;
  opened
    .then(() => handlers[op](request))
    .then(
      (result) => {
        try {
          parentPort.postMessage({ id, result });
        } catch (error) {
          // A value that cannot be copied across (DataCloneError) fails this statement, not the database.
          parentPort.postMessage({ id, error: errorData(error) });
        }
      },
      (error) => parentPort.postMessage({ id, error: errorData(error) }),
    );
});

opened.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: errorData(error) }),
);
