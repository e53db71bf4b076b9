import { FileStore } from '@tus/file-store';
import { EVENTS, MemoryLocker, Server as TusServer, TUS_RESUMABLE, type Upload } from '@tus/server';
import { AppError } from '@mam/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TItemVersionRow } from '@mam/db';
import type { Services } from '../services';
import { VISITOR_COOKIE } from '../services/shares/share-access';
import { restMeta } from '../rest/v1/rest-meta';
import { resolvePrincipal } from './request-principal';
import { patchIntoFileStore, type TusFilePatchDeps } from './tus-file-patch';
import { countUploadWrites } from '../observability/metrics';

export const UPLOADS_PATH = '/api/v1/uploads';
/**
 * A contributor to an upload request sends the request's token in this header on every tus request instead of a
 * session or API key; with a password, the unlock cookie of their browser goes along.
 */
export const UPLOAD_REQUEST_HEADER = 'upload-request';
const EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface UploadRoutesOptions {
  services: Services;
  apiKeyHeader: string;
  /** tus keeps partial files and their offsets here, so uploads resume across restarts. */
  uploadsDir: string;
  /** Called once the last byte of a version is in; starts its processing. */
  onUploadComplete(tenantId: string, versionId: string): Promise<void>;
}

/** What authorisation decided about a request, handed to @tus/server's hooks through the raw request. */
interface UploadDecision {
  tenantId: string;
  uploadId?: string;
}
const decisions = new WeakMap<object, UploadDecision>();

function decisionOf(req: { runtime?: { node?: { req?: object } } }): UploadDecision | undefined {
  const raw = req.runtime?.node?.req;
  return raw ? decisions.get(raw) : undefined;
}

/** The `values` key of Upload-Metadata: a JSON object of form values by fieldId. */
function parseValues(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError('VALIDATION_FAILED', {
    issues: [{ path: 'values', code: 'VALIDATION_FAILED', message: 'values must be a JSON object' }],
  });
}

/** tus Upload-Metadata: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    result[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return result;
}

/**
 * tus 1.0 resumable uploads (creation, creation-with-upload, termination, expiration). Fastify authenticates and
 * authorises; @tus/server handles the protocol on the raw request, whose body Fastify leaves unread.
 */
