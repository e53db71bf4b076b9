import {
  playbackRange,
  AppError,
  canView,
  can,
  checkedCommentDrawing,
  choosePlayback,
  type Actor,
  type ItemPlayback,
  type MediaItemType,
  type TFormValues,
  type TMetadataForm,
} from '@mam/core';
import type { TItemWithVersion, TShareRow, TShareVisitRow, TVirtualClipRow } from '@mam/db';
import { loadActor, type AuthedActor } from '../actor.service';
import { versionMediaPrefix } from '../items/item-view';
import type { MetadataFormService } from '../metadata/metadata-form.service';
import type { ItemMetadataService } from '../metadata/item-metadata.service';
import type { ServiceDeps } from '../service-deps';
import {
  closedState,
  countVisit,
  findByToken,
  isUnlocked,
  unlockCookieName,
  unlockValue,
  verifySharePassword,
  type TShareState,
} from './share-access';
import {
  allowedKinds,
  countsAsDownload,
  isValidMediaSignature,
  pathMatchesKind,
  SHARE_MEDIA_TTL_SECONDS,
  shareMediaKinds,
  signedMediaUrl,
  type TShareMediaKind,
} from './share-media';
import type { FolderService } from '../folder.service';
import type { NotificationService } from '../notification.service';
import { liveItemOrNotFound } from '../items/live-item';
import type { AuditService } from '../audit.service';
import { commentEditChanges, commentSubject } from '../comment-changes';
import { publicThreads, type TPublicShareThread } from './share-comments';

/** Items a folder share shows at most (the folder and its subfolders, newest first). */
const FOLDER_SHARE_LIMIT = 1000;

/** How a visitor's browser is known: the hash of its visitor cookie and the share's unlock cookie. */
export interface TShareVisitor {
  visitorHash: string | null;
  unlockCookie: string | undefined;
  ip: string | null;
}

export interface TPublicShareItem {
  id: string;
  title: string;
  itemType: MediaItemType;
  durationSeconds: number | null;
  frameRate: string | null;
  timecodeStart: string | null;
  hasVideo: boolean;
  /** What the page plays now: the proxy, HLS still being written, or the original as the browser plays it. */
  playback: ItemPlayback | null;
  urls: {
    hls: string | null;
    mp4: string | null;
    thumbnail: string | null;
    filmstrip: { sprite: string; manifest: string } | null;
    waveform: string | null;
    /** Downloads, only when the share allows them. */
    downloadOriginal: string | null;
    downloadProxy: string | null;
  };
  /** The share view of the item's metadata forms, when the share shows metadata. */
  metadata: { fieldId: string; label: string; value: TFormValues[string] }[];
  /** Shares that let the visitor edit metadata: the forms with a share view, their field access and the values. */
  editable: {
    forms: { id: string; form: TMetadataForm; fieldAccess: Record<string, { read: boolean; editable: boolean }> }[];
    values: TFormValues;
  } | null;
}

export type TPublicShare =
  | { state: Exclude<TShareState, 'ok'> }
  | {
      state: 'ok';
      pageTitle: string;
      message: string | null;
      expiresAt: string | null;
      allowDownload: boolean;
      allowComments: boolean;
      metadataAccess: 'none' | 'view' | 'edit';
      /** The name this browser gave when it last commented. */
      reviewerName: string | null;
      items: TPublicShareItem[];
    };

export interface TShareMediaTarget {
  tenantId: string;
  storageId: string | null;
  /** The storage key of the file. */
  key: string | null;
  fileName: string;
  /** An HLS playlist still being written, which players must fetch afresh every time. */
  growing: boolean;
  countDownload: () => Promise<void>;
}

/** The fields a form's share view shows: every visible field its settings do not hide, with their labels. */
function shareViewFields(form: TMetadataForm): { field: TMetadataForm['fields'][number]; label: string }[] {
  if (!form.views.share) return [];
  const settings = new Map(form.views.share.map((setting) => [setting.fieldId, setting]));
  return form.fields
    .filter((field) => field.visible && settings.get(field.fieldId)?.visible !== false)
    .map((field) => ({ field, label: settings.get(field.fieldId)?.label ?? field.label }));
}

