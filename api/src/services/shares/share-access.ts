import { AppError, mailLocale, type TMailLocale } from '@mam/core';
import type { TShareRow, TShareVisitRow } from '@mam/db';
import { verifyPassword } from '../../security/password-hasher';
import { randomToken, safeEqual, sha256 } from '../../security/tokens';
import { createLoginThrottle, shareThrottleKeys } from '../login-throttle.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';

/**
 * What shares and upload requests have in common for an anonymous visitor: the bearer token, the password, the
 * unique-visit count and the states that close a link. Upload requests (upload-request.service.ts) use it too.
 */

/** Why a link shows no content; 'ok' opens it, 'password_required' asks for the password first. */
export type TShareState = 'ok' | 'password_required' | 'expired' | 'exhausted' | 'revoked' | 'not_found';

/** Cookie of a browser, one per browser for every link: its hash is the unique visitor. */
export const VISITOR_COOKIE = 'mam_visitor';

export interface TNewShareToken {
  /** Goes into the link only; never stored in the clear. */
  token: string;
  tokenHash: string;
  /** Sealed with the secret box so the owner can copy the link again. */
  tokenEncrypted: string;
}

export function newShareToken(deps: Pick<ServiceDeps, 'secretBox'>): TNewShareToken {
  const token = randomToken(32);
  return { token, tokenHash: sha256(token), tokenEncrypted: deps.secretBox.seal(token) };
}

/**
 * Who an invitation to a link (share or upload request) is from, and the language it is written in: the recipients
 * are outside the tenant and have no language of their own, so the sender's is the best guess.
 */
export async function invitationSender(
  deps: Pick<ServiceDeps, 'repos'>,
  actor: { tenantId: string; userId: string; email: string },
): Promise<{ sender: string; locale: TMailLocale }> {
  const [senderRow, tenant] = await Promise.all([
    deps.repos.users.findById(actor.tenantId, actor.userId),
    deps.repos.tenants.findById(actor.tenantId),
  ]);
  return {
    sender: senderRow?.name || actor.email,
    locale: mailLocale({ userLanguage: senderRow?.language, tenantConfig: tenant?.config }),
  };
}

/** The link the owner can hand out again: `<publicUrl>/s/<token>` (upload requests: `/u/<token>`). */
export function shareLink(
  deps: Pick<ServiceDeps, 'secretBox' | 'config'>,
  row: TShareRow,
  meta?: Pick<RequestMeta, 'linkBase'> | null,
): string {
  const base = (meta?.linkBase ?? deps.config.publicUrl).replace(/\/$/, '');
  return `${base}/${row.type === 'upload_request' ? 'u' : 's'}/${deps.secretBox.open(row.tokenEncrypted)}`;
}

/** Tokens are 43 base64url characters; anything else is not looked up at all. */
export function isShareToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,100}$/.test(token);
}

/** The share of a token, of the right type, or undefined (unknown token: the caller answers not_found). */
export async function findByToken(
  deps: Pick<ServiceDeps, 'repos'>,
  token: string,
  type: TShareRow['type'],
): Promise<TShareRow | undefined> {
  if (!isShareToken(token)) return undefined;
  const row = await deps.repos.shares.findByTokenHash(sha256(token));
  return row && row.type === type ? row : undefined;
}

/**
 * Closed states in the order they are reported: revoked before expired before exhausted. A share whose views are
 * used up is still open to the visitors who already used one (revisits are free).
 */
export function closedState(
  row: TShareRow,
  now: Date,
  returningVisitor: boolean,
): 'revoked' | 'expired' | 'exhausted' | null {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (!returningVisitor && row.maxViews !== null && row.viewsUsed >= row.maxViews) return 'exhausted';
  return null;
}

export function visitorHash(visitorToken: string | undefined): string | null {
  return visitorToken && isShareToken(visitorToken) ? sha256(visitorToken) : null;
}

export function newVisitorToken(): string {
  return randomToken(32);
}

/** Cookie that tells the server this browser gave the right password for this share. */
export function unlockCookieName(row: Pick<TShareRow, 'tokenHash'>): string {
  return `mam_share_${row.tokenHash.slice(0, 16)}`;
}

/** The same name from the link's token, before the share is looked up. */
export function unlockCookieNameOf(token: string): string {
  return unlockCookieName({ tokenHash: sha256(token) });
}

/** Bound to the share, the browser and the current password: a new password locks everyone out again. */
export function unlockValue(deps: Pick<ServiceDeps, 'secretBox'>, row: TShareRow, visitor: string): string {
  return deps.secretBox.sign(`unlock|${row.tenantId}|${row.id}|${visitor}|${row.passwordHash ?? ''}`);
}

export function isUnlocked(
  deps: Pick<ServiceDeps, 'secretBox'>,
  row: TShareRow,
  visitor: string | null,
  cookie: string | undefined,
): boolean {
  if (!row.passwordHash) return true;
  if (!visitor || !cookie) return false;
  return safeEqual(cookie, unlockValue(deps, row, visitor));
}

/**
 * Checks a share's password with the login throttle keyed by the link and client address, and by the address, so
 * guessing is slowed down per guesser without locking out visitors elsewhere (argon2 makes each try slow too).
 * RATE_LIMITED while blocked.
 */
export async function verifySharePassword(
  deps: ServiceDeps,
  row: TShareRow,
  password: string,
  ip: string | null,
): Promise<boolean> {
  const throttle = createLoginThrottle(deps);
  const keys = shareThrottleKeys(row.tokenHash, ip);
  await throttle.assertAllowed(keys);
  const ok = password.length > 0 && password.length <= 256 && (await verifyPassword(row.passwordHash, password));
  if (!ok) {
    await throttle.recordFailure(keys);
    return false;
  }
  await throttle.succeeded(keys);
  return true;
}

/**
 * Records the visitor and, on their first visit, uses one view (atomically against the limit). Returns the visit,
 * or 'exhausted' when a new visitor finds no view left.
 */
export async function countVisit(
  deps: ServiceDeps,
  row: TShareRow,
  visitor: string,
): Promise<{ visit: TShareVisitRow; first: boolean } | 'exhausted'> {
  const now = deps.clock();
  const known = await deps.repos.shares.findVisit(row.tenantId, row.id, visitor);
  if (known) {
    const visit = await deps.repos.shares.touchVisit(row.tenantId, known.id, { lastSeenAt: now });
    return { visit: visit ?? known, first: false };
  }
  const inserted = await deps.repos.shares.insertVisit(row.tenantId, row.id, visitor);
  if (!inserted) {
    // The same browser's concurrent first request recorded it: a revisit.
    const again = await deps.repos.shares.findVisit(row.tenantId, row.id, visitor);
    if (!again) throw new AppError('NOT_FOUND');
    return { visit: again, first: false };
  }
  const used = await deps.repos.shares.useView(row.tenantId, row.id, now);
  if (!used) {
    await deps.repos.shares.deleteVisit(row.tenantId, inserted.id);
    return 'exhausted';
  }
  return { visit: inserted, first: true };
}
