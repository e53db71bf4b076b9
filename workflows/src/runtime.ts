/**
 * The workflow API our workflow code uses (`*.workflow.ts` import it from here, never from @temporalio/workflow).
 * Inside a Temporal workflow execution every call goes to @temporalio/workflow; otherwise to the embedded
 * runtime's current execution, found through a hook on globalThis. This module is bundled into Temporal's
 * workflow sandbox, so it must not import Node builtins or the embedded runtime.
 */
import * as temporal from '@temporalio/workflow';
import type { ActivityInterfaceFor, QueryDefinition, SignalDefinition } from '@temporalio/workflow';
import type { Duration } from '@temporalio/common';
import { msToNumber } from '@temporalio/common/lib/time';
import {
  EMBEDDED_HOOK_KEY,
  type EmbeddedHook,
  type EmbeddedWorkflowApi,
  type TActivityOptions,
  type TWorkflowInfo,
} from './runtime-hook';

export { ApplicationFailure, ActivityFailure, CancelledFailure, TimeoutFailure } from '@temporalio/common';
export type { Duration } from '@temporalio/common';
export type { QueryDefinition, SignalDefinition } from '@temporalio/workflow';
export type { TActivityOptions, TRetryPolicy, TWorkflowInfo } from './runtime-hook';

function embedded(): EmbeddedWorkflowApi {
  const hook = (globalThis as { [EMBEDDED_HOOK_KEY]?: EmbeddedHook })[EMBEDDED_HOOK_KEY];
  const current = hook?.current();
  if (!current) {
    throw new temporal.IllegalStateError('Workflow API used outside a workflow execution (Temporal or embedded)');
  }
  return current;
}

/** Activities as the workflow calls them; the options are Temporal's (the subset in TActivityOptions). */
export function proxyActivities<A = Record<string, (...args: never[]) => Promise<unknown>>>(
  options: TActivityOptions,
): ActivityInterfaceFor<A> {
  return new Proxy({} as ActivityInterfaceFor<A>, {
    get(_target, activityType) {
      if (typeof activityType !== 'string') throw new TypeError('Only strings are activity names');
      return (...args: unknown[]): Promise<unknown> => {
        if (temporal.inWorkflowContext()) {
          const proxy = temporal.proxyActivities<Record<string, (...a: unknown[]) => Promise<unknown>>>(options);
          return proxy[activityType]!(...args);
        }
        return embedded().scheduleActivity(activityType, args, options);
      };
    },
  });
}

/** A durable timer: `await sleep('30 days')` survives restarts. */
export function sleep(duration: Duration): Promise<void> {
  if (temporal.inWorkflowContext()) return temporal.sleep(duration);
  return embedded().sleep(msToNumber(duration));
}

/** Waits until `fn` holds (re-evaluated after every signal and completion); with a timeout, false when it ran out. */
export function condition(fn: () => boolean, timeout: Duration): Promise<boolean>;
export function condition(fn: () => boolean): Promise<void>;
export async function condition(fn: () => boolean, timeout?: Duration): Promise<boolean | void> {
  if (temporal.inWorkflowContext()) {
    return timeout === undefined ? temporal.condition(fn) : temporal.condition(fn, timeout);
  }
  const met = await embedded().condition(fn, timeout === undefined ? undefined : msToNumber(timeout));
  return timeout === undefined ? undefined : met;
}

export function defineSignal<Args extends unknown[] = []>(name: string): SignalDefinition<Args> {
  return temporal.defineSignal<Args>(name);
}

export function defineQuery<Ret, Args extends unknown[] = []>(name: string): QueryDefinition<Ret, Args> {
  return temporal.defineQuery<Ret, Args>(name);
}

/** Registers (or with undefined, removes) the handler of a signal or query. Query handlers must not change state. */
export function setHandler<Args extends unknown[]>(
  definition: SignalDefinition<Args>,
  handler: ((...args: Args) => void | Promise<void>) | undefined,
): void;
export function setHandler<Ret, Args extends unknown[]>(
  definition: QueryDefinition<Ret, Args>,
  handler: ((...args: Args) => Ret) | undefined,
): void;
export function setHandler(
  definition: SignalDefinition<unknown[]> | QueryDefinition<unknown, unknown[]>,
  handler: ((...args: never[]) => unknown) | undefined,
): void {
  if (temporal.inWorkflowContext()) {
    temporal.setHandler(definition as SignalDefinition<unknown[]>, handler as (...args: unknown[]) => void);
    return;
  }
  embedded().setHandler(definition.type === 'signal' ? 'signal' : 'query', definition.name, handler);
}

export function workflowInfo(): TWorkflowInfo {
  if (temporal.inWorkflowContext()) {
    const info = temporal.workflowInfo();
    return {
      workflowId: info.workflowId,
      runId: info.runId,
      workflowType: info.workflowType,
      taskQueue: info.taskQueue,
    };
  }
  return embedded().workflowInfo();
}

/** A random UUID that is the same on every replay of the run. */
export function uuid4(): string {
  if (temporal.inWorkflowContext()) return temporal.uuid4();
  return embedded().uuid4();
}

/** True for the failure a cancelled workflow, activity or timer rejects with. */
export function isCancellation(error: unknown): boolean {
  return temporal.isCancellation(error);
}

/** Only `nonCancellable`: clean-up that must run even though the workflow is being cancelled. */
export const CancellationScope = {
  nonCancellable<T>(fn: () => Promise<T>): Promise<T> {
    if (temporal.inWorkflowContext()) return temporal.CancellationScope.nonCancellable(fn);
    return embedded().nonCancellable(fn);
  },
};
