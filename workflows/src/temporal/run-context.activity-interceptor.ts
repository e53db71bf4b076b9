import { AsyncLocalStorage } from 'node:async_hooks';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { RUN_CONTEXT_HEADERS, type TRunContext } from './run-context-headers';

const STORAGE_KEY = Symbol.for('mam.workflows.temporal.runContext');

/** One storage per process even if this module is loaded twice (test runners), as for the embedded context. */
export const temporalRunContextStorage: AsyncLocalStorage<TRunContext> = (() => {
  const global = globalThis as { [STORAGE_KEY]?: AsyncLocalStorage<TRunContext> };
  global[STORAGE_KEY] ??= new AsyncLocalStorage<TRunContext>();
  return global[STORAGE_KEY];
})();

function decoded(headers: Record<string, Payload>, name: string): string | undefined {
  const payload = headers[name];
  if (!payload) return undefined;
  try {
    const value: unknown = defaultPayloadConverter.fromPayload(payload);
    return typeof value === 'string' ? value : undefined;
  } catch {
    // A header another client wrote in a shape we cannot read is not worth failing the activity over.
    return undefined;
  }
}

/** The run context of an activity task's headers, for `currentActivityInfo()` while the activity runs. */
export const runContextActivityInterceptor: ActivityInterceptorsFactory = () => ({
  inbound: {
    execute(input, next) {
      const context: TRunContext = {};
      const requestId = decoded(input.headers, RUN_CONTEXT_HEADERS.requestId);
      const traceParent = decoded(input.headers, RUN_CONTEXT_HEADERS.traceParent);
      if (requestId) context.requestId = requestId;
      if (traceParent) context.traceParent = traceParent;
      return temporalRunContextStorage.run(context, () => next(input));
    },
  },
});
