import { formatBytes } from '../../lib/format';
import { measureSpeed, percentOf, startSpeedMeter, uploadTotals } from './upload-progress';

describe('measureSpeed', () => {
  it('waits for half a second of data, then averages', () => {
    let meter = startSpeedMeter(0, 0);
    meter = measureSpeed(meter, 100, 100);
    expect(meter.speed).toBe(0);
    meter = measureSpeed(meter, 1000, 1000);
    expect(meter.speed).toBe(1000);
    meter = measureSpeed(meter, 3000, 2000);
    // 0.3 × 2000 + 0.7 × 1000
    expect(meter.speed).toBeCloseTo(1300);
  });

  it('starts over when the offset goes back (a retried chunk)', () => {
    const meter = measureSpeed({ bytes: 5000, at: 0, speed: 800 }, 4000, 100);
    expect(meter).toEqual({ bytes: 4000, at: 100, speed: 800 });
  });
});

describe('uploadTotals', () => {
  it('adds up bytes and speed of the batch and leaves cancelled files out', () => {
    const totals = uploadTotals([
      { status: 'uploading', bytesUploaded: 50, bytesTotal: 100, speed: 10 },
      { status: 'done', bytesUploaded: 100, bytesTotal: 100, speed: 0 },
      { status: 'paused', bytesUploaded: 0, bytesTotal: 200, speed: 5 },
      { status: 'cancelled', bytesUploaded: 10, bytesTotal: 1000, speed: 0 },
      { status: 'error', bytesUploaded: 0, bytesTotal: 100, speed: 0 },
    ]);
    expect(totals).toEqual({
      bytesUploaded: 150,
      bytesTotal: 500,
      percent: 30,
      speed: 10,
      files: 4,
      finished: 1,
      active: 2,
    });
  });

  it('is empty for no uploads', () => {
    expect(uploadTotals([])).toMatchObject({ percent: 0, files: 0 });
  });
});

describe('formatting', () => {
  it('formats bytes in binary units', () => {
    expect([formatBytes(0), formatBytes(1023), formatBytes(1536), formatBytes(8 * 1024 ** 2)]).toEqual([
      '0\u00a0B',
      '1,023\u00a0B',
      '1.5\u00a0KiB',
      '8.0\u00a0MiB',
    ]);
  });

  it('computes percentages within 0..100', () => {
    expect([percentOf(1, 4), percentOf(0, 0), percentOf(5, 4)]).toEqual([25, 0, 100]);
  });
});
