import { AppError } from '@mam/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import type { ApiKeyPrincipal } from '../services/api-key.service';
import { buildOpenApiDocument } from './openapi';
import { API_REFERENCE_SCRIPT, API_REFERENCE_SCRIPT_PATH, renderApiReferencePage } from './api-reference.page';
import { v1Routes } from './v1/routes';
import type { RestContext } from './rest-route';
import { resolvePrincipal } from '../http/request-principal';

export function presentedApiKey(request: FastifyRequest, header: string): string | null {
  const raw = request.headers[header.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  const match = /^Bearer\s+(.+)$/i.exec(value.trim());
  return match ? match[1]!.trim() : header.toLowerCase() === 'authorization' ? null : value.trim();
}

async function apiKeyPrincipal(
  request: FastifyRequest,
  options: { services: Services; apiKeyHeader: string },
): Promise<ApiKeyPrincipal> {
  const key = presentedApiKey(request, options.apiKeyHeader);
  if (!key) throw new AppError('API_KEY_INVALID');
  return options.services.apiKeys.authenticate(key);
}

/** /api/v1: API-key clients, the same domain services as the console. */
export async function restPlugin(
  app: FastifyInstance,
  options: { services: Services; apiKeyHeader: string; version: string },
) {
  const document = buildOpenApiDocument(v1Routes, options);

  app.get('/api/v1/openapi.json', async () => document);
  app.get('/api/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderApiReferencePage()),
  );
  app.get(API_REFERENCE_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(API_REFERENCE_SCRIPT),
  );

  for (const route of v1Routes) {
    app.route({
      method: route.method,
      url: `/api/v1${route.path}`,
      handler: async (request, reply) => {
        const principal: RestContext['principal'] =
          route.consoleLink && route.method === 'GET'
            ? await resolvePrincipal(request, options.services, options.apiKeyHeader)
            : await apiKeyPrincipal(request, options);
        const input = {
          params: route.params ? route.params.parse(request.params) : {},
          query: route.query ? route.query.parse(request.query) : request.query,
          body: route.body ? route.body.parse(request.body) : undefined,
        };
        const result = await route.handler(input, { services: options.services, principal, request, reply });
        if (route.streams) return reply;
        const body = route.response.parse(result);
        if (route.produces) reply.type(`${route.produces}; charset=utf-8`);
        return reply.status(route.successStatus ?? 200).send(body);
      },
    });
  }
}
