import {
  AppError,
  can,
  canUpdate,
  canView,
  checkShareLimits,
  mailForUploadRequestInvitation,
  parseEmailList,
  parseTenantConfig,
  sharePasswordProblem,
} from '@mam/core';
import { type TShareRow } from '@mam/db';
import { hashPassword } from '../../security/password-hasher';
import type { AuthedActor } from '../actor.service';
import type { createAuditService } from '../audit.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import { closedState, invitationSender, newShareToken, shareLink } from './share-access';

export interface TCreateUploadRequestInput {
  folderId: string;
  pageTitle: string;
  message?: string | null;
  /** Empty or absent: no password. */
  password?: string | null;
  /** Null: the latest the tenant allows. */
  expiresAt?: Date | null;
  /** Addresses separated by space, comma or semicolon, invited at once. */
  recipients?: string | null;
}

export interface TUploadRequestView {
  id: string;
  pageTitle: string;
  message: string | null;
  link: string;
  folderId: string | null;
  folderName: string | null;
  hasPassword: boolean;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  /** ok, expired or revoked: whether the link still takes files. */
  state: 'ok' | 'expired' | 'revoked';
  filesReceived: number;
  emailsSent: number;
}

export interface TShareEmailView {
  id: string;
  recipient: string;
  message: string | null;
  sentAt: string;
}

/**
 * Upload requests, the owner's side (spec section 3, Share of type upload request; section 6 requestUpload): a link
 * to a public page where someone outside the organisation uploads into a chosen folder. Files received get their
 * own table (upload_request_file); the request's max_views stays null, as a request is bounded by its expiry and
 * not by a number of files.
 */
