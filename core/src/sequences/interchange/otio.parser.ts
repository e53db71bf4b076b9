import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { toFrameRate } from '../../timecode/frame-rate';
import type { TInterchangeClip } from './interchange.types';
import { itemIdOfRef, mamItemRef } from './mam-item-ref';
import { rateText } from './sequence-timing';

const MAX_OTIO_CHARS = 20_000_000;

const ZRationalTime = z.object({ rate: z.number().positive(), value: z.number().finite() });
const ZTimeRange = z.object({ start_time: ZRationalTime, duration: ZRationalTime });
const ZMetadata = z
  .object({ mam: z.object({ itemId: z.string() }).partial().optional() })
  .loose()
  .nullish();
const ZMediaReference = z
  .object({
    name: z.string().nullish(),
    target_url: z.string().nullish(),
    available_range: ZTimeRange.nullish(),
    metadata: ZMetadata,
  })
  .loose();
const ZClip = z
  .object({
    name: z.string().nullish(),
    source_range: ZTimeRange.nullish(),
    metadata: ZMetadata,
    media_reference: ZMediaReference.nullish(),
    media_references: z.record(z.string(), ZMediaReference).nullish(),
    active_media_reference_key: z.string().nullish(),
  })
  .loose();
const ZChild = z.object({ OTIO_SCHEMA: z.string() }).loose();
const ZTrack = z.object({ OTIO_SCHEMA: z.string(), kind: z.string().nullish(), children: z.array(ZChild) }).loose();
const ZTimeline = z
  .object({
    OTIO_SCHEMA: z.string().regex(/^Timeline\.\d+$/),
    tracks: z.object({ OTIO_SCHEMA: z.string().regex(/^Stack\.\d+$/), children: z.array(ZTrack) }).loose(),
  })
  .loose();

type TRationalTime = z.infer<typeof ZRationalTime>;

function invalid(path: string): AppError {
  return new AppError('INTERCHANGE_OTIO_INVALID', { params: { path } });
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issuePath = result.error.issues[0]?.path.join('.');
    throw invalid(issuePath ? `${path}.${issuePath}` : path);
  }
  return result.data;
}

function clipOf(value: unknown, path: string): TInterchangeClip {
  const clip = parsed(ZClip, value, path);
  const reference = clip.media_reference ?? clip.media_references?.[clip.active_media_reference_key ?? 'DEFAULT_MEDIA'];
  const range = clip.source_range ?? reference?.available_range;
  if (!range) throw invalid(`${path}.source_range`);
  const rate = toFrameRate(range.start_time.rate);
  // Frames at the clip's rate; other tools write times at other rates or as fractions of a frame.
  const frames = (time: TRationalTime) => Math.round((time.value * rate.numerator) / rate.denominator / time.rate);
  const available = reference?.available_range;
  const start = frames(range.start_time) - (available ? frames(available.start_time) : 0);
  const length = frames(range.duration);
  if (length <= 0) throw invalid(`${path}.source_range.duration`);
  const id = clip.metadata?.mam?.itemId ?? reference?.metadata?.mam?.itemId;
  const itemId = id ? itemIdOfRef(mamItemRef(id)) : itemIdOfRef(reference?.target_url ?? undefined);
  const name = clip.name || reference?.name || reference?.target_url?.split(/[/\\]/).at(-1) || '';
  return {
    name,
    ...(itemId ? { itemId } : {}),
    sourceIn: start,
    sourceOut: start + length,
    rate: rateText(rate),
    origin: available ? 'media' : 'timecode',
  };
}

/**
 * The clips of an OpenTimelineIO timeline (.otio JSON) in order: those of its first video track, or of its first
 * audio track when it has no video. Gaps and transitions are skipped; the sequence is cut straight.
 */
export function parseOtio(json: string): TInterchangeClip[] {
  if (json.length > MAX_OTIO_CHARS) throw new AppError('PAYLOAD_TOO_LARGE');
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch {
    throw invalid('$');
  }
  const timeline = parsed(ZTimeline, document, '$');
  const tracks = timeline.tracks.children;
  const index = [tracks.findIndex((t) => t.kind === 'Video'), tracks.findIndex((t) => t.kind === 'Audio')].find(
    (i) => i >= 0,
  );
  if (index === undefined) throw new AppError('INTERCHANGE_EMPTY');
  const path = `$.tracks.children.${index}.children`;
  const clips = tracks[index]!.children.flatMap((child, i) =>
    /^Clip\.\d+$/.test(child.OTIO_SCHEMA) ? [clipOf(child, `${path}.${i}`)] : [],
  );
  if (!clips.length) throw new AppError('INTERCHANGE_EMPTY');
  return clips;
}
