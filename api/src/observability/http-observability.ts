import { AppError } from '@mam/core';
import type { FastifyInstance } from 'fastify';
import { metricsAccess } from './metrics-access';
import { httpRequestDuration, metricsEnabled, metricsRegistry, statusClass } from './metrics';
import { startServerSpan, tracingEnabled } from './tracing';

export interface TObservabilityOptions {
  /** METRICS_TOKEN: a bearer token for /metrics; unset, only local scrapers may read it. */
  metricsToken?: string;
}

/**
 * Times every request by the route pattern it matched (not its URL, which would make a series per item id), and
 * with tracing on runs it in a server span; serves /metrics. Measured when the response closes, not in onResponse,
 * so hijacked replies (tus uploads) count too.
 */
export function registerObservability(app: FastifyInstance, options: TObservabilityOptions): void {
  const metrics = metricsEnabled();
  if (!metrics && !tracingEnabled()) return;
  // Named, so a CPU profile tells this hook's time from the request's (the observability bench reads it so).
  app.addHook('onRequest', function observeRequest(request, reply, done) {
    const started = performance.now();
    const span = startServerSpan(`${request.method}`, request.headers, { 'http.request.method': request.method }, done);
    reply.raw.once('close', function recordResponse() {
      const route = request.routeOptions.url ?? 'unmatched';
      if (metrics) {
        const status = reply.raw.writableFinished ? statusClass(reply.raw.statusCode) : 'aborted';
        const seconds = (performance.now() - started) / 1000;
        httpRequestDuration.observe({ method: request.method, route, status_class: status }, seconds);
      }
      if (span) {
        span.setName(`${request.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': reply.raw.statusCode });
        if (reply.raw.statusCode >= 500) span.fail(new Error(`HTTP ${reply.raw.statusCode}`));
        span.end();
      }
    });
  });

  if (!metrics) return;
  app.get('/metrics', async (request, reply) => {
    const access = metricsAccess(options.metricsToken, {
      remoteAddress: request.raw.socket.remoteAddress,
      headers: request.headers,
    });
    if (access === 'unauthenticated') throw new AppError('UNAUTHENTICATED');
    if (access === 'forbidden') throw new AppError('FORBIDDEN');
    const body = await metricsRegistry.metrics();
    return reply.header('content-type', metricsRegistry.contentType).header('cache-control', 'no-store').send(body);
  });
}
