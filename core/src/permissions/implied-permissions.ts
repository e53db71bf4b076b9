import { allPermissions, type Permission } from './permission.catalogue';

/** Direct implications (spec section 6). Holding the key grants the listed permissions too. */
export const directImplications: Readonly<Partial<Record<Permission, readonly Permission[]>>> = {
  create: ['upload', 'exportSequence', 'dependencies', 'cutter'],
  update: ['updateTranscript', 'updateMetadata', 'requestUpload'],
  upload: ['requestUpload'],
  commentRead: ['commentWrite', 'commentStatus', 'commentDeleteOwn'],
  getGroups: ['bookmarks', 'setVisibleToGroups'],
  tenantAdmin: ['tenantInfo'],
};

function closureOf(start: Permission): Set<Permission> {
  const reached = new Set<Permission>();
  const pending = [...(directImplications[start] ?? [])];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    // The visited check also keeps a future accidental cycle from looping forever.
    if (next === start || reached.has(next)) continue;
    reached.add(next);
    pending.push(...(directImplications[next] ?? []));
  }
  return reached;
}

// Sorted into catalogue order so the result is stable for display and snapshot-free tests.
const closures: ReadonlyMap<Permission, readonly Permission[]> = new Map(
  allPermissions.map((permission) => {
    const reached = closureOf(permission);
    return [permission, allPermissions.filter((candidate) => reached.has(candidate))];
  }),
);

/**
 * The permissions that `permission` grants besides itself, transitively (create → upload → requestUpload),
 * in catalogue order.
 */
export function impliedBy(permission: Permission): readonly Permission[] {
  return closures.get(permission) ?? [];
}

/** The permissions whose holders get `permission` through implication (the reverse of `impliedBy`). */
export function implyingPermissions(permission: Permission): readonly Permission[] {
  return allPermissions.filter((candidate) => impliedBy(candidate).includes(permission));
}

/** Adds everything the given permissions imply. */
export function withImplied(permissions: Iterable<Permission>): Set<Permission> {
  const result = new Set<Permission>();
  for (const permission of permissions) {
    result.add(permission);
    for (const implied of impliedBy(permission)) result.add(implied);
  }
  return result;
}
