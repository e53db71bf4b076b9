import { flattenTree } from './tree-options';

describe('flattenTree', () => {
  it('lists every node as a path of values with a path of labels, parents first', () => {
    const tree = [
      {
        value: 'sport',
        label: 'Sport',
        children: [
          { value: 'football', label: 'Football', children: [] },
          { value: 'ski', label: 'Skiing', children: [{ value: 'jump', label: 'Ski jumping', children: [] }] },
        ],
      },
      { value: 'news', label: 'News', children: [] },
    ];
    expect(flattenTree(tree)).toEqual([
      { value: 'sport', label: 'Sport' },
      { value: 'sport/football', label: 'Sport / Football' },
      { value: 'sport/ski', label: 'Sport / Skiing' },
      { value: 'sport/ski/jump', label: 'Sport / Skiing / Ski jumping' },
      { value: 'news', label: 'News' },
    ]);
  });
});
