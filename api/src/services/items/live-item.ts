import { AppError, canView, type Actor, type AccessControlled } from '@mam/core';

/**
 * The item when it is out of the recycle bin and the actor may see it; otherwise NOT_FOUND, never FORBIDDEN, so the
 * answer does not tell what exists.
 */
export function liveItemOrNotFound<T extends AccessControlled & { deletedAt: Date | null }>(
  actor: Actor,
  item: T | undefined,
): T {
  if (!item || item.deletedAt || !canView(actor, item)) throw new AppError('NOT_FOUND');
  return item;
}

/** liveItemOrNotFound for an item read with its leading version. */
export function liveFoundOrNotFound<T extends { item: AccessControlled & { deletedAt: Date | null } }>(
  actor: Actor,
  found: T | undefined,
): T {
  liveItemOrNotFound(actor, found?.item);
  return found!;
}
