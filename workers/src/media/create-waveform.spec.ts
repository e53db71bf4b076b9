import { chooseWaveformRate, createPeakAccumulator } from './create-waveform';

const pcm = (samples: number[]) => {
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((value, i) => buffer.writeInt16LE(value, i * 2));
  return buffer;
};

describe('chooseWaveformRate', () => {
  it.each<[number | null, number]>([
    [null, 100],
    [60, 100],
    [1000, 100],
    [1001, 80],
    [3600, 25],
    [7200, 10],
    [10_000_000, 1],
  ])('%p s → %p pairs per second', (duration, rate) => {
    expect(chooseWaveformRate(duration)).toBe(rate);
  });

  it('divides 8000 evenly and respects a lower ceiling', () => {
    expect(8000 % chooseWaveformRate(1001)).toBe(0);
    expect(chooseWaveformRate(10, 30)).toBe(25);
  });
});

describe('createPeakAccumulator', () => {
  it('folds samples into normalised (min, max) pairs, including the last partial bucket', () => {
    const accumulator = createPeakAccumulator(4);
    accumulator.push(pcm([0, 16384, -32768, 100, 50, 60, 70, -80, 32767]));
    expect(accumulator.finish()).toEqual([-1, 0.5, -0.002, 0.002, 1, 1]);
  });

  it('gives the same result whatever the chunk boundaries, even inside a sample', () => {
    const samples = Array.from({ length: 1000 }, (_, i) => Math.round(Math.sin(i / 7) * 30000) - (i % 3));
    const whole = createPeakAccumulator(16);
    whole.push(pcm(samples));
    const bytes = pcm(samples);
    const pieces = createPeakAccumulator(16);
    for (let offset = 0; offset < bytes.length; offset += 7) pieces.push(bytes.subarray(offset, offset + 7));
    expect(pieces.finish()).toEqual(whole.finish());
    expect(whole.finish()).toHaveLength(2 * Math.ceil(1000 / 16));
  });
});
