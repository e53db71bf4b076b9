import { parseWaveform, peakBar, waveformColumns, type TWaveform } from './waveform';

const wave = (samplesPerSecond: number, pairs: Array<[number, number]>): TWaveform => ({
  version: 1,
  samplesPerSecond,
  peaks: pairs.flat(),
});

const pairsOf = (columns: Float32Array) =>
  Array.from({ length: columns.length / 2 }, (_, i) => [columns[2 * i], columns[2 * i + 1]]);

describe('parseWaveform', () => {
  it('accepts version 1 and refuses anything else', () => {
    expect(parseWaveform({ version: 1, samplesPerSecond: 10, peaks: [-0.5, 0.5] })).toEqual(wave(10, [[-0.5, 0.5]]));
    expect(parseWaveform({ version: 2, samplesPerSecond: 10, peaks: [] })).toBeNull();
    expect(parseWaveform({ version: 1, samplesPerSecond: 0, peaks: [] })).toBeNull();
    expect(parseWaveform({ version: 1, samplesPerSecond: 10, peaks: ['x'] })).toBeNull();
    expect(parseWaveform(null)).toBeNull();
  });
});

describe('waveformColumns', () => {
  it('keeps the extremes when several samples share a column', () => {
    // 4 samples over 2 seconds into 2 columns: each column takes two samples.
    const w = wave(2, [
      [-0.1, 0.2],
      [-0.8, 0.3],
      [-0.2, 0.9],
      [-0.05, 0.05],
    ]);
    const columns = pairsOf(waveformColumns(w, 2, 2));
    expect(columns[0]![0]).toBeCloseTo(-0.8);
    expect(columns[0]![1]).toBeCloseTo(0.3);
    expect(columns[1]![0]).toBeCloseTo(-0.2);
    expect(columns[1]![1]).toBeCloseTo(0.9);
  });

  it('spreads few samples over many columns', () => {
    const w = wave(1, [
      [-0.5, 0.5],
      [-0.25, 0.25],
    ]);
    expect(pairsOf(waveformColumns(w, 2, 4))).toEqual([
      [-0.5, 0.5],
      [-0.5, 0.5],
      [-0.25, 0.25],
      [-0.25, 0.25],
    ]);
  });

  it('scales to the media duration: audio shorter than the media leaves silence at the end', () => {
    const w = wave(1, [
      [-1, 1],
      [-1, 1],
    ]);
    expect(pairsOf(waveformColumns(w, 4, 4))).toEqual([
      [-1, 1],
      [-1, 1],
      [0, 0],
      [0, 0],
    ]);
  });

  it('uses the waveform length when the duration is unknown, and clamps out-of-range peaks', () => {
    const w = wave(1, [[-3, 2]]);
    expect(pairsOf(waveformColumns(w, 0, 1))).toEqual([[-1, 1]]);
  });

  it('returns nothing for no width or no samples', () => {
    expect(waveformColumns(wave(10, []), 10, 100).every((v) => v === 0)).toBe(true);
    expect(waveformColumns(wave(10, [[0, 1]]), 10, 0)).toHaveLength(0);
  });
});

describe('peakBar', () => {
  it('maps -1..1 onto the canvas height around the middle', () => {
    expect(peakBar(-1, 1, 100)).toEqual({ top: 0, height: 100 });
    expect(peakBar(-0.5, 0.5, 100)).toEqual({ top: 25, height: 50 });
    expect(peakBar(0, 0, 100)).toEqual({ top: 50, height: 1 });
  });
});
