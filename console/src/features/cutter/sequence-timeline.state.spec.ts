import {
  EMPTY_TIMELINE,
  clipStarts,
  locate,
  timelineReducer,
  toSequenceClips,
  totalFrames,
  type TTimelineAction,
  type TTimelineState,
} from './sequence-timeline.state';

const run = (...actions: TTimelineAction[]) => actions.reduce(timelineReducer, EMPTY_TIMELINE);
const add = (itemId: string, inFrame: number, outFrame: number, sourceFrames = 500): TTimelineAction => ({
  type: 'add',
  clip: { itemId, inFrame, outFrame },
  sourceFrames,
});
const ranges = (state: TTimelineState) => state.clips.map((c) => `${c.itemId}:${c.inFrame}-${c.outFrame}`);

describe('timeline state', () => {
  it('adds clips at the end, selecting the new one, and sums their frames', () => {
    const state = run(add('a', 0, 50), add('b', 10, 35));
    expect(ranges(state)).toEqual(['a:0-50', 'b:10-35']);
    expect(state.selected).toBe(1);
    expect(totalFrames(state.clips)).toBe(75);
    expect(clipStarts(state.clips)).toEqual([0, 50]);
  });

  it('refuses an empty range', () => {
    expect(run(add('a', 20, 20)).clips).toHaveLength(0);
  });

  it('locates a sequence frame in its clip; the end is no clip', () => {
    const { clips } = run(add('a', 0, 50), add('b', 10, 35));
    expect(locate(clips, 0)).toEqual({ index: 0, offset: 0 });
    expect(locate(clips, 49)).toEqual({ index: 0, offset: 49 });
    expect(locate(clips, 50)).toEqual({ index: 1, offset: 0 });
    expect(locate(clips, 75)).toBeNull();
  });

  it('moves a clip, keeping it selected and its key', () => {
    const before = run(add('a', 0, 50), add('b', 0, 10), add('c', 0, 20));
    const after = timelineReducer(before, { type: 'move', from: 2, to: 0 });
    expect(ranges(after)).toEqual(['c:0-20', 'a:0-50', 'b:0-10']);
    expect(after.selected).toBe(0);
    expect(after.clips[0]!.key).toBe(before.clips[2]!.key);
    expect(timelineReducer(after, { type: 'move', from: 0, to: -1 })).toBe(after);
  });

  it('trims either end a frame at a time, never past the source or to nothing', () => {
    let state = run(add('a', 10, 12, 20));
    state = timelineReducer(state, { type: 'trimIn', index: 0, delta: 1 });
    expect(ranges(state)).toEqual(['a:11-12']);
    expect(timelineReducer(state, { type: 'trimIn', index: 0, delta: 1 })).toBe(state);
    state = timelineReducer(state, { type: 'trimOut', index: 0, delta: 8 });
    expect(ranges(state)).toEqual(['a:11-20']);
    expect(timelineReducer(state, { type: 'trimOut', index: 0, delta: 1 })).toBe(state);
    state = timelineReducer(state, { type: 'trimIn', index: 0, delta: -20 });
    expect(ranges(state)).toEqual(['a:0-20']);
  });

  it('splits the clip under the playhead in two; on a cut nothing happens', () => {
    let state = run(add('a', 100, 150), add('b', 0, 10), { type: 'seek', frame: 20 });
    state = timelineReducer(state, { type: 'split' });
    expect(ranges(state)).toEqual(['a:100-120', 'a:120-150', 'b:0-10']);
    expect(state.selected).toBe(1);
    expect(new Set(state.clips.map((c) => c.key)).size).toBe(3);
    const onCut = timelineReducer(state, { type: 'seek', frame: 50 });
    expect(timelineReducer(onCut, { type: 'split' })).toBe(onCut);
  });

  it('deletes a clip and keeps the playhead inside the shorter sequence', () => {
    let state = run(add('a', 0, 50), add('b', 0, 10), { type: 'seek', frame: 60 });
    state = timelineReducer(state, { type: 'remove', index: 0 });
    expect(ranges(state)).toEqual(['b:0-10']);
    expect(state.playhead).toBe(10);
    expect(state.selected).toBe(0);
    state = timelineReducer(state, { type: 'remove', index: 0 });
    expect(state.selected).toBeNull();
  });

  it('undoes and redoes edits; a new edit drops the redo steps', () => {
    let state = run(add('a', 0, 50), add('b', 0, 10), { type: 'move', from: 1, to: 0 });
    state = timelineReducer(state, { type: 'undo' });
    expect(ranges(state)).toEqual(['a:0-50', 'b:0-10']);
    state = timelineReducer(state, { type: 'undo' });
    expect(ranges(state)).toEqual(['a:0-50']);
    state = timelineReducer(state, { type: 'redo' });
    expect(ranges(state)).toEqual(['a:0-50', 'b:0-10']);
    state = timelineReducer(state, { type: 'trimIn', index: 0, delta: 5 });
    expect(state.future).toHaveLength(0);
    expect(timelineReducer(state, { type: 'redo' })).toBe(state);
    expect(timelineReducer(EMPTY_TIMELINE, { type: 'undo' })).toBe(EMPTY_TIMELINE);
  });

  it('selection and playhead moves are not undo steps', () => {
    const state = run(add('a', 0, 50), { type: 'select', index: 0 }, { type: 'step', delta: 3 });
    expect(state.past).toHaveLength(1);
    expect(state.playhead).toBe(3);
  });

  it('steps the selection and puts the playhead on the selected clip', () => {
    let state = run(add('a', 0, 50), add('b', 0, 10));
    state = timelineReducer(state, { type: 'selectStep', delta: -1 });
    expect(state.selected).toBe(0);
    expect(state.playhead).toBe(0);
    state = timelineReducer(state, { type: 'selectStep', delta: 1 });
    expect(state.playhead).toBe(50);
  });

  it('loads a saved clip list as a fresh history and hands back the contract shape', () => {
    const state = run(add('x', 0, 5), {
      type: 'load',
      clips: [{ itemId: 'a', inFrame: 1, outFrame: 4, sourceFrames: 10 }],
    });
    expect(state.past).toHaveLength(0);
    expect(toSequenceClips(state.clips)).toEqual([{ itemId: 'a', inFrame: 1, outFrame: 4 }]);
  });
});
