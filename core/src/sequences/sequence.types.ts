/**
 * Sequences (spec section 1: "sequence, also called clip list"): an item whose media is a list of ranges of other
 * video items. Shared contract of the sequence store, the cutter, the interchange formats and central render.
 * Frames count from the source media's first frame; outFrame is exclusive.
 */
export interface TSequenceClip {
  itemId: string;
  inFrame: number;
  outFrame: number;
}

/** A clip as read back, with what the cutter, exports and render need to know of its source. */
export interface TSequenceClipView extends TSequenceClip {
  /** Its position in the sequence, from 0. */
  index: number;
  /** The source item's title (its name in EDL, FCPXML and OTIO). */
  title: string;
  /** 'num/den' of the source video, e.g. '25/1'. */
  frameRate: string;
  /** The source media's first timecode, 'HH:MM:SS:FF'; '00:00:00:00' when it has none. */
  sourceTimecodeStart: string;
  /** Frames of the whole source, so ranges can be checked and trimmed. */
  sourceFrames: number;
}

export interface TSequenceView {
  id: string;
  tenantId: string;
  title: string;
  folderId: string | null;
  /** The sequence's rate: the first clip's, which every clip must share to render without a rate conversion. */
  frameRate: string | null;
  clips: TSequenceClipView[];
  /** Sum of the clips' frames. */
  totalFrames: number;
}
