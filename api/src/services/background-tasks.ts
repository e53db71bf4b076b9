import type { ServiceLogger } from './service-deps';

/**
 * Work done after the answer has gone, so how long it takes (mail, the rows of a known account) tells an anonymous
 * caller nothing. Failures are logged, never answered.
 */
export function createBackgroundTasks(logger: ServiceLogger) {
  const running = new Set<Promise<void>>();
  return {
    run(name: string, work: () => Promise<void>): void {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => logger.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    /** Settles once every task started so far, and any they start, has: for tests and shutdown. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
