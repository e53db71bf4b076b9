import { createProgressReporter, isProgressLine, progressPercent, progressSeconds } from './ffmpeg-progress';

describe('ffmpeg progress lines', () => {
  it.each<[string, number | null]>([
    ['out_time_us=2005333', 2.005333],
    ['out_time_ms=1500000', 1.5],
    ['out_time=00:01:02.500000', 62.5],
    ['out_time=01:00:00.000000', 3600],
    ['out_time_us=N/A', null],
    ['out_time=-577014:32:22.775808', null],
    ['out_time_us=-9223372036854775807', null],
    ['frame=100', null],
    ['progress=end', null],
  ])('%j → %p s', (line, seconds) => {
    expect(progressSeconds(line)).toBe(seconds);
  });

  it('tells progress keys from log messages', () => {
    expect(isProgressLine('stream_0_2_q=-1.0')).toBe(true);
    expect(isProgressLine('speed=0.687x')).toBe(true);
    expect(isProgressLine('[h264 @ 0x55d] frame=3 is corrupt')).toBe(false);
    expect(isProgressLine('Error while decoding stream #0:0: Invalid data found when processing input')).toBe(false);
  });

  it.each<[number, number, number]>([
    [0, 60, 0],
    [30, 60, 50],
    [59.99, 60, 99],
    [61, 60, 100],
    [5, 0, 0],
    [Number.NaN, 60, 0],
  ])('%p s of %p s is %p %%', (seconds, total, percent) => {
    expect(progressPercent(seconds, total)).toBe(percent);
  });
});

describe('createProgressReporter', () => {
  function setup(intervalMs = 1000) {
    let now = 0;
    const reports: number[] = [];
    const reporter = createProgressReporter({ onProgress: (p) => reports.push(p), intervalMs, now: () => now });
    return { reporter, reports, tick: (ms: number) => (now += ms) };
  }

  it('reports at most once per interval, only forwards, and never 100 before done()', () => {
    const { reporter, reports, tick } = setup();
    reporter.report(0);
    reporter.report(5);
    tick(999);
    reporter.report(10);
    tick(1);
    reporter.report(20);
    tick(5000);
    reporter.report(15);
    reporter.report(100);
    tick(1000);
    reporter.report(100);
    expect(reports).toEqual([0, 20, 99]);
    reporter.done();
    reporter.done();
    expect(reports).toEqual([0, 20, 99, 100]);
  });

  it('reports 100 when finishing without any progress on the way', () => {
    const { reporter, reports } = setup();
    reporter.done();
    expect(reports).toEqual([100]);
  });
});
