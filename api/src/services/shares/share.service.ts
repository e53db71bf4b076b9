import {
  AppError,
  can,
  checkShareLimits,
  effectiveShareLimits,
  mailForShareInvitation,
  SHARE_PASSWORD_MIN_LENGTH,
  parseEmailList,
  parseTenantConfig,
  sharePasswordProblem,
  type Actor,
} from '@mam/core';
import { type Repositories, type TShareEmailRow, type TShareMetadataAccess, type TShareRow } from '@mam/db';
import { hashPassword } from '../../security/password-hasher';
import type { AuthedActor } from '../actor.service';
import { orNotFound, type AuditService } from '../audit.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import { closedState, invitationSender, newShareToken, shareLink } from './share-access';
import { liveItemOrNotFound } from '../items/live-item';

export type TShareListState = 'active' | 'expired' | 'exhausted' | 'revoked';

export interface TShareSettings {
  pageTitle: string;
  /** Empty or left out: no password. */
  password?: string | null;
  /** Left out: the latest the tenant allows. */
  expiresAt?: Date | null;
  /** Left out: as many as the tenant allows. */
  maxViews?: number | null;
  allowDownload?: boolean;
  metadataAccess?: TShareMetadataAccess;
  allowComments?: boolean;
  webProxy?: boolean;
  editProxy?: boolean;
  highRes?: boolean;
  message?: string | null;
}

export interface TShareCreateInput extends TShareSettings {
  itemIds?: string[];
  folderId?: string | null;
}

export interface TShareUpdateInput extends Partial<Omit<TShareSettings, 'password'>> {
  id: string;
  /** Left out: unchanged; null or '': the password is removed; text: the new password. */
  password?: string | null;
}

/** A share as its owner (or an admin) sees it: the link, the settings and how it has been used. */
export interface TShareView {
  id: string;
  link: string;
  pageTitle: string;
  hasPassword: boolean;
  expiresAt: string | null;
  maxViews: number | null;
  viewsUsed: number;
  remainingViews: number | null;
  visits: number;
  downloads: number;
  allowDownload: boolean;
  metadataAccess: TShareMetadataAccess;
  allowComments: boolean;
  webProxy: boolean;
  editProxy: boolean;
  highRes: boolean;
  message: string | null;
  folderId: string | null;
  itemCount: number;
  state: TShareListState;
  lastViewedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  createdBy: string | null;
}

export interface TShareEmailView {
  id: string;
  recipient: string;
  message: string | null;
  sentBy: string | null;
  sentAt: string;
}

function demandShare(actor: Actor): void {
  if (!can(actor, 'shareMedia')) throw new AppError('SHARE_FORBIDDEN');
}

function checkedTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed || trimmed.length > 200)
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ path: 'pageTitle', code: 'VALIDATION_FAILED', message: 'A page title of 1 to 200 characters.' }],
    });
  return trimmed;
}

async function checkedPasswordHash(password: string | null | undefined): Promise<string | null> {
  if (!password) return null;
  const problem = sharePasswordProblem(password);
  if (problem) throw problem;
  return hashPassword(password);
}

function listState(row: TShareRow, now: Date): TShareListState {
  const closed = closedState(row, now, false);
  return closed === 'revoked' || closed === 'expired' || closed === 'exhausted' ? closed : 'active';
}

function emailView(row: TShareEmailRow): TShareEmailView {
  return {
    id: row.id,
    recipient: row.recipient,
    message: row.message,
    sentBy: row.sentBy,
    sentAt: row.sentAt.toISOString(),
  };
}

/**
 * Shares of items or a folder for people outside the organisation (spec sections 3, 5 and 6: shareMedia). Only
 * the owner and tenant administrators see or change a share; anyone else gets NOT_FOUND. Every share ends: its
 * expiry and views are capped by the tenant's maximums (or the product defaults).
 */
