import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The HTTP request the current code runs for, so that work it starts (a workflow run) can carry the request's id
 * into its logs without every service signature passing it along.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn`, and everything it starts, as part of the request `requestId`. */
export function runInRequest<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The id of the request the current code runs for; undefined outside one (start-up, the CLI). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
