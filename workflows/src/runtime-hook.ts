/**
 * The contract between the workflow API (runtime.ts, which goes into Temporal's workflow bundle) and the embedded
 * runtime (Node side). Types and a symbol only: nothing here may import Node or the embedded runtime.
 */
import type { Duration } from '@temporalio/common';

/** Where the embedded runtime installs its hook on `globalThis`. */
export const EMBEDDED_HOOK_KEY = Symbol.for('mam.workflows.embedded');

export interface TRetryPolicy {
  /** Duration: milliseconds or a string such as '2 seconds'. Default 1 second. */
  initialInterval?: Duration;
  /** Default 2. */
  backoffCoefficient?: number;
  /** Default 100 × initialInterval. */
  maximumInterval?: Duration;
  /** 0 or absent: unlimited, as in Temporal. */
  maximumAttempts?: number;
  /** ApplicationFailure types (or error class names) that are never retried. */
  nonRetryableErrorTypes?: string[];
}

/** The subset of Temporal's ActivityOptions both runtimes honour. One of the two close timeouts is required. */
export interface TActivityOptions {
  startToCloseTimeout?: Duration;
  scheduleToCloseTimeout?: Duration;
  heartbeatTimeout?: Duration;
  retry?: TRetryPolicy;
  /** Defaults to the workflow's task queue. */
  taskQueue?: string;
  /**
   * Temporal's task priority (the same field): a lower priorityKey (1..5, default 3) is picked first; among equals,
   * fairnessKey's (default: the run's tenant) share the workers in turn, then the oldest run goes first.
   */
  priority?: { priorityKey?: number; fairnessKey?: string };
}

export interface TWorkflowInfo {
  workflowId: string;
  runId: string;
  workflowType: string;
  taskQueue: string;
}

/** What the embedded runtime does for the workflow code it is running right now. */
export interface EmbeddedWorkflowApi {
  scheduleActivity(activityType: string, args: unknown[], options: TActivityOptions): Promise<unknown>;
  sleep(ms: number): Promise<void>;
  condition(fn: () => boolean, timeoutMs: number | undefined): Promise<boolean>;
  setHandler(kind: 'signal' | 'query', name: string, handler: ((...args: never[]) => unknown) | undefined): void;
  workflowInfo(): TWorkflowInfo;
  uuid4(): string;
  nonCancellable<T>(fn: () => Promise<T>): Promise<T>;
}

export interface EmbeddedHook {
  /** The workflow execution whose code is running in the current async context, if any. */
  current(): EmbeddedWorkflowApi | undefined;
}