export function createShareService(
  deps: ServiceDeps,
  audit: AuditService,
  folders: { get(actor: AuthedActor, id: string): Promise<unknown> },
) {
  const { repos } = deps;

  const tenantConfig = {
    async current(tenantId: string) {
      const tenant = await repos.tenants.findById(tenantId);
      if (!tenant) throw new AppError('NOT_FOUND');
      return parseTenantConfig(tenant.config);
    },
  };

  async function owned(actor: Actor, id: string): Promise<TShareRow> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repos.shares.findById(actor.tenantId, id) : undefined;
    if (!row || row.type !== 'share') throw new AppError('NOT_FOUND');
    if (row.createdBy !== actor.userId && !can(actor, 'tenantAdmin')) throw new AppError('NOT_FOUND');
    return row;
  }

  async function views(actor: Actor, rows: TShareRow[], meta: RequestMeta | null): Promise<TShareView[]> {
    const ids = rows.map((r) => r.id);
    const [visits, items] = await Promise.all([
      repos.shares.countVisits(actor.tenantId, ids),
      repos.shares.countItems(actor.tenantId, ids),
    ]);
    const now = deps.clock();
    return rows.map((row) => ({
      id: row.id,
      link: shareLink(deps, row, meta),
      pageTitle: row.pageTitle,
      hasPassword: row.passwordHash !== null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      maxViews: row.maxViews,
      viewsUsed: row.viewsUsed,
      remainingViews: row.maxViews === null ? null : Math.max(0, row.maxViews - row.viewsUsed),
      visits: visits.get(row.id) ?? 0,
      downloads: row.downloads,
      allowDownload: row.allowDownload,
      metadataAccess: row.metadataAccess,
      allowComments: row.allowComments,
      webProxy: row.webProxy,
      editProxy: row.editProxy,
      highRes: row.highRes,
      message: row.message,
      folderId: row.folderId,
      itemCount: items.get(row.id) ?? 0,
      state: listState(row, now),
      lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
    }));
  }

  async function one(actor: Actor, row: TShareRow, meta: RequestMeta | null): Promise<TShareView> {
    return (await views(actor, [row], meta))[0]!;
  }

  /** A change to a share, with its audit event, in one transaction. */
  function changeShare(
    actor: AuthedActor,
    meta: RequestMeta | null,
    action: 'created' | 'updated' | 'revoked' | 'invited',
    summary: (row: TShareRow) => string,
    work: (tx: Repositories) => Promise<TShareRow | undefined>,
  ): Promise<TShareRow> {
    return audit.change(actor, meta, orNotFound(work), (row) => ({
      action: `share.${action}`,
      targetType: 'share',
      targetId: row.id,
      subject: row.pageTitle,
      summary: summary(row),
    }));
  }

  return {
    async create(actor: AuthedActor, input: TShareCreateInput, meta: RequestMeta | null): Promise<TShareView> {
      demandShare(actor);
      const itemIds = [...new Set(input.itemIds ?? [])];
      const folderId = input.folderId ?? null;
      if (itemIds.length === 0 && !folderId) throw new AppError('SHARE_EMPTY');
      for (const itemId of itemIds) {
        liveItemOrNotFound(actor, await repos.items.findById(actor.tenantId, itemId));
      }
      // NOT_FOUND for a folder this user cannot see, with its inherited access.
      if (folderId) await folders.get(actor, folderId);
      const config = await tenantConfig.current(actor.tenantId);
      const limits = checkShareLimits(
        { expiresAt: input.expiresAt ?? null, maxViews: input.maxViews ?? null },
        config,
        deps.clock(),
      );
      const passwordHash = await checkedPasswordHash(input.password);
      const token = newShareToken(deps);
      const created = (r: TShareRow) => `Share "${r.pageTitle}" created`;
      const row = await changeShare(actor, meta, 'created', created, (tx) =>
        tx.shares.insert(
          actor.tenantId,
          {
            type: 'share',
            tokenHash: token.tokenHash,
            tokenEncrypted: token.tokenEncrypted,
            createdBy: actor.userId,
            pageTitle: checkedTitle(input.pageTitle),
            passwordHash,
            expiresAt: limits.expiresAt,
            maxViews: limits.maxViews,
            allowDownload: input.allowDownload ?? false,
            metadataAccess: input.metadataAccess ?? 'none',
            allowComments: input.allowComments ?? false,
            webProxy: input.webProxy ?? true,
            editProxy: input.editProxy ?? false,
            highRes: input.highRes ?? false,
            folderId,
            message: input.message?.trim() || null,
          },
          folderId ? [] : itemIds,
        ),
      );
      return one(actor, row, meta);
    },

    /** The owner or an administrator; limits are checked again against the tenant's maximums as of now. */
    async update(actor: AuthedActor, input: TShareUpdateInput, meta: RequestMeta | null): Promise<TShareView> {
      demandShare(actor);
      const row = await owned(actor, input.id);
      if (row.revokedAt) throw new AppError('SHARE_CLOSED');
      const changesLimits = input.expiresAt !== undefined || input.maxViews !== undefined;
      const limits = changesLimits
        ? checkShareLimits(
            {
              expiresAt: input.expiresAt === undefined ? row.expiresAt : input.expiresAt,
              maxViews: input.maxViews === undefined ? row.maxViews : input.maxViews,
            },
            await tenantConfig.current(actor.tenantId),
            deps.clock(),
          )
        : {};
      const changes = {
        ...(input.pageTitle !== undefined ? { pageTitle: checkedTitle(input.pageTitle) } : {}),
        ...(input.password !== undefined ? { passwordHash: await checkedPasswordHash(input.password) } : {}),
        ...limits,
        ...(input.allowDownload !== undefined ? { allowDownload: input.allowDownload } : {}),
        ...(input.metadataAccess !== undefined ? { metadataAccess: input.metadataAccess } : {}),
        ...(input.allowComments !== undefined ? { allowComments: input.allowComments } : {}),
        ...(input.webProxy !== undefined ? { webProxy: input.webProxy } : {}),
        ...(input.editProxy !== undefined ? { editProxy: input.editProxy } : {}),
        ...(input.highRes !== undefined ? { highRes: input.highRes } : {}),
        ...(input.message !== undefined ? { message: input.message?.trim() || null } : {}),
      };
      const changed = (r: TShareRow) => `Share "${r.pageTitle}" changed`;
      const saved = await changeShare(actor, meta, 'updated', changed, (tx) =>
        tx.shares.update(actor.tenantId, row.id, changes),
      );
      return one(actor, saved, meta);
    },

    /** The link stops working at once, for everyone; revoking twice changes nothing. */
    async revoke(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<TShareView> {
      demandShare(actor);
      const row = await owned(actor, id);
      if (row.revokedAt) return one(actor, row, meta);
      const revoked = (r: TShareRow) => `Share "${r.pageTitle}" revoked`;
      const saved = await changeShare(actor, meta, 'revoked', revoked, (tx) =>
        tx.shares.update(actor.tenantId, row.id, { revokedAt: deps.clock() }),
      );
      return one(actor, saved, meta);
    },

    /** What the share dialog offers: the tenant's maximums (or the defaults) and the password rule. */
    async limits(actor: AuthedActor): Promise<{ maxValidDays: number; maxViews: number; passwordMinLength: number }> {
      demandShare(actor);
      return {
        ...effectiveShareLimits(await tenantConfig.current(actor.tenantId)),
        passwordMinLength: SHARE_PASSWORD_MIN_LENGTH,
      };
    },

    /** My shares, newest first. */
    async listMine(actor: AuthedActor, meta: RequestMeta | null = null): Promise<TShareView[]> {
      demandShare(actor);
      const rows = await repos.shares.list(actor.tenantId, { type: 'share', createdBy: actor.userId, limit: 500 });
      return views(actor, rows, meta);
    },

    async get(
      actor: AuthedActor,
      id: string,
      meta: RequestMeta | null = null,
    ): Promise<TShareView & { itemIds: string[] }> {
      demandShare(actor);
      const row = await owned(actor, id);
      return { ...(await one(actor, row, meta)), itemIds: await repos.shares.listItemIds(actor.tenantId, row.id) };
    },

    /**
     * E-mails the link to each recipient ("a@x.no, b@y.no; c@z.no": space, comma or semicolon) with the custom
     * message; one bad address refuses them all with 'Invalid email address' naming it. Every mail is recorded.
     */
    async invite(
      actor: AuthedActor,
      input: { id: string; recipients: string; message?: string | null },
      meta: RequestMeta | null,
    ): Promise<{ sent: string[] }> {
      demandShare(actor);
      const row = await owned(actor, input.id);
      const closed = closedState(row, deps.clock(), false);
      if (closed) throw new AppError('SHARE_CLOSED');
      const recipients = parseEmailList(input.recipients);
      if (recipients.length === 0)
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ path: 'recipients', code: 'VALIDATION_FAILED', message: 'Add at least one recipient.' }],
        });
      const message = input.message?.trim() || row.message || null;
      const link = shareLink(deps, row, meta);
      const { sender, locale } = await invitationSender(deps, actor);
      const mail = mailForShareInvitation(locale, {
        sender,
        title: row.pageTitle,
        message,
        link,
        expiresAt: row.expiresAt,
      });
      // The e-mail history and the audit event commit together before any mail leaves, so no invitation goes out
      // unrecorded.
      const sentTo = () => `Share "${row.pageTitle}" sent to ${recipients.join(', ')}`;
      await changeShare(actor, meta, 'invited', sentTo, async (tx) => {
        for (const to of recipients) {
          await tx.shares.insertEmail(actor.tenantId, {
            shareId: row.id,
            recipient: to,
            message,
            sentBy: actor.userId,
          });
        }
        return row;
      });
      for (const to of recipients) await deps.mailer.send({ to, ...mail });
      return { sent: recipients };
    },

    async emailHistory(actor: AuthedActor, id: string): Promise<TShareEmailView[]> {
      demandShare(actor);
      const row = await owned(actor, id);
      return (await repos.shares.listEmails(actor.tenantId, row.id)).map(emailView);
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
