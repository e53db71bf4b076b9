import type { TSequenceClip } from '@mam/core';

/** A clip on the timeline: a range of a source, with a key that survives reordering (React, drag and drop). */
export interface TTimelineClip extends TSequenceClip {
  key: string;
  /** Frames of the whole source: trimming never goes past its end. */
  sourceFrames: number;
}

export interface TTimelineState {
  clips: readonly TTimelineClip[];
  /** Index of the selected clip; the keyboard edits act on it. */
  selected: number | null;
  /** Position in sequence frames, from 0 to the total (the end). */
  playhead: number;
  /** Earlier clip lists, the latest last; an edit clears `future`. */
  past: ReadonlyArray<readonly TTimelineClip[]>;
  future: ReadonlyArray<readonly TTimelineClip[]>;
  /** The next clip key's number; keys are never reused, so undo cannot mix up two clips. */
  nextKey: number;
}

export type TTimelineAction =
  | { type: 'add'; clip: TSequenceClip; sourceFrames: number }
  | { type: 'load'; clips: ReadonlyArray<TSequenceClip & { sourceFrames: number }> }
  | { type: 'select'; index: number | null }
  | { type: 'selectStep'; delta: number }
  | { type: 'move'; from: number; to: number }
  | { type: 'trimIn'; index: number; delta: number }
  | { type: 'trimOut'; index: number; delta: number }
  | { type: 'remove'; index: number }
  | { type: 'split' }
  | { type: 'seek'; frame: number }
  | { type: 'step'; delta: number }
  | { type: 'undo' }
  | { type: 'redo' };

/** Enough undo for a long session; the oldest steps go first. */
export const UNDO_LIMIT = 200;

export const EMPTY_TIMELINE: TTimelineState = {
  clips: [],
  selected: null,
  playhead: 0,
  past: [],
  future: [],
  nextKey: 1,
};

export const clipFrames = (clip: TSequenceClip) => clip.outFrame - clip.inFrame;

export function totalFrames(clips: readonly TSequenceClip[]): number {
  return clips.reduce((sum, clip) => sum + clipFrames(clip), 0);
}

/** Where each clip starts in the sequence, in frames. */
export function clipStarts(clips: readonly TSequenceClip[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const clip of clips) {
    starts.push(at);
    at += clipFrames(clip);
  }
  return starts;
}

