/**
 * The run's request id and trace parent travel to its activities as Temporal headers, the way
 * @temporalio/interceptors-opentelemetry carries its context (that package needs OpenTelemetry 1.x; the server uses
 * 2.x). The run keeps them in its memo, written at start; the workflow's outbound interceptor copies them onto every
 * activity it schedules, and the worker's activity interceptor hands them to `currentActivityInfo()`.
 */
export const RUN_CONTEXT_HEADERS = { requestId: 'mam-request-id', traceParent: 'mam-traceparent' } as const;

export type TRunContext = { requestId?: string; traceParent?: string };

/** The run's context from its memo, as written by the Temporal engine's `start`. */
export function runContextFromMemo(memo: Record<string, unknown> | undefined): TRunContext {
  const context: TRunContext = {};
  if (typeof memo?.requestId === 'string') context.requestId = memo.requestId;
  if (typeof memo?.traceParent === 'string') context.traceParent = memo.traceParent;
  return context;
}

type THeaders = Record<string, unknown>;

/**
 * The headers of an activity the run schedules: the run's context added, headers already set (by another
 * interceptor, or the caller) left as they are.
 */
export function withRunContextHeaders<H extends THeaders>(
  headers: H,
  memo: Record<string, unknown> | undefined,
  toPayload: (value: string) => H[string],
): H {
  const context = runContextFromMemo(memo);
  const result: THeaders = { ...headers };
  for (const key of Object.keys(RUN_CONTEXT_HEADERS) as (keyof typeof RUN_CONTEXT_HEADERS)[]) {
    const value = context[key];
    const header = RUN_CONTEXT_HEADERS[key];
    if (value !== undefined && result[header] === undefined) result[header] = toPayload(value);
  }
  return result as H;
}
