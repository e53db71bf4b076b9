import { frameRateValue, type FrameRate } from '../../timecode/frame-rate';
import type { TSequenceView } from '../sequence.types';
import type { TInterchangeOptions } from './interchange.types';
import { mamItemRef } from './mam-item-ref';
import { sequenceTiming, type TClipTiming } from './sequence-timing';

const rationalTime = (frames: number, rate: FrameRate) => ({
  OTIO_SCHEMA: 'RationalTime.1',
  rate: frameRateValue(rate),
  value: frames,
});

const timeRange = (start: number, duration: number, rate: FrameRate) => ({
  OTIO_SCHEMA: 'TimeRange.1',
  duration: rationalTime(duration, rate),
  start_time: rationalTime(start, rate),
});

// Times stay in the source's own timecode frames, as OTIO adapters for editing suites write them.
function clip({ clip: view, rate, sourceStart, frames }: TClipTiming) {
  const ref = mamItemRef(view.itemId);
  return {
    OTIO_SCHEMA: 'Clip.2',
    metadata: { mam: { itemId: view.itemId } },
    name: view.title,
    source_range: timeRange(sourceStart + view.inFrame, frames, rate),
    effects: [],
    markers: [],
    enabled: true,
    media_references: {
      DEFAULT_MEDIA: {
        OTIO_SCHEMA: 'ExternalReference.1',
        metadata: { mam: { itemId: view.itemId } },
        name: view.title,
        available_range: timeRange(sourceStart, view.sourceFrames, rate),
        available_image_bounds: null,
        target_url: ref,
      },
    },
    active_media_reference_key: 'DEFAULT_MEDIA',
  };
}

function track(kind: 'Video' | 'Audio', name: string, clips: TClipTiming[]) {
  return {
    OTIO_SCHEMA: 'Track.1',
    metadata: {},
    name,
    source_range: null,
    effects: [],
    markers: [],
    enabled: true,
    children: clips.map(clip),
    kind,
  };
}

/**
 * The sequence as an OpenTimelineIO timeline (.otio JSON): a stack of one video and one audio track holding the same
 * clips, record time from the start timecode, each clip's source range in its source timecode's frames.
 */
export function sequenceToOtio(view: TSequenceView, opts: TInterchangeOptions = {}): string {
  const timing = sequenceTiming(view, opts);
  const timeline = {
    OTIO_SCHEMA: 'Timeline.1',
    metadata: { mam: { sequenceId: view.id } },
    name: view.title,
    global_start_time: rationalTime(timing.recordStart, timing.rate),
    tracks: {
      OTIO_SCHEMA: 'Stack.1',
      metadata: {},
      name: 'tracks',
      source_range: null,
      effects: [],
      markers: [],
      enabled: true,
      children: [track('Video', 'V1', timing.clips), track('Audio', 'A1', timing.clips)],
    },
  };
  return `${JSON.stringify(timeline, null, 4)}\n`;
}
