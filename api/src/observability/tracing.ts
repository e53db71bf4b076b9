import type * as OtelApi from '@opentelemetry/api';
import type { W3CTraceContextPropagator } from '@opentelemetry/core';

/**
 * OpenTelemetry traces, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set. The SDK and exporter are imported when
 * tracing starts, so a server without a collector neither loads nor keeps them (idle memory); until then every
 * function here is a pass-through.
 */
interface TTracingState {
  api: typeof OtelApi;
  tracer: OtelApi.Tracer;
  propagator: W3CTraceContextPropagator;
  shutdown(): Promise<void>;
}

let state: TTracingState | undefined;

export interface TTracingOptions {
  /** The collector's base URL (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `<endpoint>/v1/traces` as OTLP JSON. */
  endpoint: string;
  serviceName: string;
  /**
   * How long spans are batched before export. Default: the SDK's (OTEL_BSP_SCHEDULE_DELAY, else 5 s); each export
   * is an HTTP request whose cost a busy server feels, so fewer and larger batches are cheaper.
   */
  exportDelayMs?: number;
}

/** Starts exporting traces; the returned function flushes what is batched and stops. */
export async function startTracing(options: TTracingOptions): Promise<() => Promise<void>> {
  if (state) return state.shutdown;
  const [api, core, hooks, sdk, exporterModule, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = new exporterModule.OTLPTraceExporter({
    url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces`,
  });
  const provider = new sdk.BasicTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new sdk.BatchSpanProcessor(
        exporter,
        options.exportDelayMs === undefined ? {} : { scheduledDelayMillis: options.exportDelayMs },
      ),
    ],
  });
  const contextManager = new hooks.AsyncLocalStorageContextManager().enable();
  api.context.setGlobalContextManager(contextManager);
  api.trace.setGlobalTracerProvider(provider);
  const propagator = new core.W3CTraceContextPropagator();
  api.propagation.setGlobalPropagator(propagator);
  const shutdown = async () => {
    if (!state) return;
    state = undefined;
    await provider.shutdown();
    api.trace.disable();
    api.context.disable();
    api.propagation.disable();
  };
  state = { api, tracer: provider.getTracer('mam'), propagator, shutdown };
  return shutdown;
}

export function tracingEnabled(): boolean {
  return state !== undefined;
}

export type TSpanAttributes = Record<string, string | number | boolean | undefined>;

/** What the caller may add to a span it runs in. */
export interface TSpanHandle {
  setAttributes(attributes: TSpanAttributes): void;
  setName(name: string): void;
  fail(error: unknown): void;
  end(): void;
}

function handleOf(api: typeof OtelApi, span: OtelApi.Span): TSpanHandle {
  return {
    setAttributes: (attributes) => span.setAttributes(definedOnly(attributes)),
    setName: (name) => span.updateName(name),
    fail: (error) => {
      if (error instanceof Error) span.recordException(error);
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
    },
    end: () => span.end(),
  };
}

function definedOnly(attributes: TSpanAttributes): OtelApi.Attributes {
  return Object.fromEntries(Object.entries(attributes).filter((entry) => entry[1] !== undefined));
}

/**
 * Runs `fn` in a new span, a child of the active one (or of `traceParent`, a W3C traceparent, when given: work
 * that a stored run resumes); a returned promise ends the span when it settles. Without tracing it just runs `fn`.
 */
export function inSpan<T>(name: string, attributes: TSpanAttributes, fn: () => T, traceParent?: string): T {
  const current = state;
  if (!current) return fn();
  const { api, tracer } = current;
  const parent = traceParent
    ? current.propagator.extract(api.ROOT_CONTEXT, { traceparent: traceParent }, api.defaultTextMapGetter)
    : api.context.active();
  const span = tracer.startSpan(name, { attributes: definedOnly(attributes) }, parent);
  const handle = handleOf(api, span);
  let result: T;
  try {
    result = api.context.with(api.trace.setSpan(parent, span), fn);
  } catch (error) {
    handle.fail(error);
    span.end();
    throw error;
  }
  if (result instanceof Promise) {
    const endSpan = (value: unknown) => {
      span.end();
      return value;
    };
    const failSpan = (error: unknown) => {
      handle.fail(error);
      span.end();
      throw error;
    };
    return result.then(endSpan, failSpan) as T;
  }
  span.end();
  return result;
}

/**
 * With tracing on, replaces each method of the service objects named with one that runs in a span
 * `<service>.<method>`, so a trace shows which domain call a request made. In place: callers hold the objects.
 */
export function traceServices(services: object, names: readonly string[]): void {
  if (!state) return;
  for (const serviceName of names) {
    const service = (services as Record<string, unknown>)[serviceName];
    if (typeof service !== 'object' || service === null) continue;
    const methods = service as Record<string, unknown>;
    for (const [method, value] of Object.entries(methods)) {
      if (typeof value !== 'function') continue;
      const fn = value as (...args: unknown[]) => unknown;
      methods[method] = function tracedServiceMethod(this: unknown, ...args: unknown[]) {
        return inSpan(`${serviceName}.${method}`, {}, () => fn.apply(this, args));
      };
    }
  }
}

/**
 * Starts a server span for an incoming request (a child of the caller's `traceparent` header, if any) and calls
 * `next` inside it, so everything the request does joins its trace. Undefined without tracing.
 */
export function startServerSpan(
  name: string,
  headers: Record<string, string | string[] | undefined>,
  attributes: TSpanAttributes,
  next: () => void,
): TSpanHandle | undefined {
  const current = state;
  if (!current) {
    next();
    return undefined;
  }
  const { api, tracer } = current;
  const parent = current.propagator.extract(api.ROOT_CONTEXT, headers, api.defaultTextMapGetter);
  const span = tracer.startSpan(name, { kind: api.SpanKind.SERVER, attributes: definedOnly(attributes) }, parent);
  api.context.with(api.trace.setSpan(parent, span), next);
  return handleOf(api, span);
}

/** The W3C traceparent of the active span, to hand to work that runs later or elsewhere; undefined without one. */
export function activeTraceParent(): string | undefined {
  const current = state;
  if (!current) return undefined;
  const carrier: Record<string, string> = {};
  current.propagator.inject(current.api.context.active(), carrier, current.api.defaultTextMapSetter);
  return carrier.traceparent;
}
