import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import { RUN_CONTEXT_HEADERS, withRunContextHeaders } from './run-context-headers';
import { runContextActivityInterceptor, temporalRunContextStorage } from './run-context.activity-interceptor';

const toPayload = (value: string) => defaultPayloadConverter.toPayload(value);

describe('run context on Temporal', () => {
  it("adds the run's request id and trace parent from its memo to an activity's headers", () => {
    const traceParent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const headers = withRunContextHeaders(
      {} as Record<string, Payload>,
      { requestId: 'req-1', traceParent },
      toPayload,
    );
    expect(defaultPayloadConverter.fromPayload(headers[RUN_CONTEXT_HEADERS.traceParent]!)).toBe(traceParent);
    expect(defaultPayloadConverter.fromPayload(headers[RUN_CONTEXT_HEADERS.requestId]!)).toBe('req-1');
  });

  it('adds nothing for a run started without them, and keeps headers already set', () => {
    expect(withRunContextHeaders({}, { tenantId: 't', requestId: null, traceParent: null }, toPayload)).toEqual({});
    const own = { [RUN_CONTEXT_HEADERS.traceParent]: toPayload('00-own-01') };
    const headers = withRunContextHeaders(own, { traceParent: '00-memo-01' }, toPayload);
    expect(defaultPayloadConverter.fromPayload(headers[RUN_CONTEXT_HEADERS.traceParent]!)).toBe('00-own-01');
  });

  it("gives the activity its task's run context while it runs, and only then", async () => {
    const { inbound } = runContextActivityInterceptor({} as never);
    const headers = withRunContextHeaders(
      {} as Record<string, Payload>,
      { requestId: 'req-2', traceParent: '00-t-01' },
      toPayload,
    );
    const seen = await inbound!.execute!({ args: [], headers }, () =>
      Promise.resolve(temporalRunContextStorage.getStore()),
    );
    expect(seen).toEqual({ requestId: 'req-2', traceParent: '00-t-01' });
    expect(temporalRunContextStorage.getStore()).toBeUndefined();
  });

  it('ignores a header it cannot read instead of failing the activity', async () => {
    const { inbound } = runContextActivityInterceptor({} as never);
    const unreadable = {
      metadata: { encoding: new TextEncoder().encode('binary/unknown') },
      data: new Uint8Array([1]),
    };
    const seen = await inbound!.execute!({ args: [], headers: { [RUN_CONTEXT_HEADERS.traceParent]: unreadable } }, () =>
      Promise.resolve(temporalRunContextStorage.getStore()),
    );
    expect(seen).toEqual({});
  });
});
