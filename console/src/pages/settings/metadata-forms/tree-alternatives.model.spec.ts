import type { TTreeAlternative } from '@mam/core';
import { addTreeNode, moveTreeNode, removeTreeNode, treeChoices, updateTreeNode } from './tree-alternatives.model';

const node = (value: string, children: TTreeAlternative[] = []): TTreeAlternative => ({
  value,
  label: value.toUpperCase(),
  children,
});

const tree = [node('sport', [node('football'), node('tennis')]), node('news')];

describe('tree alternatives', () => {
  it('changes a nested node and leaves the rest', () => {
    const changed = updateTreeNode(tree, [0, 1], { label: 'Tennis' });
    expect(changed[0]?.children[1]).toEqual({ value: 'tennis', label: 'Tennis', children: [] });
    expect(changed[1]).toBe(tree[1]);
    expect(tree[0]?.children[1]?.label).toBe('TENNIS');
  });

  it('adds at the root and under a node', () => {
    expect(addTreeNode(tree, [])).toHaveLength(3);
    expect(addTreeNode(tree, [0, 0])[0]?.children[0]?.children).toEqual([{ value: '', label: '', children: [] }]);
  });

  it('removes and moves among siblings', () => {
    expect(removeTreeNode(tree, [0, 0])[0]?.children.map((n) => n.value)).toEqual(['tennis']);
    expect(moveTreeNode(tree, [0, 1], -1)[0]?.children.map((n) => n.value)).toEqual(['tennis', 'football']);
    expect(moveTreeNode(tree, [1], 1).map((n) => n.value)).toEqual(['sport', 'news']);
  });

  it('lists every node as the path value a TreeChoice field holds', () => {
    expect(treeChoices(tree)).toEqual([
      { value: 'sport', label: 'SPORT' },
      { value: 'sport/football', label: 'SPORT › FOOTBALL' },
      { value: 'sport/tennis', label: 'SPORT › TENNIS' },
      { value: 'news', label: 'NEWS' },
    ]);
  });
});
