import type { RouterOutputs } from '../../lib/trpc';

export type TFolder = RouterOutputs['folders']['tree']['folders'][number];

export interface TFolderRow {
  folder: TFolder;
  depth: number;
  hasChildren: boolean;
}

/** Children by parent id, each list by name (the server sends them by name already; this keeps it so). */
export function childrenOf(folders: readonly TFolder[]): Map<string, TFolder[]> {
  const map = new Map<string, TFolder[]>();
  for (const folder of folders) {
    if (!folder.parentId) continue;
    map.set(folder.parentId, [...(map.get(folder.parentId) ?? []), folder]);
  }
  for (const list of map.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  return map;
}

/** The folders from the root down to `id` (both included); empty when `id` is not in the tree. */
export function pathTo(folders: readonly TFolder[], id: string): TFolder[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path: TFolder[] = [];
  let current = byId.get(id);
  while (current && path.length <= folders.length) {
    path.unshift(current);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return path;
}

/** `id` and every folder below it: where a folder cannot be moved to. */
export function subtreeIds(folders: readonly TFolder[], id: string): Set<string> {
  const children = childrenOf(folders);
  const out = new Set<string>();
  const queue = [id];
  while (queue.length) {
    const next = queue.shift()!;
    out.add(next);
    for (const child of children.get(next) ?? []) queue.push(child.id);
  }
  return out;
}

/** The rows a tree shows: depth first from the root, descending only into expanded folders. */
export function visibleRows(folders: readonly TFolder[], rootId: string, expanded: ReadonlySet<string>): TFolderRow[] {
  const children = childrenOf(folders);
  const root = folders.find((f) => f.id === rootId);
  if (!root) return [];
  const rows: TFolderRow[] = [];
  const walk = (folder: TFolder, depth: number) => {
    const kids = children.get(folder.id) ?? [];
    rows.push({ folder, depth, hasChildren: kids.length > 0 });
    if (expanded.has(folder.id)) for (const kid of kids) walk(kid, depth + 1);
  };
  walk(root, 0);
  return rows;
}
