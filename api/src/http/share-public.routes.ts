import { AppError } from '@mam/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services';
import { unlockCookieNameOf, VISITOR_COOKIE, visitorHash } from '../services/shares/share-access';
import type { TShareVisitor } from '../services/shares/share-public.service';
import { safeRelativeKey, sendStored } from './media.routes';
import { visitorTokenOf } from './visitor-cookie';

export const PUBLIC_SHARES_PATH = '/api/v1/public/shares';

const ZUnlockBody = z.object({ password: z.string().max(1024) });
const ZMetadataBody = z.object({
  itemId: z.string(),
  formId: z.string().max(100),
  values: z.record(z.string(), z.unknown()),
});
const ZCommentBody = z.object({
  itemId: z.string(),
  name: z.string().max(100),
  text: z.string().max(10_000),
  tcIn: z.number().int().min(0).nullable().optional(),
  tcOut: z.number().int().min(0).nullable().optional(),
  // Checked by the service (checkedAnnotation), which names what is wrong with a drawing.
  annotation: z.unknown().optional(),
});

const ZCommentEditBody = z.object({
  itemId: z.string(),
  text: z.string().max(10_000),
  // Left out: the drawing stays; null removes it. Checked by the service like a new comment's.
  annotation: z.unknown().optional(),
});

/**
 * The public share page's calls, for anyone holding the link and nothing else (no session): the page, the
 * password unlock, outside reviewers' comments and the signed media. A closed link answers with its state only.
 */
export async function sharePublicRoutes(app: FastifyInstance, options: { services: Services; publicUrl: string }) {
  const { services } = options;
  const secure = options.publicUrl.startsWith('https://');

  /** The browser's visitor id, shared with upload-request links: the first visit of a new one uses a view. */
  function visitorOf(request: FastifyRequest, reply: FastifyReply): TShareVisitor {
    const token = visitorTokenOf(request, reply, secure);
    return { visitorHash: visitorHash(token), unlockCookie: undefined, ip: request.ip ?? null };
  }

  /** The unlock cookie of this share, found by name from the share's token hash prefix. */
  function withUnlock(request: FastifyRequest, visitor: TShareVisitor, token: string): TShareVisitor {
    return { ...visitor, unlockCookie: request.cookies[unlockCookieNameOf(token)] };
  }

  app.get<{ Params: { token: string } }>(`${PUBLIC_SHARES_PATH}/:token`, async (request, reply) => {
    const visitor = visitorOf(request, reply);
    void reply.header('cache-control', 'no-store');
    return services.publicShares.view(request.params.token, withUnlock(request, visitor, request.params.token));
  });

  app.post<{ Params: { token: string } }>(`${PUBLIC_SHARES_PATH}/:token/unlock`, async (request, reply) => {
    const visitor = visitorOf(request, reply);
    const body = ZUnlockBody.parse(request.body ?? {});
    void reply.header('cache-control', 'no-store');
    const result = await services.publicShares.unlock(request.params.token, body.password, visitor);
    if (result.cookieName && result.cookieValue) {
      reply.setCookie(result.cookieName, result.cookieValue, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    }
    return { state: result.state };
  });

  app.post<{ Params: { token: string } }>(`${PUBLIC_SHARES_PATH}/:token/comments`, async (request, reply) => {
    const visitor = visitorOf(request, reply);
    const body = ZCommentBody.parse(request.body ?? {});
    return services.publicShares.comment(
      request.params.token,
      withUnlock(request, visitor, request.params.token),
      body,
    );
  });

  app.get<{ Params: { token: string; itemId: string } }>(
    `${PUBLIC_SHARES_PATH}/:token/items/:itemId/comments`,
    async (request, reply) => {
      const visitor = withUnlock(request, visitorOf(request, reply), request.params.token);
      void reply.header('cache-control', 'no-store');
      const threads = await services.publicShares.comments(request.params.token, visitor, request.params.itemId);
      return { threads };
    },
  );

  app.patch<{ Params: { token: string; commentId: string } }>(
    `${PUBLIC_SHARES_PATH}/:token/comments/:commentId`,
    async (request, reply) => {
      const visitor = withUnlock(request, visitorOf(request, reply), request.params.token);
      const body = ZCommentEditBody.parse(request.body ?? {});
      return services.publicShares.editComment(request.params.token, visitor, {
        ...body,
        commentId: request.params.commentId,
      });
    },
  );

  app.post<{ Params: { token: string } }>(`${PUBLIC_SHARES_PATH}/:token/metadata`, async (request, reply) => {
    const visitor = withUnlock(request, visitorOf(request, reply), request.params.token);
    const body = ZMetadataBody.parse(request.body ?? {});
    return services.publicShares.editMetadata(request.params.token, visitor, body);
  });

  async function media(request: FastifyRequest, reply: FastifyReply) {
    const params = request.params as {
      token: string;
      itemId: string;
      kind: string;
      expires: string;
      signature: string;
      '*': string;
    };
    const query = request.query as { download?: string };
    const path = safeRelativeKey(params['*']);
    if (!path) throw new AppError('NOT_FOUND');
    const download = query.download === '1';
    const target = await services.publicShares.media(params.token, {
      itemId: params.itemId,
      kind: params.kind,
      expires: params.expires,
      signature: params.signature,
      path,
      download,
      range: request.headers.range,
      visitorHash: visitorHash(request.cookies[VISITOR_COOKIE]),
    });
    if (!target.storageId) throw new AppError('NOT_FOUND');
    const key = target.key;
    if (!key) throw new AppError('NOT_FOUND');
    const storage = await services.storages.resolve(target.tenantId, target.storageId);
    if (request.method === 'GET') await target.countDownload();
    const attachment = download || params.kind === 'original';
    return sendStored(request, reply, storage, key, target.fileName, attachment, target.growing);
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: `${PUBLIC_SHARES_PATH}/:token/media/:itemId/:kind/:expires/:signature/*`,
    handler: media,
  });
}
