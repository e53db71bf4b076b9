import { NativeConnection, Worker } from '@temporalio/worker';
import type { TWorkflowLogger } from '../logger';
import { runContextActivityInterceptor } from './run-context.activity-interceptor';
import { bundleWorkflows } from './workflow-bundle';

export interface TTemporalWorkersOptions {
  address: string;
  namespace: string;
  /** The module exporting every workflow function (bundled once for all task queues). */
  workflowsPath: string;
  activities: Record<string, (...args: never[]) => Promise<unknown>>;
  /** Task queue → how many activities may run at once on it. */
  taskQueues: Record<string, number>;
  logger: TWorkflowLogger;
}

/** One ordinary Temporal Worker per task queue, all registering the same workflows and activities. */
export async function startTemporalWorkers(options: TTemporalWorkersOptions): Promise<{ stop(): Promise<void> }> {
  const connection = await NativeConnection.connect({ address: options.address });
  const workflowBundle = await bundleWorkflows(options.workflowsPath);
  const workers = await Promise.all(
    Object.entries(options.taskQueues).map(([taskQueue, concurrency]) =>
      Worker.create({
        connection,
        namespace: options.namespace,
        taskQueue,
        workflowBundle,
        activities: options.activities,
        interceptors: { activity: [runContextActivityInterceptor] },
        maxConcurrentActivityTaskExecutions: concurrency,
      }),
    ),
  );
  const runs = workers.map((worker) =>
    worker.run().catch((error: unknown) => {
      options.logger.error({ err: error, taskQueue: worker.options.taskQueue }, 'Temporal worker stopped');
    }),
  );
  options.logger.info(
    { address: options.address, namespace: options.namespace, taskQueues: Object.keys(options.taskQueues) },
    'Temporal workers running',
  );
  return {
    async stop() {
      for (const worker of workers) {
        if (worker.getState() === 'RUNNING') worker.shutdown();
      }
      await Promise.all(runs);
      await connection.close();
    },
  };
}