export function createUploadRequestService(deps: ServiceDeps, audit: ReturnType<typeof createAuditService>) {
  const { repos, clock } = deps;

  async function ownRequest(actor: AuthedActor, id: string): Promise<TShareRow> {
    const row = await repos.shares.findById(actor.tenantId, id);
    if (!row || row.type !== 'upload_request') throw new AppError('NOT_FOUND');
    if (row.createdBy !== actor.userId && !actor.isSuperAdmin && !can(actor, 'tenantAdmin'))
      throw new AppError('NOT_FOUND');
    return row;
  }

  async function toViews(tenantId: string, rows: TShareRow[], meta: RequestMeta | null): Promise<TUploadRequestView[]> {
    const ids = rows.map((r) => r.id);
    const files = await repos.uploadRequests.countFiles(tenantId, ids);
    const folderNames = new Map<string, string>();
    for (const folderId of new Set(rows.flatMap((r) => (r.folderId ? [r.folderId] : [])))) {
      const folder = await repos.folders.findById(tenantId, folderId);
      if (folder) folderNames.set(folderId, folder.name);
    }
    const now = clock();
    const views: TUploadRequestView[] = [];
    for (const row of rows) {
      const closed = closedState(row, now, true);
      views.push({
        id: row.id,
        pageTitle: row.pageTitle,
        message: row.message,
        link: shareLink(deps, row, meta),
        folderId: row.folderId,
        folderName: row.folderId ? (folderNames.get(row.folderId) ?? null) : null,
        hasPassword: row.passwordHash !== null,
        expiresAt: row.expiresAt?.toISOString() ?? null,
        revokedAt: row.revokedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        state: closed === 'revoked' || closed === 'expired' ? closed : 'ok',
        filesReceived: files.get(row.id) ?? 0,
        emailsSent: (await repos.shares.listEmails(tenantId, row.id)).length,
      });
    }
    return views;
  }

  const service = {
    async create(
      actor: AuthedActor,
      input: TCreateUploadRequestInput,
      meta: RequestMeta | null,
    ): Promise<TUploadRequestView> {
      if (!can(actor, 'requestUpload')) throw new AppError('FORBIDDEN');
      const folder = await repos.folders.findById(actor.tenantId, input.folderId);
      const access = folder ? { ...folder, createdBy: folder.ownerId } : undefined;
      if (!folder || !access || !canView(actor, access)) throw new AppError('NOT_FOUND');
      if (!canUpdate(actor, access)) throw new AppError('UPLOAD_FORBIDDEN');
      const password = input.password ?? '';
      const problem = sharePasswordProblem(password);
      if (problem) throw problem;
      // Invitations are checked before anything is created, so a typo does not leave a request behind.
      const recipients = parseEmailList(input.recipients ?? '');
      const tenant = await repos.tenants.findById(actor.tenantId);
      const config = parseTenantConfig(tenant?.config ?? {});
      const { expiresAt } = checkShareLimits({ expiresAt: input.expiresAt ?? null, maxViews: null }, config, clock());
      const token = newShareToken(deps);
      const passwordHash = password ? await hashPassword(password) : null;
      const row = await audit.change(
        actor,
        meta,
        async (tx) => {
          const inserted = await tx.shares.insert(actor.tenantId, {
            type: 'upload_request',
            tokenHash: token.tokenHash,
            tokenEncrypted: token.tokenEncrypted,
            createdBy: actor.userId,
            pageTitle: input.pageTitle.trim(),
            message: input.message?.trim() || null,
            passwordHash,
            expiresAt,
            maxViews: null,
            folderId: folder.id,
            webProxy: false,
          });
          return inserted;
        },
        (inserted) => ({
          action: 'uploadRequest.created',
          targetType: 'share',
          targetId: inserted.id,
          subject: inserted.pageTitle,
          summary: `Created upload request ${inserted.pageTitle} into folder ${folder.name}`,
          details: { folderId: folder.id, expiresAt: expiresAt.toISOString(), password: passwordHash !== null },
        }),
      );
      if (recipients.length > 0) await service.invite(actor, { id: row.id, recipients: recipients.join(' ') }, meta);
      return (await toViews(actor.tenantId, [row], meta))[0]!;
    },

    async listMine(actor: AuthedActor, meta: RequestMeta | null = null): Promise<TUploadRequestView[]> {
      const rows = await repos.shares.list(actor.tenantId, {
        type: 'upload_request',
        createdBy: actor.userId,
        limit: 500,
      });
      return toViews(actor.tenantId, rows, meta);
    },

    async revoke(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<TUploadRequestView> {
      const row = await ownRequest(actor, id);
      const updated = row.revokedAt
        ? row
        : await audit.change(
            actor,
            meta,
            async (tx) => (await tx.shares.update(actor.tenantId, id, { revokedAt: clock() })) ?? row,
            () => ({
              action: 'uploadRequest.revoked',
              targetType: 'share',
              targetId: id,
              subject: row.pageTitle,
              summary: `Revoked upload request ${row.pageTitle}`,
            }),
          );
      return (await toViews(actor.tenantId, [updated], meta))[0]!;
    },

    /** E-mails the link to each address with the owner's message, and keeps each in the request's e-mail history. */
    async invite(
      actor: AuthedActor,
      input: { id: string; recipients: string; message?: string | null },
      meta: RequestMeta | null,
    ): Promise<{ sent: string[] }> {
      const row = await ownRequest(actor, input.id);
      const recipients = parseEmailList(input.recipients);
      if (recipients.length === 0) throw new AppError('INVALID_EMAIL');
      if (closedState(row, clock(), true)) throw new AppError('SHARE_CLOSED');
      const message = input.message?.trim() || row.message;
      const link = shareLink(deps, row, meta);
      const { sender, locale } = await invitationSender(deps, actor);
      const mail = mailForUploadRequestInvitation(locale, {
        sender,
        title: row.pageTitle,
        message,
        link,
        expiresAt: row.expiresAt,
      });
      // The e-mail history and the audit event commit together before any mail leaves, so no invitation goes out
      // unrecorded.
      await audit.change(
        actor,
        meta,
        async (tx) => {
          for (const recipient of recipients) {
            await tx.shares.insertEmail(actor.tenantId, { shareId: row.id, recipient, message, sentBy: actor.userId });
          }
        },
        () => ({
          action: 'uploadRequest.invited',
          targetType: 'share',
          targetId: row.id,
          subject: row.pageTitle,
          summary: `Invited ${recipients.join(', ')} to upload request ${row.pageTitle}`,
          details: { recipients },
        }),
      );
      for (const recipient of recipients) await deps.mailer.send({ to: recipient, ...mail });
      return { sent: recipients };
    },

    async emails(actor: AuthedActor, id: string): Promise<TShareEmailView[]> {
      const row = await ownRequest(actor, id);
      return (await repos.shares.listEmails(actor.tenantId, row.id)).map((e) => ({
        id: e.id,
        recipient: e.recipient,
        message: e.message,
        sentAt: e.sentAt.toISOString(),
      }));
    },
  };
  return service;
}

export type UploadRequestService = ReturnType<typeof createUploadRequestService>;