/** The clip under sequence frame `frame` and the frame's offset into it; null at or past the end. */
export function locate(clips: readonly TSequenceClip[], frame: number): { index: number; offset: number } | null {
  let start = 0;
  for (const [index, clip] of clips.entries()) {
    const length = clipFrames(clip);
    if (frame >= start && frame < start + length) return { index, offset: frame - start };
    start += length;
  }
  return null;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The state after a change of the clip list: remembered for undo, the redo steps dropped. */
function edited(state: TTimelineState, clips: readonly TTimelineClip[], selected: number | null): TTimelineState {
  return {
    ...state,
    clips,
    selected: clips.length === 0 || selected === null ? null : clamp(selected, 0, clips.length - 1),
    playhead: clamp(state.playhead, 0, totalFrames(clips)),
    past: [...state.past, state.clips].slice(-UNDO_LIMIT),
    future: [],
  };
}

function replaceAt(clips: readonly TTimelineClip[], index: number, clip: TTimelineClip): TTimelineClip[] {
  return clips.map((c, i) => (i === index ? clip : c));
}

/**
 * The cutter's timeline as a reducer: every edit is a whole new clip list, so undo and redo only swap lists.
 * Edits that would change nothing (a trim at its limit, a split on a cut) leave the state as it is, so they add no
 * empty undo step.
 */
export function timelineReducer(state: TTimelineState, action: TTimelineAction): TTimelineState {
  const { clips } = state;
  const valid = (index: number) => index >= 0 && index < clips.length;
  switch (action.type) {
    case 'add': {
      const { itemId, inFrame, outFrame } = action.clip;
      if (outFrame <= inFrame) return state;
      const clip = { itemId, inFrame, outFrame, sourceFrames: action.sourceFrames, key: `c${state.nextKey}` };
      return { ...edited(state, [...clips, clip], clips.length), nextKey: state.nextKey + 1 };
    }
    case 'load': {
      const loaded = action.clips.map((c, i) => ({
        itemId: c.itemId,
        inFrame: c.inFrame,
        outFrame: c.outFrame,
        sourceFrames: c.sourceFrames,
        key: `c${state.nextKey + i}`,
      }));
      return {
        ...EMPTY_TIMELINE,
        clips: loaded,
        selected: loaded.length ? 0 : null,
        nextKey: state.nextKey + loaded.length,
      };
    }
    case 'select':
      return { ...state, selected: action.index !== null && valid(action.index) ? action.index : null };
    case 'selectStep': {
      if (clips.length === 0) return state;
      const selected = clamp(
        (state.selected ?? (action.delta > 0 ? -1 : clips.length)) + action.delta,
        0,
        clips.length - 1,
      );
      return { ...state, selected, playhead: clipStarts(clips)[selected]! };
    }
    case 'move': {
      const to = clamp(action.to, 0, clips.length - 1);
      if (!valid(action.from) || to === action.from) return state;
      const next = [...clips];
      const [moved] = next.splice(action.from, 1);
      next.splice(to, 0, moved!);
      return edited(state, next, to);
    }
    case 'trimIn': {
      if (!valid(action.index)) return state;
      const clip = clips[action.index]!;
      const inFrame = clamp(clip.inFrame + action.delta, 0, clip.outFrame - 1);
      if (inFrame === clip.inFrame) return state;
      return edited(state, replaceAt(clips, action.index, { ...clip, inFrame }), action.index);
    }
    case 'trimOut': {
      if (!valid(action.index)) return state;
      const clip = clips[action.index]!;
      const outFrame = clamp(clip.outFrame + action.delta, clip.inFrame + 1, clip.sourceFrames);
      if (outFrame === clip.outFrame) return state;
      return edited(state, replaceAt(clips, action.index, { ...clip, outFrame }), action.index);
    }
    case 'remove': {
      if (!valid(action.index)) return state;
      return edited(
        state,
        clips.filter((_, i) => i !== action.index),
        action.index,
      );
    }
    case 'split': {
      const at = locate(clips, state.playhead);
      if (!at || at.offset === 0) return state;
      const clip = clips[at.index]!;
      const cut = clip.inFrame + at.offset;
      const head = { ...clip, outFrame: cut };
      const tail = { ...clip, inFrame: cut, key: `c${state.nextKey}` };
      const next = [...clips.slice(0, at.index), head, tail, ...clips.slice(at.index + 1)];
      return { ...edited(state, next, at.index + 1), nextKey: state.nextKey + 1 };
    }
    case 'seek':
      return { ...state, playhead: clamp(Math.round(action.frame), 0, totalFrames(clips)) };
    case 'step':
      return { ...state, playhead: clamp(state.playhead + action.delta, 0, totalFrames(clips)) };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return restored(state, previous, state.past.slice(0, -1), [...state.future, clips]);
    }
    case 'redo': {
      const following = state.future.at(-1);
      if (!following) return state;
      return restored(state, following, [...state.past, clips], state.future.slice(0, -1));
    }
  }
}

function restored(
  state: TTimelineState,
  clips: readonly TTimelineClip[],
  past: TTimelineState['past'],
  future: TTimelineState['future'],
): TTimelineState {
  const selected = state.selected === null || clips.length === 0 ? null : Math.min(state.selected, clips.length - 1);
  return { ...state, clips, past, future, selected, playhead: clamp(state.playhead, 0, totalFrames(clips)) };
}

/** The clip list as the sequence contract stores it. */
export function toSequenceClips(clips: readonly TTimelineClip[]): TSequenceClip[] {
  return clips.map(({ itemId, inFrame, outFrame }) => ({ itemId, inFrame, outFrame }));
}
