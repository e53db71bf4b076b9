import { z } from 'zod';
import { archiveTransferRunning, type TArchiveTransfer } from '../archive/archive-transfer';
import type { ProcessState } from '../items/item-types';
import { MAX_HIGHRES_DELETION_DAYS, type THighresDeletionStatus } from '../highres/highres-deletion.rules';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a tenant rule does to the items it selects: the same two bulk actions users have. */
export const lifecycleRuleActions = ['archive', 'highres-deletion'] as const;
export type TLifecycleRuleAction = (typeof lifecycleRuleActions)[number];

/** At most this many failed items are kept with a run's result; the counts cover them all. */
export const MAX_LIFECYCLE_RUN_ERRORS = 50;

export const ZLifecycleRuleInput = z.object({
  name: z.string().trim().min(1).max(100),
  action: z.enum(lifecycleRuleActions),
  folderId: z.uuid(),
  includeSubfolders: z.boolean().default(true),
  /** Days after ingest (the item's created date) from which an item is selected. */
  ageDays: z.number().int().min(0).max(MAX_HIGHRES_DELETION_DAYS),
  /** An archive rule's target; the tenant's default archive location when null. */
  storageId: z.uuid().nullable().default(null),
  enabled: z.boolean().default(true),
});
export type TLifecycleRuleInput = z.infer<typeof ZLifecycleRuleInput>;

/** A folder as the selection needs it. */
export interface TFolderNode {
  id: string;
  parentId: string | null;
}

/** The folder and, when asked, every folder below it (the tenant's folders, in any order). */
export function lifecycleFolderIds(
  folders: readonly TFolderNode[],
  rootId: string,
  includeSubfolders: boolean,
): string[] {
  if (!includeSubfolders) return [rootId];
  const children = new Map<string, string[]>();
  for (const folder of folders) {
    if (!folder.parentId) continue;
    children.set(folder.parentId, [...(children.get(folder.parentId) ?? []), folder.id]);
  }
  const ids: string[] = [];
  const seen = new Set<string>();
  const queue = [rootId];
  while (queue.length > 0) {
    const id = queue.shift()!;
    // A cycle cannot be stored, but a selection that never ends would be worse than one that stops.
    if (seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return ids;
}

/** Items created before this moment are old enough for the rule. */
export function lifecycleCutoff(now: Date, ageDays: number): Date {
  return new Date(now.getTime() - ageDays * DAY_MS);
}

/** What the selection needs to know of an item the rule's folder and age matched. */
export interface TLifecycleCandidate {
  createdAt: Date;
  deletedAt: Date | null;
  isArchived: boolean;
  archiveTransfer: TArchiveTransfer | null;
  /** Each version's upload state and whether its original (the high res) is stored. */
  versions: ReadonlyArray<{ uploadState: ProcessState; hasOriginal: boolean }>;
  /** The item's high-res deletion schedule, if it ever had one. */
  highresDeletion: THighresDeletionStatus | null;
}

export type TLifecycleSkip =
  | 'deleted'
  | 'too-young'
  | 'in-progress'
  | 'transferring'
  | 'no-highres'
  | 'archived'
  | 'unarchived-by-hand'
  | 'deletion-known';

/**
 * Why the rule leaves a matched item alone, or null when it applies its action. An item still being uploaded or
 * recorded (a live recording's version completes when it stops) is not finished; one whose archive transfer runs is
 * left to it. A user's own decision stands: an item brought back from the archive is not archived again, and an item
 * whose deletion was ever scheduled (also one called off by hand) is not scheduled again.
 */
export function lifecycleSkipReason(
  action: TLifecycleRuleAction,
  item: TLifecycleCandidate,
  cutoff: Date,
): TLifecycleSkip | null {
  if (item.deletedAt) return 'deleted';
  if (item.createdAt.getTime() >= cutoff.getTime()) return 'too-young';
  if (item.versions.some((version) => version.uploadState !== 'COMPLETE')) return 'in-progress';
  if (archiveTransferRunning(item.archiveTransfer)) return 'transferring';
  if (action === 'archive') {
    if (item.isArchived) return 'archived';
    if (item.archiveTransfer?.direction === 'unarchive') return 'unarchived-by-hand';
  } else if (item.highresDeletion) return 'deletion-known';
  if (!item.versions.some((version) => version.hasOriginal)) return 'no-highres';
  return null;
}

/** One item the action refused in a run, with the refusal's stable code. */
export interface TLifecycleRunError {
  /** Null when the rule could not run at all (its author gone, its folder deleted). */
  itemId: string | null;
  code: string;
  message: string;
}

/** How a rule's last run went, as the console shows it. */
export interface TLifecycleRunResult {
  /** Items in the folder old enough, before the finer checks. */
  matched: number;
  /** Items the action was started or scheduled for. */
  applied: number;
  /** Items left alone (see lifecycleSkipReason). */
  skipped: number;
  /** Items the action refused. */
  failed: number;
  /** The first refusals (at most MAX_LIFECYCLE_RUN_ERRORS). */
  errors: TLifecycleRunError[];
}

export const emptyLifecycleRun = (): TLifecycleRunResult => ({
  matched: 0,
  applied: 0,
  skipped: 0,
  failed: 0,
  errors: [],
});

/** Adds one batch's outcome to the run's result. */
export function addLifecycleBatch(
  run: TLifecycleRunResult,
  batch: {
    matched: number;
    skipped: number;
    results: ReadonlyArray<{ itemId: string; ok: boolean; code?: string; message?: string }>;
  },
): TLifecycleRunResult {
  const refused = batch.results.filter((result) => !result.ok);
  const room = Math.max(0, MAX_LIFECYCLE_RUN_ERRORS - run.errors.length);
  return {
    matched: run.matched + batch.matched,
    applied: run.applied + batch.results.length - refused.length,
    skipped: run.skipped + batch.skipped,
    failed: run.failed + refused.length,
    errors: [
      ...run.errors,
      ...refused.slice(0, room).map((result) => ({
        itemId: result.itemId,
        code: result.code ?? 'UNKNOWN',
        message: result.message ?? '',
      })),
    ],
  };
}
