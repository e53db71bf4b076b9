import { AppError, parseTenantConfig, type TMetadataForm } from '@mam/core';
import type { TShareRow, TTenantRow } from '@mam/db';
import { loadActor, type AuthedActor } from '../actor.service';
import type { UploadService, UploadTarget } from '../items/upload.service';
import type { MetadataFormService } from '../metadata/metadata-form.service';
import type { NotificationService } from '../notification.service';
import type { ServiceDeps } from '../service-deps';
import {
  closedState,
  findByToken,
  isUnlocked,
  unlockCookieName,
  unlockValue,
  verifySharePassword,
  visitorHash,
} from './share-access';

export type TUploadRequestPageState = 'ok' | 'password_required' | 'expired' | 'revoked' | 'not_found';

/** What the public upload page shows. Title and message only once the link is open (and unlocked). */
export interface TUploadRequestPage {
  state: TUploadRequestPageState;
  pageTitle: string | null;
  message: string | null;
  /** The forms with an upload view the request's owner may use: their upload-view fields are asked of the contributor. */
  forms: { id: string; form: TMetadataForm }[];
  /** Lower-case extensions without the dot; an empty list blocks nothing. */
  blockedExtensions: string[];
  expiresAt: string | null;
}

/** An open, unlocked request with the actor the contributor's uploads run as: the request's creator. */
export interface TUploadRequestPrincipal {
  request: TShareRow;
  tenant: TTenantRow;
  owner: AuthedActor;
}

export interface TContributorUpload {
  fileName: string;
  size: number | null;
  contributorName: string;
  metadata?: { formId: string; values: Record<string, unknown> };
}

const closedPage = (state: TUploadRequestPageState): TUploadRequestPage => ({
  state,
  pageTitle: null,
  message: null,
  forms: [],
  blockedExtensions: [],
  expiresAt: null,
});

/**
 * The anonymous side of upload requests: a bearer token (and, with a password, the unlock cookie bound to the
 * visitor's browser) opens the page and lets files in. The contributor never gets a session nor any read access:
 * the only things answered are the page, the state of their own uploads and refusals.
 */
