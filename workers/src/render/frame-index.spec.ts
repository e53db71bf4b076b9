import { indexFrames, parsePacketCsv } from './frame-index';

describe('indexFrames', () => {
  it('orders frames for display and finds closed-GOP keyframes', () => {
    // I0 P3 B1 B2 | I4 P6 B5: two closed GOPs
    const index = indexFrames(
      [0, 3, 1, 2, 4, 6, 5].map((frame) => ({ pts: frame * 0.04, keyframe: frame === 0 || frame === 4 })),
    );
    expect(index.framePts.map((pts) => Math.round(pts / 0.04))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(index.keyframes).toEqual([0, 4]);
    expect(index.cleanKeyframes).toEqual([0, 4]);
  });

  it('does not let a copy start at an open-GOP keyframe whose leading frames come after it', () => {
    // I2 B0 B1 P5 B3 B4 | I8 B6 B7: the second GOP's B6 and B7 refer to P5
    const order = [2, 0, 1, 5, 3, 4, 8, 6, 7];
    const index = indexFrames(order.map((frame) => ({ pts: frame, keyframe: frame === 2 || frame === 8 })));
    expect(index.keyframes).toEqual([2, 8]);
    expect(index.cleanKeyframes).toEqual([]);
  });
});

describe('parsePacketCsv', () => {
  it('reads times and key flags, and gives up on packets without a time', () => {
    expect(parsePacketCsv('0.000000,K_\n0.160000,__\n')).toEqual([
      { pts: 0, keyframe: true },
      { pts: 0.16, keyframe: false },
    ]);
    expect(parsePacketCsv('N/A,K_\n')).toBeNull();
  });
});
