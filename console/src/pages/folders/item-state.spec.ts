import { itemState, isBusy, TILE_SELECTION_LIMIT, toggleSelection } from './item-state';

const process = (
  state: 'INITIATED' | 'PROGRESSING' | 'COMPLETE' | 'ERROR',
  progress = 0,
  error: string | null = null,
) => ({
  state,
  progress,
  error,
  enabled: true,
  step: null,
});
const upload = (state: 'PROGRESSING' | 'COMPLETE' | 'ERROR', receivedBytes: number, totalBytes: number | null) => ({
  state,
  receivedBytes,
  totalBytes,
  error: state === 'ERROR' ? 'Upload failed' : null,
});

describe('itemState', () => {
  it.each([
    [
      'uploading with a known size',
      upload('PROGRESSING', 25, 100),
      process('INITIATED'),
      { kind: 'uploading', progress: 25 },
    ],
    [
      'uploading with an unknown size',
      upload('PROGRESSING', 25, null),
      process('INITIATED'),
      { kind: 'uploading', progress: 0 },
    ],
    ['a failed upload', upload('ERROR', 1, 100), process('INITIATED'), { kind: 'error', message: 'Upload failed' }],
    ['waiting for processing', upload('COMPLETE', 100, 100), process('INITIATED'), { kind: 'processing', progress: 0 }],
    ['processing', upload('COMPLETE', 100, 100), process('PROGRESSING', 40), { kind: 'processing', progress: 40 }],
    ['failed processing', upload('COMPLETE', 100, 100), process('ERROR', 0, 'Bad'), { kind: 'error', message: 'Bad' }],
    ['ready', upload('COMPLETE', 100, 100), process('COMPLETE', 100), { kind: 'ready' }],
    ['no version at all', null, null, { kind: 'ready' }],
  ])('%s', (_case, u, p, expected) => {
    expect(itemState({ upload: u, transcoding: p })).toEqual(expected);
  });

  it('polls only while uploading or processing', () => {
    expect(isBusy({ upload: upload('PROGRESSING', 1, 2), transcoding: process('INITIATED') })).toBe(true);
    expect(isBusy({ upload: upload('COMPLETE', 2, 2), transcoding: process('PROGRESSING') })).toBe(true);
    expect(isBusy({ upload: upload('COMPLETE', 2, 2), transcoding: process('ERROR') })).toBe(false);
    expect(isBusy({ upload: upload('COMPLETE', 2, 2), transcoding: process('COMPLETE') })).toBe(false);
  });
});

describe('toggleSelection', () => {
  const ids = (n: number, prefix = 'i') => Array.from({ length: n }, (_, k) => `${prefix}${k}`);

  it('caps tile selection at 32 and says so', () => {
    const first = toggleSelection(new Set(), ids(30), true, TILE_SELECTION_LIMIT);
    expect(first).toMatchObject({ capped: false });
    const second = toggleSelection(first.selection, ids(5, 'j'), true, TILE_SELECTION_LIMIT);
    expect(second.selection.size).toBe(32);
    expect(second.capped).toBe(true);
    expect([...second.selection].slice(-2)).toEqual(['j0', 'j1']);
  });

  it('re-selecting selected ids at the limit is not capping', () => {
    const full = toggleSelection(new Set(), ids(32), true, TILE_SELECTION_LIMIT).selection;
    expect(toggleSelection(full, ['i3'], true, TILE_SELECTION_LIMIT)).toMatchObject({ capped: false });
  });

  it('removes ids and has no limit by default', () => {
    const many = toggleSelection(new Set(), ids(100), true);
    expect(many.selection.size).toBe(100);
    expect(toggleSelection(many.selection, ['i1', 'i2'], false).selection.size).toBe(98);
  });
});
