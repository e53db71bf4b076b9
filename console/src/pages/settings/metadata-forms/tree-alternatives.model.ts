import type { TTreeAlternative } from '@mam/core';

/** A node's position: its index among its siblings at each level, from the root. */
export type TTreePath = readonly number[];

/** The tree with the sibling list that holds `path`'s node replaced by `change(list, index)`. */
function atParent(
  tree: readonly TTreeAlternative[],
  path: TTreePath,
  change: (siblings: TTreeAlternative[], index: number) => TTreeAlternative[],
): TTreeAlternative[] {
  const [head, ...rest] = path;
  if (head === undefined) return [...tree];
  if (rest.length === 0) return change([...tree], head);
  return tree.map((node, i) => (i === head ? { ...node, children: atParent(node.children, rest, change) } : node));
}

export function updateTreeNode(
  tree: readonly TTreeAlternative[],
  path: TTreePath,
  patch: Partial<Pick<TTreeAlternative, 'value' | 'label'>>,
): TTreeAlternative[] {
  return atParent(tree, path, (siblings, index) =>
    siblings.map((node, i) => (i === index ? { ...node, ...patch } : node)),
  );
}

/** Appends an empty node under `parent` (the root list for []). */
export function addTreeNode(tree: readonly TTreeAlternative[], parent: TTreePath): TTreeAlternative[] {
  const node: TTreeAlternative = { value: '', label: '', children: [] };
  if (parent.length === 0) return [...tree, node];
  return atParent(tree, parent, (siblings, index) =>
    siblings.map((entry, i) => (i === index ? { ...entry, children: [...entry.children, node] } : entry)),
  );
}

export function removeTreeNode(tree: readonly TTreeAlternative[], path: TTreePath): TTreeAlternative[] {
  return atParent(tree, path, (siblings, index) => siblings.filter((_, i) => i !== index));
}

/** Moves a node among its siblings; unchanged at either end. */
export function moveTreeNode(tree: readonly TTreeAlternative[], path: TTreePath, delta: number): TTreeAlternative[] {
  return atParent(tree, path, (siblings, index) => {
    const target = index + delta;
    if (target < 0 || target >= siblings.length) return siblings;
    const moved = [...siblings];
    const [node] = moved.splice(index, 1);
    moved.splice(target, 0, node!);
    return moved;
  });
}

/** Every node as a value a TreeChoice field can hold ('sport/football') with its labels joined for reading. */
export function treeChoices(
  tree: readonly TTreeAlternative[],
  prefix: { value: string; label: string } | null = null,
): Array<{ value: string; label: string }> {
  return tree.flatMap((node) => {
    const entry = prefix
      ? { value: `${prefix.value}/${node.value}`, label: `${prefix.label} › ${node.label}` }
      : { value: node.value, label: node.label };
    return [entry, ...treeChoices(node.children, entry)];
  });
}
