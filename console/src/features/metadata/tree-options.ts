import type { TTreeAlternative } from '@mam/core';

export interface TTreeOption {
  /** The stored value: the path of values from the root, e.g. 'sport/football'. */
  value: string;
  /** What the picker shows: the labels along the path. */
  label: string;
}

/** Every node of a tree choice as a selectable path, depth first, parents before their children. */
export function flattenTree(roots: readonly TTreeAlternative[], parents: TTreeOption | null = null): TTreeOption[] {
  return roots.flatMap((node) => {
    const option = {
      value: parents ? `${parents.value}/${node.value}` : node.value,
      label: parents ? `${parents.label} / ${node.label}` : node.label,
    };
    return [option, ...flattenTree(node.children, option)];
  });
}
