import type { Server } from 'node:http';

/** What a graceful stop needs to reach; each step is awaited in this order except where said. */
export interface ShutdownSteps {
  /** The HTTP server: stops accepting, then waits for requests in flight. */
  http: { close(): Promise<unknown>; server: Pick<Server, 'closeAllConnections'> };
  /** The workflow runtime's workers: running activities are handed back to the queue, to run again after a start. */
  stopWorkers(): Promise<void>;
  /** Everything else, after HTTP and the workers (indexer, search, storages, database). */
  closeRest(): Promise<void>;
  logger: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** Ends the process: 0 once everything closed, 1 when closing failed or overran the deadline by far. */
  exit(code: number): void;
}

/** Past the deadline the rest (workers handing back, the database) gets this long before the process just ends. */
export const SHUTDOWN_OVERRUN_MS = 10_000;

export interface GracefulShutdown {
  /** Runs once; later calls get the first run's promise. Resolves when everything is closed and exit was called. */
  (signal: string): Promise<void>;
}

const delay = (ms: number) => new Promise<'deadline'>((resolve) => setTimeout(() => resolve('deadline'), ms).unref());

/**
 * A graceful stop with a deadline. The workers stop first, at once: the same signal reaches child processes in this
 * process group, and an activity whose ffmpeg it ended must go back to the queue rather than fail the item. HTTP then
 * stops accepting and gets until `timeoutMs` for requests in flight; past that, connections are cut (a tus upload
 * keeps the bytes it has received, so a slow PATCH loses nothing a client cannot resume).
 */
export function createGracefulShutdown(steps: ShutdownSteps, timeoutMs: number): GracefulShutdown {
  let running: Promise<void> | undefined;
  return (signal) => {
    running ??= (async () => {
      const started = Date.now();
      steps.logger.info({ signal, timeoutMs }, 'shutting down');
      const backstop = setTimeout(() => {
        steps.logger.error({ timeoutMs, overrunMs: SHUTDOWN_OVERRUN_MS }, 'shutdown overran its deadline; exiting');
        steps.exit(1);
      }, timeoutMs + SHUTDOWN_OVERRUN_MS);
      backstop.unref();
      try {
        const workers = steps.stopWorkers();
        const http = steps.http.close();
        if ((await Promise.race([http, delay(timeoutMs)])) === 'deadline') {
          steps.logger.warn({ timeoutMs }, 'requests still running at the shutdown deadline are cut off');
          steps.http.server.closeAllConnections();
          await http;
        }
        await workers;
        await steps.closeRest();
        steps.logger.info({ ms: Date.now() - started }, 'stopped');
        steps.exit(0);
      } catch (error) {
        steps.logger.error({ err: error }, 'shutdown failed');
        steps.exit(1);
      } finally {
        clearTimeout(backstop);
      }
    })();
    return running;
  };
}
