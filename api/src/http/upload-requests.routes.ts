import { AppError } from '@mam/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services';
import { visitorTokenOf } from './visitor-cookie';

export const PUBLIC_UPLOAD_REQUESTS_PATH = '/api/v1/public/upload-requests';

const ZUnlockBody = z.object({ password: z.string().max(1024) });

/**
 * The public upload page's calls, for anyone holding the link: the page (state, title, message, the upload view's
 * fields, blocked extensions) and the password unlock. Files then go through tus with the token in a header.
 */
export async function uploadRequestRoutes(app: FastifyInstance, options: { services: Services; publicUrl: string }) {
  const { services } = options;
  const secure = options.publicUrl.startsWith('https://');

  /** The browser's visitor id (shared with share links): the unlock cookie is bound to it. */
  const visitorOf = (request: FastifyRequest, reply: FastifyReply) => visitorTokenOf(request, reply, secure);

  app.get<{ Params: { token: string } }>(`${PUBLIC_UPLOAD_REQUESTS_PATH}/:token`, async (request, reply) => {
    const visitor = visitorOf(request, reply);
    void reply.header('cache-control', 'no-store');
    return services.publicUploadRequests.page(request.params.token, visitor, (name) => request.cookies[name]);
  });

  app.post<{ Params: { token: string } }>(`${PUBLIC_UPLOAD_REQUESTS_PATH}/:token/unlock`, async (request, reply) => {
    const body = ZUnlockBody.safeParse(request.body);
    if (!body.success) throw new AppError('VALIDATION_FAILED');
    const visitor = visitorOf(request, reply);
    const unlocked = await services.publicUploadRequests.unlock(
      request.params.token,
      visitor,
      body.data.password,
      request.ip,
    );
    if (unlocked.cookieValue) {
      reply.setCookie(unlocked.cookieName, unlocked.cookieValue, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        ...(unlocked.expiresAt ? { expires: unlocked.expiresAt } : {}),
      });
    }
    return services.publicUploadRequests.page(request.params.token, visitor, (name) =>
      name === unlocked.cookieName ? unlocked.cookieValue : request.cookies[name],
    );
  });
}
