import { reversePosition, shuttleForward, shuttleReverse, speedLabel, togglePlay } from './shuttle';

function presses(step: (speed: number) => number, from: number, count: number): number[] {
  const speeds: number[] = [];
  let speed = from;
  for (let i = 0; i < count; i += 1) {
    speed = step(speed);
    speeds.push(speed);
  }
  return speeds;
}

describe('shuttle', () => {
  it('steps L from a stop through 1, 2, 4, 8 and 16 and stays at 16', () => {
    expect(presses(shuttleForward, 0, 6)).toEqual([1, 2, 4, 8, 16, 16]);
  });

  it('steps J from a stop through -1 … -16 and stays at -16', () => {
    expect(presses(shuttleReverse, 0, 6)).toEqual([-1, -2, -4, -8, -16, -16]);
  });

  it('changes direction at normal speed', () => {
    expect(shuttleForward(-8)).toBe(1);
    expect(shuttleReverse(4)).toBe(-1);
  });

  it('toggles between a stop and normal forward play', () => {
    expect(togglePlay(0)).toBe(1);
    expect(togglePlay(1)).toBe(0);
    expect(togglePlay(-4)).toBe(0);
    expect(togglePlay(16)).toBe(0);
  });

  it('moves backwards at the chosen rate and stops at the start', () => {
    expect(reversePosition(10, -1, 0.5)).toBe(9.5);
    expect(reversePosition(10, -4, 0.5)).toBe(8);
    expect(reversePosition(1, -16, 0.5)).toBe(0);
  });

  it('labels speeds', () => {
    expect([speedLabel(2), speedLabel(-16), speedLabel(0)]).toEqual(['2×', '-16×', '0×']);
  });
});