export function createPublicUploadRequestService(
  deps: ServiceDeps,
  uploads: UploadService,
  metadataForms: Pick<MetadataFormService, 'listWithAll'>,
  notifications: Pick<NotificationService, 'uploadReceived'>,
) {
  const { repos, clock } = deps;

  /** The request behind a token and why it is closed, if it is; an owner who left closes it as if revoked. */
  async function resolve(
    token: string,
    visitor: string | undefined,
    unlockCookie: (name: string) => string | undefined,
  ) {
    const request = await findByToken(deps, token, 'upload_request');
    if (!request) return { state: 'not_found' as const };
    const closed = closedState(request, clock(), true);
    if (closed === 'revoked' || closed === 'expired') return { state: closed, request };
    const owner = request.createdBy ? await repos.users.findById(request.tenantId, request.createdBy) : undefined;
    const tenant = await repos.tenants.findById(request.tenantId);
    if (!owner || !owner.active || !tenant || !request.folderId) return { state: 'revoked' as const, request };
    const unlocked = isUnlocked(deps, request, visitorHash(visitor), unlockCookie(unlockCookieName(request)));
    if (!unlocked) return { state: 'password_required' as const, request };
    return { state: 'ok' as const, request, tenant, owner: await loadActor(deps, owner) };
  }

  return {
    async page(
      token: string,
      visitor: string | undefined,
      unlockCookie: (name: string) => string | undefined,
    ): Promise<TUploadRequestPage> {
      const resolved = await resolve(token, visitor, unlockCookie);
      if (resolved.state !== 'ok') {
        // The page title tells a contributor which link asks for the password; closed links show nothing of it.
        return resolved.state === 'password_required'
          ? { ...closedPage(resolved.state), pageTitle: resolved.request.pageTitle }
          : closedPage(resolved.state);
      }
      const { request, tenant, owner } = resolved;
      const { visible } = await metadataForms.listWithAll(owner);
      return {
        state: 'ok',
        pageTitle: request.pageTitle,
        message: request.message,
        forms: visible
          .filter((v) => v.form.active && !v.form.isSubtype && v.form.views.upload !== undefined)
          .map((v) => ({ id: v.id, form: v.form })),
        blockedExtensions: parseTenantConfig(tenant.config).blockedUploadExtensions,
        expiresAt: request.expiresAt?.toISOString() ?? null,
      };
    },

    /**
     * Checks the password (slowed down per link and per address); on success, the value of the unlock cookie for
     * this browser. SHARE_PASSWORD_WRONG on a wrong one.
     */
    async unlock(
      token: string,
      visitor: string,
      password: string,
      ip: string | null,
    ): Promise<{ cookieName: string; cookieValue: string; expiresAt: Date | null }> {
      const request = await findByToken(deps, token, 'upload_request');
      if (!request) throw new AppError('NOT_FOUND');
      if (closedState(request, clock(), true)) throw new AppError('SHARE_CLOSED');
      const hash = visitorHash(visitor);
      if (!hash) throw new AppError('VALIDATION_FAILED');
      if (!request.passwordHash) return { cookieName: unlockCookieName(request), cookieValue: '', expiresAt: null };
      if (!(await verifySharePassword(deps, request, password, ip))) throw new AppError('SHARE_PASSWORD_WRONG');
      return {
        cookieName: unlockCookieName(request),
        cookieValue: unlockValue(deps, request, hash),
        expiresAt: request.expiresAt,
      };
    },

    /** The principal of a tus request; NOT_FOUND, SHARE_CLOSED or SHARE_PASSWORD_WRONG when the link does not open. */
    async principal(
      token: string,
      visitor: string | undefined,
      unlockCookie: (name: string) => string | undefined,
    ): Promise<TUploadRequestPrincipal> {
      const resolved = await resolve(token, visitor, unlockCookie);
      if (resolved.state === 'not_found') throw new AppError('NOT_FOUND');
      if (resolved.state === 'password_required') throw new AppError('SHARE_PASSWORD_WRONG');
      if (resolved.state !== 'ok') throw new AppError('SHARE_CLOSED');
      return { request: resolved.request, tenant: resolved.tenant, owner: resolved.owner };
    },

    /** Checks the name, the extension and the upload view's values before a byte is taken; then the item exists. */
    async begin(principal: TUploadRequestPrincipal, input: TContributorUpload): Promise<UploadTarget> {
      const contributorName = input.contributorName.trim().slice(0, 200);
      if (!contributorName) {
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ path: 'name', code: 'VALUE_REQUIRED', message: 'Value required' }],
        });
      }
      const { request, tenant, owner } = principal;
      return uploads.beginForRequest(
        owner,
        tenant,
        { fileName: input.fileName, size: input.size, folderId: request.folderId!, metadata: input.metadata },
        { requestId: request.id, requestTitle: request.pageTitle, contributorName },
      );
    },

    /** Tells the request's creator a file arrived (once its last byte is in). Never throws: the upload is done. */
    async fileArrived(tenantId: string, itemId: string): Promise<void> {
      try {
        const file = await repos.uploadRequests.findFileByItem(tenantId, itemId);
        if (!file) return;
        const request = await repos.shares.findById(tenantId, file.shareId);
        if (!request?.createdBy) return;
        await notifications.uploadReceived(tenantId, {
          requesterId: request.createdBy,
          requestId: request.id,
          requestTitle: request.pageTitle,
          fileName: file.fileName,
          itemId,
          contributorName: file.contributorName,
        });
      } catch (error) {
        deps.logger.warn({ err: error, itemId }, 'could not notify about a file from an upload request');
      }
    },
  };
}

export type PublicUploadRequestService = ReturnType<typeof createPublicUploadRequestService>;
