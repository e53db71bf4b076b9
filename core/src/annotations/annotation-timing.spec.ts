import { secondsToTicks } from '../timecode/time-scale';
import { annotationShowsAt } from './annotation-timing';

const FRAME_25 = 1 / 25;
const FRAME_2997 = 1001 / 30000;

describe('annotationShowsAt', () => {
  const at = (seconds: number) => secondsToTicks(seconds);

  it('shows a point comment from one frame before to one frame after its frame', () => {
    const comment = { tcIn: at(2), tcOut: null }; // frame 50 at 25 fps
    expect(annotationShowsAt(comment, 2 - 2 * FRAME_25 + 0.001, FRAME_25)).toBe(false); // frame 48
    expect(annotationShowsAt(comment, 2 - FRAME_25 + 0.001, FRAME_25)).toBe(true); // frame 49
    expect(annotationShowsAt(comment, 2 + 0.5 * FRAME_25, FRAME_25)).toBe(true); // frame 50, seeked to its middle
    expect(annotationShowsAt(comment, 2 + 1.5 * FRAME_25, FRAME_25)).toBe(true); // frame 51
    expect(annotationShowsAt(comment, 2 + 2.5 * FRAME_25, FRAME_25)).toBe(false); // frame 52
  });

  it('counts frames at fractional rates', () => {
    const frame = 300;
    const comment = { tcIn: at(frame * FRAME_2997), tcOut: null };
    expect(annotationShowsAt(comment, (frame + 0.5) * FRAME_2997, FRAME_2997)).toBe(true);
    expect(annotationShowsAt(comment, (frame + 2.5) * FRAME_2997, FRAME_2997)).toBe(false);
  });

  it('shows a range comment over its in to out range only', () => {
    const comment = { tcIn: at(1), tcOut: at(3) };
    expect(annotationShowsAt(comment, 0.9, FRAME_25)).toBe(false);
    expect(annotationShowsAt(comment, 1.01, FRAME_25)).toBe(true);
    expect(annotationShowsAt(comment, 2.5, FRAME_25)).toBe(true);
    expect(annotationShowsAt(comment, 3.01, FRAME_25)).toBe(true); // the out frame itself
    expect(annotationShowsAt(comment, 3.1, FRAME_25)).toBe(false);
  });

  it('never shows a comment without a timecode', () => {
    expect(annotationShowsAt({ tcIn: null, tcOut: null }, 0, FRAME_25)).toBe(false);
  });
});