/**
 * What an anonymous visitor of a share link sees (spec section 3, Share; issue 6). A share acts with its owner's
 * rights at view time: items the owner can no longer see drop out. Nothing of the tenant leaks unless the link
 * is open: every closed state answers with the state alone.
 */
export function createSharePublicService(
  deps: ServiceDeps,
  folders: Pick<FolderService, 'visibleSubtreeIds'>,
  metadataForms: MetadataFormService,
  itemMetadata: ItemMetadataService,
  notifications: Pick<NotificationService, 'shareActivity'>,
  audit: Pick<AuditService, 'change'>,
) {
  const { repos } = deps;

  async function ownerOf(share: TShareRow): Promise<AuthedActor | null> {
    if (!share.createdBy) return null;
    const user = await repos.users.findById(share.tenantId, share.createdBy);
    return user && user.active ? loadActor(deps, user) : null;
  }

  /** A shared folder with the folders below it that its owner may still see; none once it is hidden or gone. */
  async function sharedFolderIds(share: TShareRow, owner: Actor): Promise<string[]> {
    if (!share.folderId) return [];
    try {
      return await folders.visibleSubtreeIds(owner, share.folderId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return [];
      throw error;
    }
  }

  /** The share's live items the owner may still see, in the owner's order (a folder's: newest first). */
  async function sharedItems(share: TShareRow, owner: Actor): Promise<TItemWithVersion[]> {
    const folderIds = await sharedFolderIds(share, owner);
    const found = share.folderId
      ? folderIds.length === 0
        ? []
        : await repos.items.list(share.tenantId, { folderIds, deleted: false, limit: FOLDER_SHARE_LIMIT })
      : await repos.items.findManyWithVersion(share.tenantId, await repos.shares.listItemIds(share.tenantId, share.id));
    if (!share.folderId) {
      const order = await repos.shares.listItemIds(share.tenantId, share.id);
      found.sort((a, b) => order.indexOf(a.item.id) - order.indexOf(b.item.id));
    }
    return found.filter(({ item }) => !item.deletedAt && canView(owner, item));
  }

  async function metadataOf(owner: AuthedActor, share: TShareRow, found: TItemWithVersion) {
    if (share.metadataAccess === 'none') return [];
    const { visible } = await metadataForms.listWithAll(owner);
    const values: TFormValues = {
      ...(found.item.metadata as TFormValues),
      title: found.item.title,
      description: found.item.description,
    };
    const out: TPublicShareItem['metadata'] = [];
    const seen = new Set<string>();
    for (const view of visible) {
      if (!view.form.active) continue;
      for (const { field, label } of shareViewFields(view.form)) {
        const value = values[field.fieldId];
        if (seen.has(field.fieldId) || value === undefined || value === null || value === '') continue;
        if (Array.isArray(value) && value.length === 0) continue;
        seen.add(field.fieldId);
        out.push({ fieldId: field.fieldId, label, value });
      }
    }
    return out;
  }

  function itemView(
    token: string,
    share: TShareRow,
    found: TItemWithVersion,
    clipRange: TVirtualClipRow | undefined,
  ): TPublicShareItem {
    const { item, version } = found;
    const kinds = allowedKinds(share);
    const expires = Math.floor(deps.clock().getTime() / 1000) + SHARE_MEDIA_TTL_SECONDS;
    const r = version?.renditions ?? {};
    const url = (kind: TShareMediaKind, path: string | undefined) =>
      version && path && kinds.has(kind)
        ? signedMediaUrl(deps, token, share, item.id, version.id, kind, expires, path)
        : null;
    const proxyDownload = share.allowDownload && share.editProxy ? url('mp4', r.proxyMp4) : null;
    const playback = version
      ? choosePlayback(
          { originalKey: version.originalKey, media: version.media, renditions: r },
          {
            hls: url('hls', r.hlsMaster),
            mp4: url('mp4', r.proxyMp4),
            original: version.originalKey ? url('play', 'original') : null,
          },
        )
      : null;
    // A shared virtual clip plays its range of the source, as in the console.
    const window = clipRange && version?.media ? playbackRange(clipRange, version.media) : null;
    return {
      id: item.id,
      title: item.title,
      itemType: item.itemType,
      durationSeconds: version?.media?.durationSeconds ?? null,
      frameRate: version?.media?.frameRate ?? null,
      timecodeStart: version?.media?.timecodeStart ?? null,
      hasVideo: (version?.media?.width ?? null) !== null,
      playback: playback && window ? { ...playback, range: window } : playback,
      urls: {
        hls: url('hls', r.hlsMaster),
        mp4: url('mp4', r.proxyMp4),
        thumbnail: url('still', r.thumbnail),
        filmstrip:
          r.filmstrip && kinds.has('still')
            ? { sprite: url('still', r.filmstrip.sprite)!, manifest: url('still', r.filmstrip.manifest)! }
            : null,
        waveform: url('still', r.waveform),
        downloadOriginal: version?.originalKey ? url('original', 'original') : null,
        downloadProxy: proxyDownload ? `${proxyDownload}?download=1` : null,
      },
      metadata: [],
      editable: null,
    };
  }

  /** The item's forms that have a share view, as the owner may edit them, when the share allows editing. */
  async function editableOf(
    owner: AuthedActor,
    share: TShareRow,
    itemId: string,
  ): Promise<TPublicShareItem['editable']> {
    if (share.metadataAccess !== 'edit') return null;
    const view = await itemMetadata.get(owner, itemId);
    if (!view.canEdit) return null;
    const forms = view.forms
      .filter((f) => f.form.views.share !== undefined)
      .map((f) => ({ id: f.id, form: f.form, fieldAccess: f.fieldAccess }));
    return forms.length > 0 ? { forms, values: view.values } : null;
  }

  /** The share of an open link for this browser, with its visit; otherwise the state that closes it. */
  async function open(
    token: string,
    visitor: TShareVisitor,
    countView: boolean,
  ): Promise<{ share: TShareRow; visit: TShareVisitRow; first: boolean } | { state: Exclude<TShareState, 'ok'> }> {
    const share = await findByToken(deps, token, 'share');
    if (!share) return { state: 'not_found' };
    const known = visitor.visitorHash
      ? await repos.shares.findVisit(share.tenantId, share.id, visitor.visitorHash)
      : undefined;
    const closed = closedState(share, deps.clock(), !!known);
    if (closed) return { state: closed };
    if (!isUnlocked(deps, share, visitor.visitorHash, visitor.unlockCookie)) return { state: 'password_required' };
    if (!visitor.visitorHash) return { state: 'not_found' };
    if (!countView) {
      if (!known) return { state: 'not_found' };
      return { share, visit: known, first: false };
    }
    const counted = await countVisit(deps, share, visitor.visitorHash);
    if (counted === 'exhausted') return { state: 'exhausted' };
    return { share, ...counted };
  }

  /**
   * An open share that takes comments, with this browser's visit, its owner and the shared item: what every
   * comment call of the share page starts from. The item must still be in the share and visible to the owner.
   */
  async function commentable(token: string, visitor: TShareVisitor, itemId: string) {
    const opened = await open(token, visitor, false);
    if ('state' in opened)
      throw new AppError(opened.state === 'password_required' ? 'UNAUTHENTICATED' : 'SHARE_CLOSED');
    const { share, visit } = opened;
    if (!share.allowComments) throw new AppError('COMMENT_FORBIDDEN');
    const owner = await ownerOf(share);
    if (!owner) throw new AppError('NOT_FOUND');
    const item = (await sharedItems(share, owner)).find((found) => found.item.id === itemId)?.item;
    if (!item) throw new AppError('NOT_FOUND');
    return { share, visit, owner, item };
  }

  const invalid = (path: string, message: string) =>
    new AppError('VALIDATION_FAILED', { issues: [{ path, code: 'VALIDATION_FAILED', message }] });

  return {
    /**
     * Opens the link: the first visit of a new browser uses one view; revisits are free. A visitor beyond the
     * limit gets 'exhausted'. The owner hears of each new visitor.
     */
    async view(token: string, visitor: TShareVisitor): Promise<TPublicShare> {
      const opened = await open(token, visitor, true);
      if ('state' in opened) return opened;
      const { share, visit, first } = opened;
      const owner = await ownerOf(share);
      if (!owner) return { state: 'not_found' };
      if (first && share.createdBy) {
        try {
          await notifications.shareActivity(share.tenantId, {
            ownerId: share.createdBy,
            shareId: share.id,
            shareTitle: share.pageTitle,
            activity: 'opened',
            visitorName: null,
          });
        } catch (error) {
          deps.logger.error({ err: error, shareId: share.id }, 'share notification failed');
        }
      }
      const found = await sharedItems(share, owner);
      const ranges = new Map(
        (
          await deps.repos.virtualClips.findManyByItemIds(
            share.tenantId,
            found.map((entry) => entry.item.id),
          )
        ).map((row) => [row.itemId, row]),
      );
      const items: TPublicShareItem[] = [];
      for (const entry of found) {
        items.push({
          ...itemView(token, share, entry, ranges.get(entry.item.id)),
          metadata: await metadataOf(owner, share, entry),
          editable: await editableOf(owner, share, entry.item.id),
        });
      }
      return {
        state: 'ok',
        pageTitle: share.pageTitle,
        message: share.message,
        expiresAt: share.expiresAt?.toISOString() ?? null,
        allowDownload: share.allowDownload,
        allowComments: share.allowComments,
        metadataAccess: share.metadataAccess,
        reviewerName: visit.reviewerName,
        items,
      };
    },

    /**
     * Checks the password (slowed down per link and per address) and gives the value of the unlock cookie for this
     * browser. A closed link answers with its state, never with a password check.
     */
    async unlock(
      token: string,
      password: string,
      visitor: TShareVisitor,
    ): Promise<{ state: TShareState; cookieName?: string; cookieValue?: string }> {
      // Unlocking never opens a link that is closed for this browser.
      const share = await findByToken(deps, token, 'share');
      if (!share) return { state: 'not_found' };
      const known = visitor.visitorHash
        ? await repos.shares.findVisit(share.tenantId, share.id, visitor.visitorHash)
        : undefined;
      const closed = closedState(share, deps.clock(), !!known);
      if (closed) return { state: closed };
      if (!share.passwordHash || !visitor.visitorHash) return { state: 'ok' };
      if (!(await verifySharePassword(deps, share, password, visitor.ip))) throw new AppError('SHARE_PASSWORD_WRONG');
      return {
        state: 'ok',
        cookieName: unlockCookieName(share),
        cookieValue: unlockValue(deps, share, visitor.visitorHash),
      };
    },

    /**
     * An outside reviewer's comment at a timecode, when the share allows comments. The name is given once and
     * kept on the visit; the team sees the comment as external. The owner is notified.
     */
    async comment(
      token: string,
      visitor: TShareVisitor,
      input: {
        itemId: string;
        name: string;
        text: string;
        tcIn?: number | null;
        tcOut?: number | null;
        annotation?: unknown;
      },
    ): Promise<{ id: string; createdAt: string }> {
      const { share, visit, item } = await commentable(token, visitor, input.itemId);
      const name = input.name.trim().slice(0, 100);
      const text = input.text.trim();
      if (!name) throw invalid('name', 'Tell us your name first.');
      if (!text) throw invalid('text', 'Write a comment first.');
      const tcIn = input.tcIn ?? null;
      const tcOut = input.tcOut ?? null;
      if (tcOut !== null && (tcIn === null || tcOut <= tcIn))
        throw invalid('tcOut', 'The out point must be after the in point.');
      const annotation = checkedCommentDrawing(input.annotation, tcIn);
      if (visit.reviewerName !== name)
        await repos.shares.touchVisit(share.tenantId, visit.id, { lastSeenAt: deps.clock(), reviewerName: name });
      const row = await repos.comments.insertExternal(share.tenantId, {
        itemId: item.id,
        externalAuthor: name,
        shareId: share.id,
        shareVisitId: visit.id,
        text,
        tcIn,
        tcOut,
        annotation,
      });
      if (share.createdBy) {
        try {
          await notifications.shareActivity(share.tenantId, {
            ownerId: share.createdBy,
            shareId: share.id,
            shareTitle: share.pageTitle,
            activity: 'commented',
            visitorName: name,
            itemId: item.id,
            commentId: row.id,
            tcIn,
            text,
          });
        } catch (error) {
          deps.logger.error({ err: error, shareId: share.id }, 'share notification failed');
        }
      }
      return { id: row.id, createdAt: row.createdAt.toISOString() };
    },

    /**
     * The item's comments as the share page shows them, when the share takes comments: the threads its owner may
     * read (none when the owner may not read comments), with this browser's own comments marked as editable.
     */
    async comments(token: string, visitor: TShareVisitor, itemId: string): Promise<TPublicShareThread[]> {
      const { share, visit, owner, item } = await commentable(token, visitor, itemId);
      if (!can(owner, 'commentRead')) return [];
      const rows = await repos.comments.listForItem(share.tenantId, item.id);
      const names = new Map<string, string>();
      for (const id of new Set(rows.map((row) => row.authorId).filter((x): x is string => !!x))) {
        const user = await repos.users.findById(share.tenantId, id);
        if (user?.name) names.set(id, user.name);
      }
      return publicThreads(rows, names, visit.id);
    },

    /**
     * A reviewer edits a comment written from this browser on this share: its text and its drawing (null removes
     * it). The edit time is shown from then on; the History names the reviewer with the before and after values.
     */
    async editComment(
      token: string,
      visitor: TShareVisitor,
      input: { itemId: string; commentId: string; text: string; annotation?: unknown },
    ): Promise<{ id: string; editedAt: string }> {
      const { share, visit, item } = await commentable(token, visitor, input.itemId);
      // Not an id: nothing to find (and the database would refuse the lookup).
      if (!/^[0-9a-f-]{36}$/i.test(input.commentId)) throw new AppError('NOT_FOUND');
      const row = await repos.comments.findById(share.tenantId, input.commentId);
      if (!row || row.deletedAt || row.itemId !== item.id || row.shareId !== share.id || row.shareVisitId !== visit.id)
        throw new AppError('NOT_FOUND');
      const text = input.text.trim();
      if (!text) throw invalid('text', 'Write a comment first.');
      const annotation =
        input.annotation === undefined ? {} : { annotation: checkedCommentDrawing(input.annotation, row.tcIn) };
      const patch = { text, ...annotation };
      const edited = await audit.change(
        { tenantId: share.tenantId },
        null,
        async (tx) => {
          const updated = await tx.comments.update(share.tenantId, row.id, { ...patch, editedAt: deps.clock() });
          if (!updated) throw new AppError('NOT_FOUND');
          return updated;
        },
        (updated) => ({
          action: 'comment.edited',
          targetType: 'item',
          targetId: updated.itemId,
          subject: commentSubject(item.title, updated.text),
          summary: `Comment edited by ${row.externalAuthor ?? 'an outside reviewer'} (share)`,
          details: {
            commentId: updated.id,
            shareId: share.id,
            externalAuthor: row.externalAuthor,
            changes: commentEditChanges(row, { ...row, ...patch }),
          },
        }),
      );
      return { id: edited.id, editedAt: (edited.editedAt ?? deps.clock()).toISOString() };
    },

    /**
     * Metadata entered through a share that allows editing: only the fields the form's share view shows, checked
     * and stored as the share's owner would (who is named in the item's history).
     */
    async editMetadata(
      token: string,
      visitor: TShareVisitor,
      input: { itemId: string; formId: string; values: Record<string, unknown> },
    ): Promise<{ values: TFormValues }> {
      const opened = await open(token, visitor, false);
      if ('state' in opened)
        throw new AppError(opened.state === 'password_required' ? 'UNAUTHENTICATED' : 'SHARE_CLOSED');
      const { share } = opened;
      if (share.metadataAccess !== 'edit')
        throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId: input.itemId } });
      const owner = await ownerOf(share);
      if (!owner) throw new AppError('NOT_FOUND');
      if (!(await sharedItems(share, owner)).some(({ item }) => item.id === input.itemId))
        throw new AppError('NOT_FOUND');
      const editable = await editableOf(owner, share, input.itemId);
      const form = editable?.forms.find((f) => f.id === input.formId || f.form.id === input.formId);
      if (!form) throw new AppError('NOT_FOUND');
      const shown = new Set(shareViewFields(form.form).map(({ field }) => field.fieldId));
      const values = Object.fromEntries(Object.entries(input.values).filter(([fieldId]) => shown.has(fieldId)));
      const saved = await itemMetadata.update(owner, input.itemId, { formId: form.id, values }, null);
      return { values: saved.values };
    },

    /**
     * Where a signed media URL points, or NOT_FOUND / SHARE_MEDIA_LINK_INVALID. The signature, its expiry, the
     * share's state and flags and the item's membership are all checked on every request.
     */
    async media(
      token: string,
      request: {
        itemId: string;
        kind: string;
        expires: string;
        signature: string;
        path: string;
        download: boolean;
        range: string | undefined;
        visitorHash: string | null;
      },
    ): Promise<TShareMediaTarget> {
      const share = await findByToken(deps, token, 'share');
      if (!share) throw new AppError('NOT_FOUND');
      const kind = request.kind as TShareMediaKind;
      if (!shareMediaKinds.includes(kind)) throw new AppError('NOT_FOUND');
      const expires = Number(request.expires);
      if (!Number.isSafeInteger(expires) || !/^[0-9a-f-]{36}$/i.test(request.itemId))
        throw new AppError('SHARE_MEDIA_LINK_INVALID');
      if (share.revokedAt || (share.expiresAt && share.expiresAt <= deps.clock())) throw new AppError('SHARE_CLOSED');
      const found = await repos.items.findWithVersion(share.tenantId, request.itemId);
      const version = found?.version;
      if (!found || !version) throw new AppError('SHARE_MEDIA_LINK_INVALID');
      if (!isValidMediaSignature(deps, share, found.item.id, version.id, kind, expires, request.signature))
        throw new AppError('SHARE_MEDIA_LINK_INVALID');
      if (expires * 1000 < deps.clock().getTime()) throw new AppError('SHARE_MEDIA_LINK_INVALID');
      if (!allowedKinds(share).has(kind)) throw new AppError('NOT_FOUND');
      if (kind === 'mp4' && request.download && !(share.allowDownload && share.editProxy))
        throw new AppError('NOT_FOUND');
      // Still in the share, still visible to its owner, not in the recycle bin.
      const owner = await ownerOf(share);
      if (!owner) throw new AppError('NOT_FOUND');
      liveItemOrNotFound(owner, found.item);
      if (
        share.folderId
          ? !found.item.folderId || !(await sharedFolderIds(share, owner)).includes(found.item.folderId)
          : !(await repos.shares.listItemIds(share.tenantId, share.id)).includes(found.item.id)
      )
        throw new AppError('NOT_FOUND');
      if (!pathMatchesKind(version.renditions, kind, request.path)) throw new AppError('NOT_FOUND');
      const original = kind === 'original' || kind === 'play';
      return {
        tenantId: share.tenantId,
        storageId: original ? version.storageId : version.generatedStorageId,
        key: original
          ? version.originalKey
          : `${versionMediaPrefix(share.tenantId, version.itemId, version.id)}/${request.path}`,
        fileName: original ? version.fileName : request.path.split('/').pop()!,
        growing: kind === 'hls' && !!version.renditions.hlsGrowing,
        countDownload: async () => {
          if (!countsAsDownload(kind, request.download, request.range)) return;
          const visit = request.visitorHash
            ? await repos.shares.findVisit(share.tenantId, share.id, request.visitorHash)
            : undefined;
          await repos.shares.addDownload(share.tenantId, share.id, visit?.id ?? null);
        },
      };
    },
  };
}

export type SharePublicService = ReturnType<typeof createSharePublicService>;
