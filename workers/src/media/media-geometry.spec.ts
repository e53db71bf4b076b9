import { even, fitWithin } from './media-geometry';

describe('geometry', () => {
  it.each<[number, number]>([
    [0, 2],
    [1, 2],
    [359.4, 360],
    [361, 362],
    [720, 720],
  ])('even(%p) = %p', (value, expected) => {
    expect(even(value)).toBe(expected);
  });

  it.each<[[number, number, number, number?], { width: number; height: number }]>([
    [[1920, 1080, 1280, 720], { width: 1280, height: 720 }],
    [[640, 360, 1280, 720], { width: 640, height: 360 }],
    [[1080, 1920, 1280, 720], { width: 406, height: 720 }],
    [[1024, 576, 1280, 720], { width: 1024, height: 576 }],
    [[4096, 2160, 1280, 720], { width: 1280, height: 676 }],
    [[1920, 1080, 160], { width: 160, height: 90 }],
    [[1001, 1001, 999, 999], { width: 998, height: 998 }],
  ])('fitWithin(%j) = %j', (args, expected) => {
    expect(fitWithin(...args)).toEqual(expected);
  });
});
