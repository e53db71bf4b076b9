import { markedRange, NO_MARKS, setMarkIn, setMarkOut } from './marks';

describe('marks', () => {
  it('sets in and out independently', () => {
    expect(setMarkOut(setMarkIn(NO_MARKS, 2), 5)).toEqual({ in: 2, out: 5 });
    expect(setMarkIn(setMarkOut(NO_MARKS, 5), 2)).toEqual({ in: 2, out: 5 });
  });

  it('drops the other point when the range would be reversed', () => {
    expect(setMarkIn({ in: 2, out: 5 }, 6)).toEqual({ in: 6, out: null });
    expect(setMarkOut({ in: 2, out: 5 }, 1)).toEqual({ in: null, out: 1 });
  });

  it('allows a one-frame range', () => {
    expect(setMarkOut({ in: 2, out: null }, 2)).toEqual({ in: 2, out: 2 });
  });

  it('shades the range including the out frame', () => {
    expect(markedRange({ in: 2, out: 4.98 }, 10, 0.02)).toEqual({ start: 0.2, end: 0.5 });
    expect(markedRange({ in: 5, out: null }, 10, 0.02)).toEqual({ start: 0.5, end: 1 });
    expect(markedRange({ in: null, out: 9.99 }, 10, 0.02)).toEqual({ start: 0, end: 1 });
    expect(markedRange(NO_MARKS, 10, 0.02)).toBeNull();
    expect(markedRange({ in: 1, out: 2 }, 0, 0.02)).toBeNull();
  });
});
