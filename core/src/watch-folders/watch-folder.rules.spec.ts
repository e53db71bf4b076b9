import {
  isValidWatchSubpath,
  judgeStability,
  watchFolderListPrefix,
  watchFolderPlacementError,
  type TWatchObservation,
} from './watch-folder.rules';

const file = (key: string, size: number, version = 'v1') => ({ key, size, version });

describe('judgeStability', () => {
  it('only watches a file the first poll sees', () => {
    expect(judgeStability([], [file('t/a.mp4', 10)], 1_000, 10_000)).toEqual({
      stable: [],
      watching: [{ ...file('t/a.mp4', 10), since: 1_000 }],
    });
  });

  it('finds a file stable once unchanged for the stable time, not before', () => {
    const seen: TWatchObservation[] = [{ ...file('t/a.mp4', 10), since: 1_000 }];
    expect(judgeStability(seen, [file('t/a.mp4', 10)], 10_999, 10_000)).toEqual({ stable: [], watching: seen });
    expect(judgeStability(seen, [file('t/a.mp4', 10)], 11_000, 10_000)).toEqual({
      stable: [file('t/a.mp4', 10)],
      watching: [],
    });
  });

  it('starts over when a growing file changes size or version', () => {
    const seen: TWatchObservation[] = [
      { ...file('t/a.mp4', 10), since: 1_000 },
      { ...file('t/b.mp4', 5, 'e1'), since: 1_000 },
    ];
    const verdict = judgeStability(seen, [file('t/a.mp4', 20), file('t/b.mp4', 5, 'e2')], 60_000, 10_000);
    expect(verdict.stable).toEqual([]);
    expect(verdict.watching).toEqual([
      { ...file('t/a.mp4', 20), since: 60_000 },
      { ...file('t/b.mp4', 5, 'e2'), since: 60_000 },
    ]);
  });

  it('forgets files gone from the listing', () => {
    const seen: TWatchObservation[] = [{ ...file('t/gone.mp4', 10), since: 1_000 }];
    expect(judgeStability(seen, [], 60_000, 10_000)).toEqual({ stable: [], watching: [] });
  });
});

describe('watch folder subpaths', () => {
  it('lists under the tenant folder and the trimmed subpath', () => {
    expect(watchFolderListPrefix('t1', '')).toBe('t1/');
    expect(watchFolderListPrefix('t1', '/drop//news/')).toBe('t1/drop/news/');
  });

  it('refuses subpaths that would leave the tenant folder', () => {
    expect(isValidWatchSubpath('drop/news')).toBe(true);
    expect(isValidWatchSubpath('')).toBe(true);
    expect(isValidWatchSubpath('../other-tenant')).toBe(false);
    expect(isValidWatchSubpath('drop/./x')).toBe(false);
    expect(isValidWatchSubpath('drop\\x')).toBe(false);
  });
});

describe('watchFolderPlacementError', () => {
  it('accepts a high-res location, anywhere outside the product’s own folder', () => {
    expect(watchFolderPlacementError(['upload'], '')).toBeNull();
    expect(watchFolderPlacementError(['upload', 'generated'], 'drop')).toBeNull();
  });

  it('refuses other locations, the product’s own folder, and the whole of a location with renditions', () => {
    expect(watchFolderPlacementError(['archive'], 'drop')).toBe('WATCH_FOLDER_LOCATION_INVALID');
    expect(watchFolderPlacementError(['upload'], 'items/x')).toBe('WATCH_FOLDER_SUBPATH_INVALID');
    expect(watchFolderPlacementError(['upload', 'generated'], '/')).toBe('WATCH_FOLDER_SUBPATH_INVALID');
    expect(watchFolderPlacementError(['upload'], '../x')).toBe('WATCH_FOLDER_SUBPATH_INVALID');
  });
});
