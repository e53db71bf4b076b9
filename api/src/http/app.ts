import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { AppError } from '@mam/core';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { restPlugin } from '../rest/rest.plugin';
import { ssoRoutes } from './sso.routes';
import { mediaRoutes } from './media.routes';
import { livePreviewRoutes } from './live-preview.routes';
import { sharePublicRoutes } from './share-public.routes';
import { uploadRoutes } from './uploads.routes';
import { notificationRoutes } from './notifications.routes';
import { uploadRequestRoutes } from './upload-requests.routes';
import type { Services } from '../services';
import { appRouter, type AppRouter } from '../trpc/app.router';
import { createContextFactory } from '../trpc/context';
import { toAppError } from '../trpc/trpc';
import { trpcResponseMeta } from '../trpc/response-meta';
import { csrfHeaderValid, ensureCsrfCookie } from './cookies';
import { textGuardHook } from './text-guard.hook';
import { registerSecurityHeaders } from './security-headers';
import { runInRequest } from '../services/request-context';
import { RequestLogController } from './request-log';
import { registerObservability } from '../observability/http-observability';

export interface AppOptions {
  services: Services;
  publicUrl: string;
  apiKeyHeader: string;
  consoleDist?: string;
  version: string;
  logger?: FastifyBaseLogger;
  /** Where tus keeps partial uploads (DATA_DIR/uploads), so they resume after a restart. */
  uploadsDir: string;
  health(): Promise<void>;
  /** TRUST_PROXY: off unless set, so X-Forwarded-For cannot choose request.ip. */
  trustProxy?: boolean | number | string[];
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset, only local scrapers may read it. */
  metricsToken?: string;
}

/** Fastify takes a hop count at run time but not in its typings: the same rule as a function. */
function trustedProxies(setting: AppOptions['trustProxy']) {
  if (typeof setting !== 'number') return setting ?? false;
  return (_address: string, hop: number) => hop < setting;
}

export async function createApp(options: AppOptions) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: trustedProxies(options.trustProxy),
    bodyLimit: 1024 * 1024,
    // tRPC batches name every procedure of a page in one path parameter (`/trpc/a,b,c`): Fastify's default of 100
    // characters answered a busy page's batch with 414 and every panel of it failed.
    routerOptions: { maxParamLength: 5000 },
    logController: new RequestLogController(),
  });

  // Work a request starts (a transcode run after an upload) logs the request's id.
  app.addHook('onRequest', (request, _reply, done) => runInRequest(request.id, done));
  registerObservability(app, { metricsToken: options.metricsToken });
  await app.register(fastifyCookie);
  registerSecurityHeaders(app);

  const signer = options.services.deps.secretBox;
  app.addHook('onRequest', async (request, reply) => {
    ensureCsrfCookie(request, reply, options.publicUrl, signer);
    // Every console mutation echoes the CSRF cookie; API-key clients use /api/v1, which has no cookies. Decided by the
    // route matched, not the raw URL, which the router decodes (/%74rpc/... is /trpc/...).
    const isTrpc = request.routeOptions.url?.startsWith('/trpc/') ?? false;
    if (isTrpc && request.method !== 'GET' && request.method !== 'HEAD' && !csrfHeaderValid(request, signer))
      throw new AppError('CSRF_FAILED');
  });
  app.addHook('preValidation', textGuardHook);

  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'INTERNAL') request.log.error({ err: error }, 'request failed');
    const body = appError.toJSON();
    if (appError.code === 'RATE_LIMITED' && appError.params.retryAfterSeconds) {
      void reply.header('retry-after', String(appError.params.retryAfterSeconds));
    }
    return reply.status(appError.status).send(body);
  });

  app.get('/api/health', async (_request, reply) => {
    try {
      await options.health();
      return { status: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(options.services, options.publicUrl),
      responseMeta: trpcResponseMeta,
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(ssoRoutes, { services: options.services, publicUrl: options.publicUrl });
  await uploadRoutes(app, {
    services: options.services,
    apiKeyHeader: options.apiKeyHeader,
    uploadsDir: options.uploadsDir,
    onUploadComplete: (tenantId, versionId) => options.services.processing.startTranscode(tenantId, versionId, null),
  });
  await app.register(mediaRoutes, { services: options.services, apiKeyHeader: options.apiKeyHeader });
  await app.register(livePreviewRoutes, { services: options.services, apiKeyHeader: options.apiKeyHeader });
  await notificationRoutes(app, { services: options.services, apiKeyHeader: options.apiKeyHeader });
  await app.register(sharePublicRoutes, { services: options.services, publicUrl: options.publicUrl });
  await app.register(uploadRequestRoutes, { services: options.services, publicUrl: options.publicUrl });
  await app.register(restPlugin, {
    services: options.services,
    apiKeyHeader: options.apiKeyHeader,
    version: options.version,
  });

  const consoleDist = options.consoleDist;
  const hasConsole = consoleDist !== undefined && existsSync(path.join(consoleDist, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, { root: consoleDist, wildcard: false, index: false });
    app.get('/assets/*', async (request, reply) =>
      reply.sendFile(path.join('assets', (request.params as { '*': string })['*'])),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api') || request.url.startsWith('/trpc');
    if (!isApi && hasConsole && (request.method === 'GET' || request.method === 'HEAD')) {
      const file = request.url.split('?')[0]!;
      // Real files under the console root (locales, icons); everything else is a route of the single-page app.
      if (!file.includes('..') && /\.[a-z0-9]+$/i.test(file) && existsSync(path.join(consoleDist!, file)))
        return reply.sendFile(file);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(new AppError('NOT_FOUND').toJSON());
  });

  return app;
}
