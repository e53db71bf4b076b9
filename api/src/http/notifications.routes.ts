import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Services } from '../services';
import { resolvePrincipal } from './request-principal';

export interface NotificationRoutesOptions {
  services: Services;
  apiKeyHeader: string;
  /** How often a comment line keeps proxies from closing an idle stream, and the session is checked again. */
  heartbeatMs?: number;
  /** How often a stream looks for new notifications itself while other processes' NOTIFY cannot be heard. */
  pollMs?: number;
}

/**
 * `GET /api/v1/notifications/stream`: server-sent events for the signed-in user (session cookie or API key).
 * `unread` comes first and after every change, `notification` for each new one. The stream ends when the
 * client goes, the session ends, or the server stops.
 */
export async function notificationRoutes(app: FastifyInstance, options: NotificationRoutesOptions) {
  const { services } = options;
  const open = new Set<ServerResponse>();

  // Before the server waits for its connections to finish: open streams never would.
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
  });
  app.addHook('onClose', async () => {
    await services.notifications.close();
  });

  app.get('/api/v1/notifications/stream', async (request, reply) => {
    const principal = await resolvePrincipal(request, services, options.apiKeyHeader);
    const { actor } = principal;
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx buffers responses unless told not to.
      'x-accel-buffering': 'no',
    });
    open.add(response);
    const write = (event: string, data: unknown) => {
      if (!response.writableEnded) response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const seen = new Set<string>();
    // One event at a time, in order: each needs a read or two.
    let chain = Promise.resolve();
    const push = (id: string) => {
      chain = chain
        .then(async () => {
          if (seen.has(id) || response.writableEnded) return;
          seen.add(id);
          const notification = await services.notifications.findOne(actor, id);
          if (!notification) return;
          const { unread } = await services.notifications.unreadCount(actor);
          write('notification', { notification, unread });
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'notification stream event failed'));
    };

    const unsubscribe = services.notifications.subscribe(actor.tenantId, actor.userId, (event) => push(event.id));
    const heartbeat = setInterval(() => {
      if (response.writableEnded) return;
      response.write(': heartbeat\n\n');
      // A session that ended (logout, deactivation) ends its stream too.
      resolvePrincipal(request, services, options.apiKeyHeader).catch(() => response.end());
    }, options.heartbeatMs ?? 20_000);
    // The fallback when LISTEN is down: the recipient's newest unread ones since the stream opened.
    const since = Date.now();
    const poll = setInterval(() => {
      if (services.notifications.hearsOtherProcesses() || response.writableEnded) return;
      services.notifications
        .list(actor, { state: 'unread', limit: 20 })
        .then((page) =>
          page.notifications
            .filter((n) => Date.parse(n.createdAt) >= since && !seen.has(n.id))
            .reverse()
            .forEach((n) => push(n.id)),
        )
        .catch((error: unknown) => request.log.warn({ err: error }, 'notification poll failed'));
    }, options.pollMs ?? 5_000);
    const close = () => {
      clearInterval(heartbeat);
      clearInterval(poll);
      unsubscribe();
      open.delete(response);
      if (!response.writableEnded) response.end();
    };
    request.raw.on('close', close);
    response.on('close', close);

    response.write('retry: 5000\n\n');
    await services.notifications.ready();
    write('unread', await services.notifications.unreadCount(actor));
  });
}
