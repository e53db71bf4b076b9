import { findGaps, type TRecordedSegment } from './recorder';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, 0) + seconds * 1000).toISOString();
const segment = (file: string, run: number, start: number, sourceId?: string): TRecordedSegment => ({
  file,
  run,
  wallStart: at(start),
  durationSeconds: 2,
  ...(sourceId ? { sourceId } : {}),
});

describe('findGaps', () => {
  it('finds none in one run of back-to-back segments', () => {
    expect(findGaps([segment('a', 1, 0, 's1'), segment('b', 1, 2, 's1'), segment('c', 1, 4.1, 's1')], 1.5)).toEqual([]);
  });

  it('finds a pause longer than the tolerance, and a new run that began after the last one ended', () => {
    const gaps = findGaps([segment('a', 1, 0), segment('b', 1, 5), segment('c', 2, 7.5), segment('d', 2, 9.5)], 1.5);
    expect(gaps).toEqual([
      { from: at(2), seconds: 3, beforeSegment: 'b', switchedTo: null },
      { from: at(7), seconds: 0.5, beforeSegment: 'c', switchedTo: null },
    ]);
  });

  it('marks a change of source even when the new source’s first segment seems to overlap the last one', () => {
    const gaps = findGaps([segment('a', 1, 0, 's1'), segment('b', 2, 1.8, 's2'), segment('c', 2, 3.8, 's2')], 1.5);
    expect(gaps).toEqual([{ from: at(2), seconds: 0, beforeSegment: 'b', switchedTo: 's2' }]);
  });

  it('does not call a restart that recorded the same source a switch', () => {
    const gaps = findGaps([segment('a', 1, 0, 's1'), segment('b', 2, 4, 's1')], 1.5);
    expect(gaps).toEqual([{ from: at(2), seconds: 2, beforeSegment: 'b', switchedTo: null }]);
  });
});
