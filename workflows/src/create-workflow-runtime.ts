import { cpus } from 'node:os';
import path from 'node:path';
import { createWorkflowRepository, type Database } from '@mam/db';
import type { TActivityFunction } from './embedded/activity-worker';
import { EmbeddedWorkflowRuntime, type TEmbeddedRuntimeOptions } from './embedded/embedded-runtime';
import type { TWorkflowFunction } from './embedded/workflow-instance';
import type { WorkflowEngine } from './engine';
import type { TWorkflowLogger } from './logger';
import * as registry from './workflows';

/** The product's workflow types (the exports of workflows.ts), e.g. for an operator's type filter. */
export const productWorkflowTypes: readonly string[] = Object.keys(registry).sort();

export interface TWorkflowRuntimeOptions {
  /** Set (TEMPORAL_ADDRESS) to run on a Temporal server; otherwise the embedded runtime runs in this process. */
  temporalAddress?: string;
  /** Temporal namespace. Default 'default'. */
  namespace?: string;
  db: Database;
  /** The workflow functions by type name. Default: the exports of workflows.ts. */
  workflows?: Record<string, unknown>;
  /** The module Temporal bundles (must export the same workflows). Default: workflows.ts. */
  workflowsPath?: string;
  /** The activity functions by name: any object of async functions (an interface-typed one too). */
  activities: object;
  /**
   * Task queues this process works, with their activity concurrency; undefined means one per CPU core (ffmpeg
   * work is CPU-bound).
   */
  taskQueues: Record<string, number | undefined>;
  logger: TWorkflowLogger;
  /** Tuning of the embedded runtime; `exclusive` defaults to true on embedded PGlite, false on PostgreSQL. */
  embedded?: Partial<Pick<TEmbeddedRuntimeOptions, 'exclusive' | 'leaseMs' | 'pollIntervalMs' | 'cacheSize'>>;
}

export interface WorkflowRuntime {
  readonly kind: 'embedded' | 'temporal';
  readonly engine: WorkflowEngine;
  /** Recovers and starts working (embedded), or connects the Temporal workers. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Only the functions of a registry module are workflows (it also exports signal and query definitions). */
function workflowFunctions(module: Record<string, unknown>): Record<string, TWorkflowFunction> {
  return Object.fromEntries(
    Object.entries(module).filter((entry): entry is [string, TWorkflowFunction] => typeof entry[1] === 'function'),
  );
}

function activityFunctions(activities: object): Record<string, TActivityFunction> {
  return Object.fromEntries(
    Object.entries(activities).filter((entry): entry is [string, TActivityFunction] => typeof entry[1] === 'function'),
  );
}

/** PGlite is opened by one process only, so that process may take over every run at start-up. */
function isPglite(db: Database): boolean {
  // Duck-typed: PGlite's bundle minifies its class name.
  const client = (db as unknown as { $client?: { dumpDataDir?: unknown; waitReady?: unknown } }).$client;
  return typeof client?.dumpDataDir === 'function' && client.waitReady !== undefined;
}

/**
 * Activities at once per task queue when not configured: one per core but one, so that on a small machine the API
 * keeps a core while media work runs (ffmpeg also runs at a lower priority).
 */
export function defaultConcurrency(cores = cpus().length): number {
  return Math.max(1, cores - 1);
}

/**
 * The product's workflow runtime: Temporal when an address is configured, else the embedded runtime over the
 * product database. The rest of the product sees only `engine`.
 */
export function createWorkflowRuntime(options: TWorkflowRuntimeOptions): WorkflowRuntime {
  const taskQueues = Object.fromEntries(
    Object.entries(options.taskQueues).map(([queue, concurrency]) => [queue, concurrency ?? defaultConcurrency()]),
  );
  if (options.temporalAddress) return temporalRuntime(options, options.temporalAddress, taskQueues);
  const runtime = new EmbeddedWorkflowRuntime({
    db: options.db,
    workflows: workflowFunctions(options.workflows ?? registry),
    activities: activityFunctions(options.activities),
    taskQueues,
    logger: options.logger,
    exclusive: options.embedded?.exclusive ?? isPglite(options.db),
    ...options.embedded,
  });
  return { kind: 'embedded', engine: runtime.engine, start: () => runtime.start(), stop: () => runtime.stop() };
}

/**
 * Temporal's bundler compiles the workflows from their source, which is found through the package: the server itself
 * runs bundled from dist/, where this file's folder is not the source's.
 */
export function defaultWorkflowsPath(): string {
  return path.join(path.dirname(require.resolve('@mam/workflows/package.json')), 'src', 'workflows.ts');
}

/**
 * Temporal's client and worker load gRPC, protobufs and a native bridge: only processes configured for Temporal
 * pay for that, when they start.
 */
function temporalRuntime(
  options: TWorkflowRuntimeOptions,
  address: string,
  taskQueues: Record<string, number>,
): WorkflowRuntime {
  const namespace = options.namespace ?? 'default';
  let connected:
    Promise<{ engine: WorkflowEngine; close(): Promise<void>; workers?: { stop(): Promise<void> } }> | undefined;
  const connect = () => {
    connected ??= (async () => {
      const { Client, Connection } = await import('@temporalio/client');
      const { TemporalWorkflowEngine } = await import('./temporal/temporal-engine');
      const connection = await Connection.connect({ address });
      const engine = new TemporalWorkflowEngine(
        new Client({ connection, namespace }),
        createWorkflowRepository(options.db),
      );
      return { engine, close: () => connection.close() };
    })();
    return connected;
  };
  const engine = new Proxy({ kind: 'temporal' } as WorkflowEngine, {
    get(target, property: keyof WorkflowEngine) {
      if (property === 'kind') return target.kind;
      return async (...args: unknown[]) => {
        const { engine: connectedEngine } = await connect();
        return (connectedEngine[property] as (...a: unknown[]) => Promise<unknown>).apply(connectedEngine, args);
      };
    },
  });
  let workers: { stop(): Promise<void> } | undefined;
  return {
    kind: 'temporal',
    engine,
    async start() {
      await connect();
      const { startTemporalWorkers } = await import('./temporal/temporal-workers');
      workers = await startTemporalWorkers({
        address,
        namespace,
        workflowsPath: options.workflowsPath ?? defaultWorkflowsPath(),
        activities: activityFunctions(options.activities),
        taskQueues,
        logger: options.logger,
      });
    },
    async stop() {
      await workers?.stop();
      workers = undefined;
      const current = connected;
      connected = undefined;
      if (current) await (await current).close();
    },
  };
}
