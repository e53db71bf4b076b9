import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { toAppError } from '../trpc/trpc';
import { setSessionCookie } from './cookies';

const FLOW_COOKIE = 'mam_sso_flow';

/** Browser redirects of the OpenID Connect code flow; errors come back to the login page as ?ssoError=CODE. */
export async function ssoRoutes(app: FastifyInstance, options: { services: Services; publicUrl: string }) {
  const secure = options.publicUrl.startsWith('https://');

  app.get<{ Params: { slug: string } }>('/api/auth/sso/:slug/start', async (request, reply) => {
    try {
      const { redirectTo, flow } = await options.services.sso.start(request.params.slug);
      // SameSite=Lax still sends it on the provider's top-level redirect back to us.
      reply.setCookie(FLOW_COOKIE, flow, {
        path: '/api/auth/sso',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: 600,
      });
      return reply.redirect(redirectTo);
    } catch (error) {
      return reply.redirect(`/login?ssoError=${toAppError(error).code}`);
    }
  });

  app.get('/api/auth/sso/callback', async (request, reply) => {
    reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/sso' });
    try {
      const currentUrl = new URL(request.url, options.publicUrl);
      const token = await options.services.sso.callback(currentUrl, request.cookies[FLOW_COOKIE], {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookie(reply, token, options.publicUrl, options.services.deps.secretBox);
      return reply.redirect('/');
    } catch (error) {
      const appError = toAppError(error);
      if (appError.code === 'INTERNAL') request.log.error({ err: error }, 'single sign-on failed');
      return reply.redirect(`/login?ssoError=${appError.code}`);
    }
  });
}