export async function uploadRoutes(app: FastifyInstance, options: UploadRoutesOptions) {
  const { services } = options;
  const datastore = countUploadWrites(
    new FileStore({ directory: options.uploadsDir, expirationPeriodInMilliseconds: EXPIRY_MS }),
  );
  const locker = new MemoryLocker();
  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore,
    locker,
    relativeLocation: true,
    respectForwardedHeaders: true,
    exposedHeaders: ['Item-Id'],
    allowedHeaders: ['Upload-Request'],
    postReceiveInterval: 1000,
    // Announced as Tus-Max-Size; for an upload, what its tenant's quota leaves it (see holdToAllowance).
    maxSize: async (req, id) => {
      const tenantId = decisionOf(req)?.tenantId;
      return id && tenantId ? services.uploads.allowance(tenantId, id) : services.uploads.maxUploadBytes;
    },
    namingFunction: (req) => {
      const id = decisionOf(req)?.uploadId;
      if (!id) throw { status_code: 500, body: 'Upload id missing' };
      return id;
    },
    // Progress and completion events know the tenant from the upload's own stored metadata.
    onUploadCreate: async (req, upload) => ({
      metadata: { ...upload.metadata, tenantId: decisionOf(req)?.tenantId ?? null },
    }),
    onUploadFinish: async (_req, upload) => {
      await finish(upload);
      return {};
    },
  });

  async function finish(upload: Upload) {
    const tenantId = upload.metadata?.tenantId;
    if (!tenantId) return;
    const version = await services.uploads.complete(tenantId, upload.id, upload.offset);
    if (version) {
      await options.onUploadComplete(tenantId, version.id);
      await services.publicUploadRequests.fileArrived(tenantId, version.itemId);
    }
  }

  function recordProgress(upload: Upload) {
    const tenantId = upload.metadata?.tenantId;
    if (!tenantId) return;
    services.uploads.recordProgress(tenantId, upload.id, upload.offset).catch((error: unknown) => {
      app.log.warn({ err: error, uploadId: upload.id }, 'could not record upload progress');
    });
  }
  tus.on(EVENTS.POST_RECEIVE, (_req, upload) => recordProgress(upload));

  const filePatch: TusFilePatchDeps = {
    datastore,
    locker,
    directory: options.uploadsDir,
    expiryMs: EXPIRY_MS,
    onProgress: recordProgress,
    onFinish: finish,
  };
  /**
   * An upload created without a length was only checked against a full quota: the length it declares later, or the
   * bytes this PATCH says it brings, are refused as at creation. A chunked body is cut off by tus at maxSize.
   */
  async function holdToAllowance(request: FastifyRequest, tenantId: string, version: TItemVersionRow) {
    if (request.method !== 'PATCH' || version.upload.totalBytes !== null) return;
    const declared = request.headers['upload-length'];
    const offset = Number(request.headers['upload-offset']) || 0;
    const body = Number(request.headers['content-length']) || 0;
    const total =
      typeof declared === 'string' && /^\d+$/.test(declared) ? Number(declared) : offset + Math.max(body, 1);
    await services.uploads.assertAllowance(tenantId, version.id, total);
  }

  /** The rest of the protocol after authorisation; PATCH bodies stream straight to the partial file. */
  async function continueUpload(request: FastifyRequest, reply: FastifyReply, uploadId: string) {
    reply.hijack();
    if (request.method === 'PATCH' && (await patchIntoFileStore(filePatch, request.raw, reply.raw, uploadId))) return;
    await tus.handle(request.raw, reply.raw);
  }

  /**
   * Unfinished uploads past their expiry, and those that never got a byte (UPLOAD_ABANDONED_HOURS), leave no item
   * and no partial file behind.
   */
  const sweep = setInterval(() => {
    const remove = (uploadId: string) => datastore.remove(uploadId);
    void services.uploads
      .expireStale(new Date(Date.now() - EXPIRY_MS), remove)
      .then(() => services.uploads.cleanAbandoned(remove))
      .catch((error: unknown) => app.log.warn({ err: error }, 'upload expiry sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  /**
   * A finished upload's partial file moves into storage, so tus would answer 404 and the client would send the whole
   * file again as a new item. A client that lost the last PATCH's answer (a reload, a dropped connection) learns
   * instead that every byte is in, and finishes.
   */
  function answerFinished(reply: FastifyReply, version: TItemVersionRow): boolean {
    if (version.upload.state !== 'COMPLETE') return false;
    const size = String(version.upload.totalBytes ?? version.fileSize ?? version.upload.receivedBytes);
    void reply
      .code(200)
      .header('Tus-Resumable', TUS_RESUMABLE)
      .header('Upload-Offset', size)
      .header('Upload-Length', size)
      .header('Cache-Control', 'no-store')
      .header('Access-Control-Expose-Headers', 'Upload-Offset, Upload-Length, Tus-Resumable')
      .send();
    return true;
  }

  /** tus for an upload request's contributor: only new items in the request's folder, and only their own uploads. */
  async function handleContributor(request: FastifyRequest, reply: FastifyReply, token: string) {
    const principal = await services.publicUploadRequests.principal(
      token,
      request.cookies[VISITOR_COOKIE],
      (name) => request.cookies[name],
    );
    const tenantId = principal.request.tenantId;
    decisions.set(request.raw, { tenantId });
    if (request.method === 'POST') {
      const metadata = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
      if (!metadata.filename) throw new AppError('VALIDATION_FAILED');
      const length = request.headers['upload-length'];
      const target = await services.publicUploadRequests.begin(principal, {
        fileName: metadata.filename,
        contributorName: metadata.name ?? '',
        size: typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : null,
        metadata: metadata.form ? { formId: metadata.form, values: parseValues(metadata.values) } : undefined,
      });
      decisions.set(request.raw, { tenantId, uploadId: target.versionId });
      reply.raw.setHeader('Item-Id', target.itemId);
      reply.hijack();
      try {
        await tus.handle(request.raw, reply.raw);
      } finally {
        if (reply.raw.statusCode >= 400) await services.uploads.discard(tenantId, target.versionId, 'cancelled');
      }
      return;
    }
    const uploadId = request.url.split('?')[0]!.slice(UPLOADS_PATH.length + 1);
    if (!uploadId || uploadId.includes('/')) throw new AppError('NOT_FOUND');
    const version = await services.uploads.authoriseForRequest(tenantId, principal.request.id, uploadId);
    if (request.method === 'HEAD' && answerFinished(reply, version)) return;
    if (request.method === 'DELETE') await services.uploads.discard(tenantId, version.id, 'cancelled');
    await holdToAllowance(request, tenantId, version);
    await continueUpload(request, reply, uploadId);
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const uploadRequestToken = request.headers[UPLOAD_REQUEST_HEADER];
    if (request.method !== 'OPTIONS' && typeof uploadRequestToken === 'string') {
      await handleContributor(request, reply, uploadRequestToken);
      return;
    }
    if (request.method !== 'OPTIONS') {
      const principal = await resolvePrincipal(request, services, options.apiKeyHeader);
      decisions.set(request.raw, { tenantId: principal.tenant.id });
      if (request.method === 'POST') {
        const metadata = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
        if (!metadata.filename) throw new AppError('VALIDATION_FAILED');
        const length = request.headers['upload-length'];
        const target = await services.uploads.begin(principal.actor, principal.tenant, {
          fileName: metadata.filename,
          title: metadata.title,
          folderId: metadata.folderId || undefined,
          itemId: metadata.itemId || undefined,
          size: typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : null,
          metadata: metadata.form ? { formId: metadata.form, values: parseValues(metadata.values) } : undefined,
        });
        decisions.set(request.raw, { tenantId: principal.tenant.id, uploadId: target.versionId });
        reply.raw.setHeader('Item-Id', target.itemId);
        reply.raw.setHeader('Version-Id', target.versionId);
        reply.hijack();
        try {
          await tus.handle(request.raw, reply.raw);
        } finally {
          if (reply.raw.statusCode >= 400)
            await services.uploads.discard(principal.tenant.id, target.versionId, 'cancelled');
        }
        return;
      }
      const uploadId = request.url.split('?')[0]!.slice(UPLOADS_PATH.length + 1);
      if (!uploadId || uploadId.includes('/')) throw new AppError('NOT_FOUND');
      const version = await services.uploads.authorise(principal.actor, uploadId);
      if (request.method === 'HEAD' && answerFinished(reply, version)) return;
      // Termination: the item goes before the answer does, so a client that reads it next finds it gone.
      if (request.method === 'DELETE')
        await services.uploads.discard(
          principal.tenant.id,
          version.id,
          'cancelled',
          principal.actor,
          restMeta(request),
        );
      await holdToAllowance(request, principal.tenant.id, version);
      await continueUpload(request, reply, uploadId);
      return;
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }

  await app.register(async (scope) => {
    // tus bodies are streamed by @tus/server itself.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    scope.route({ method: ['POST', 'OPTIONS'], url: UPLOADS_PATH, handler: handle });
    scope.route({ method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url: `${UPLOADS_PATH}/:id`, handler: handle });
  });
}
