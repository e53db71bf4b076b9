import { commentLink, commentMarkers, commentTarget } from './comment-link';

const thread = (over: Partial<Parameters<typeof commentMarkers>[0][number]> = {}) => ({
  id: 'c1',
  tcIn: 12800,
  tcOut: null,
  text: 'Fix the\n  colour',
  deleted: false,
  resolved: false,
  author: { name: 'Ann', email: 'ann@example.com' },
  ...over,
});
const label = (tcIn: number, tcOut: number | null) => `${tcIn}-${tcOut ?? ''}`;

describe('commentLink', () => {
  it('links to the item with the in point and the comment', () => {
    expect(commentLink('i1', { id: 'c1', tcIn: 64000 })).toBe('/item-details/i1?t=64000&comment=c1');
  });

  it('leaves out the timecode of a comment without one', () => {
    expect(commentLink('i1', { id: 'c1', tcIn: null })).toBe('/item-details/i1?comment=c1');
  });
});

describe('commentTarget', () => {
  it('reads back what commentLink wrote', () => {
    const link = commentLink('i1', { id: 'c1', tcIn: 64000 });
    expect(commentTarget(new URLSearchParams(link.split('?')[1]))).toEqual({ ticks: 64000, commentId: 'c1' });
  });

  it('ignores a timecode that is not whole ticks', () => {
    expect(commentTarget(new URLSearchParams('t=-5&comment=c1'))).toEqual({ ticks: null, commentId: 'c1' });
    expect(commentTarget(new URLSearchParams('t=1.5'))).toEqual({ ticks: null, commentId: null });
    expect(commentTarget(new URLSearchParams('t=99999999999999999999'))).toEqual({ ticks: null, commentId: null });
  });
});

describe('commentMarkers', () => {
  it('turns ticks into media seconds and labels with timecode, author and text', () => {
    expect(commentMarkers([thread({ tcOut: 38400 })], label)).toEqual([
      { id: 'c1', inSeconds: 1, outSeconds: 3, label: '12800-38400 · Ann: Fix the colour', dimmed: false },
    ]);
  });

  it('shows mentions as @names in the label', () => {
    const text = 'Ask @[Rita Reviewer](user:6f1c2e8a-1b2c-4d3e-8f9a-0b1c2d3e4f5a) first';
    expect(commentMarkers([thread({ text })], label)[0]!.label).toBe('12800- · Ann: Ask @Rita Reviewer first');
  });

  it('skips comments without a timecode and deleted ones, and dims resolved ones', () => {
    const markers = commentMarkers(
      [thread({ id: 'untimed', tcIn: null }), thread({ id: 'gone', deleted: true }), thread({ resolved: true })],
      label,
    );
    expect(markers.map((m) => [m.id, m.dimmed])).toEqual([['c1', true]]);
  });

  it('shortens long text and falls back to the e-mail address', () => {
    const [marker] = commentMarkers(
      [thread({ text: 'x'.repeat(200), author: { name: '', email: 'ann@example.com' } })],
      label,
    );
    expect(marker!.label).toBe(`12800- · ann@example.com: ${'x'.repeat(79)}…`);
  });
});
