export interface CachedHealthOptions {
  /** A database answer younger than this is reused as it is. */
  freshMs: number;
  /** Up to this age it is reused while a new ping runs in the background; older, the check waits for a ping. */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * The health check's database ping, shared: under load (searches queued on the embedded database's one connection)
 * a ping per probe would wait its turn behind them, and a probe answering in 500 ms looks like an API that is down.
 * A recent answer stands for a while; a failed ping is reported by the next check, which then waits for its own.
 */
export function createCachedHealth(ping: () => Promise<void>, options: CachedHealthOptions): () => Promise<void> {
  const now = options.now ?? (() => performance.now());
  let answeredAt: number | undefined;
  let running: Promise<void> | undefined;
  const refresh = () => {
    running ??= ping()
      .then(
        () => {
          answeredAt = now();
        },
        (error: unknown) => {
          answeredAt = undefined;
          throw error;
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return async () => {
    const age = answeredAt === undefined ? Infinity : now() - answeredAt;
    if (age < options.freshMs) return;
    if (age < options.maxAgeMs) {
      refresh().catch(() => undefined);
      return;
    }
    await refresh();
  };
}
