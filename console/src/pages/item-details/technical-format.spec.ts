import { colourName, frameRateLabel, levelPercent, scanKey } from './technical-format';

describe('technical panel formats', () => {
  it.each<[number | null, number]>([
    [0, 100],
    [-30, 50],
    [-60, 0],
    [-90, 0],
    [null, 0],
    [3, 100],
  ])('shows %p dBFS as a %p %% bar', (db, percent) => {
    expect(levelPercent(db)).toBe(percent);
  });

  it('gives the frame rate as a figure and the exact rational', () => {
    expect(frameRateLabel('25/1')).toBe('25 fps (25/1)');
    expect(frameRateLabel('30000/1001')).toBe('29.97 fps (30000/1001)');
    expect(frameRateLabel(null)).toBeNull();
  });

  it('names the scan by field order', () => {
    expect(scanKey({ scanType: 'interlaced', fieldOrder: 'tff' })).toBe('itemDetails.tech.scanTff');
    expect(scanKey({ scanType: 'interlaced', fieldOrder: 'bff' })).toBe('itemDetails.tech.scanBff');
    expect(scanKey({ scanType: 'progressive', fieldOrder: 'progressive' })).toBe('itemDetails.tech.scanProgressive');
    expect(scanKey({ scanType: null, fieldOrder: null })).toBeNull();
  });

  it("writes ffprobe's colour names as engineers do", () => {
    expect(colourName('arib-std-b67')).toBe('HLG (ARIB STD-B67)');
    expect(colourName('bt2020nc')).toBe('BT.2020 NCL');
    expect(colourName('film')).toBe('film');
    expect(colourName(null)).toBeNull();
  });
});
