import { fileUrl } from '../media/ffmpeg-command';
import { samplesAtFrame, type TRenderOutputFormat } from './render-output';
import type { TRenderSourceFacts } from './render-plan.types';

/** A run of source frames rendered one after another; a clip is one piece, or (smart render) up to three. */
export interface TRenderPiece {
  path: string;
  facts: TRenderSourceFacts;
  startFrame: number;
  /** Exclusive. */
  endFrame: number;
}

export interface TRenderGraph {
  /** Input options and `-i` for each piece, in order. */
  inputArgs: string[];
  filter: string;
  videoLabel: string | null;
  /** One label per output audio stream (one per mono track, or one multichannel stream). */
  audioLabels: string[];
}

const seconds = (value: number) => value.toFixed(6);

/** Halfway between a frame's time and its neighbour's, so that a trim keeps exactly the frames between. */
function frameEdges(facts: TRenderSourceFacts, startFrame: number, endFrame: number) {
  const pts = facts.framePts;
  const start = startFrame > 0 ? (pts[startFrame - 1]! + pts[startFrame]!) / 2 : pts[startFrame]! - 0.0005;
  const end = endFrame < pts.length ? (pts[endFrame - 1]! + pts[endFrame]!) / 2 : pts[endFrame - 1]! + 0.0005;
  return { start, end };
}

/** The last keyframe at or before `time` (seconds, the file's own timestamps); frame 0 when there is none. */
function keyframeAtOrBefore(facts: TRenderSourceFacts, time: number): number {
  return [...facts.keyframes].reverse().find((frame) => facts.framePts[frame]! <= time) ?? 0;
}

/**
 * Keeps the file's own timestamps (`-copyts`, `-noaccurate_seek`) and seeks to a keyframe before the piece; the trim
 * filters then pick the exact frames and samples by their times. Counting decoded frames instead would go wrong
 * wherever a decoder drops an open GOP's leading frames after a seek. With audio the seek goes a second earlier, so
 * that audio packets start before the first frame; video alone seeks half a frame past the keyframe before the
 * piece, which the demuxer lands on whatever the rounding, and decodes no GOP more than needed.
 */
export function pieceInputArgs(piece: TRenderPiece, withAudio = true): string[] {
  const { facts } = piece;
  const first = facts.framePts[piece.startFrame]!;
  let seek: number;
  if (withAudio) seek = Math.max(0, first - facts.formatStartSeconds - 1);
  else {
    const keyframe = keyframeAtOrBefore(facts, first);
    const halfFrame =
      ((facts.framePts[keyframe + 1] ?? facts.framePts[keyframe]! + 0.04) - facts.framePts[keyframe]!) / 2;
    seek = facts.framePts[keyframe]! + halfFrame - facts.formatStartSeconds;
  }
  const { end } = frameEdges(facts, piece.startFrame, piece.endFrame);
  // Bounds what is read (a trimmed input would otherwise be decoded to its end). ffmpeg counts it from the first
  // frame decoded, the keyframe the seek lands on.
  const limit = end - facts.framePts[keyframeAtOrBefore(facts, facts.formatStartSeconds + seek)]! + 2;
  return ['-noaccurate_seek', '-ss', seconds(seek), '-t', seconds(limit), '-i', fileUrl(piece.path)];
}

function isInterlaced(facts: TRenderSourceFacts) {
  return facts.fieldOrder === 'tff' || facts.fieldOrder === 'bff';
}

function videoChain(input: number, piece: TRenderPiece, format: TRenderOutputFormat): string {
  const { facts } = piece;
  const { start, end } = frameEdges(facts, piece.startFrame, piece.endFrame);
  const steps = [`trim=start=${seconds(start)}:end=${seconds(end)}`, 'setpts=PTS-STARTPTS'];
  if (isInterlaced(facts) && !format.interlaced) steps.push('bwdif=mode=send_frame');
  if (facts.width !== format.width || facts.height !== format.height) {
    steps.push(`scale=${format.width}:${format.height}${isInterlaced(facts) && format.interlaced ? ':interl=1' : ''}`);
  }
  const rate = `${format.rate.numerator}/${format.rate.denominator}`;
  if (facts.frameRate !== rate) steps.push(`fps=${rate}`);
  steps.push('setsar=1', `format=${format.pixelFormat}`);
  return `[${input}:${facts.videoStreamIndex}]${steps.join(',')}`;
}

/** The first `channels` source channels; where a source has fewer, silence (or, mono into a stream, the same). */
function panTo(channels: number, sourceChannels: number, format: TRenderOutputFormat): string {
  const gains = Array.from({ length: channels }, (_, k) => {
    if (k < sourceChannels) return `c${k}=c${k}`;
    return sourceChannels === 1 && format.monoTracks === 0 ? `c${k}=c0` : `c${k}=0*c0`;
  });
  return `pan=${channels}c|${gains.join('|')}`;
}

function audioChain(input: number, piece: TRenderPiece, format: TRenderOutputFormat, samples: number): string {
  const { facts } = piece;
  const fit = `asetpts=PTS-STARTPTS,aresample=${format.sampleRate},apad=whole_len=${samples},atrim=end_sample=${samples}`;
  const streams = facts.audioStreams;
  if (streams.length === 0) {
    return `anullsrc=r=${format.sampleRate}:cl=mono,${panTo(format.channels, 0, format)},atrim=end_sample=${samples}`;
  }
  const sourceChannels = streams.reduce((sum, stream) => sum + stream.channels, 0);
  const labels = streams.map((stream) => `[${input}:${stream.index}]`).join('');
  const merged = streams.length > 1 ? `${labels}amerge=inputs=${streams.length},` : labels;
  // The audio starts at the first frame's time, not where the trim's margin starts: that keeps the source's sync.
  const start = facts.framePts[piece.startFrame]!;
  return `${merged}${panTo(format.channels, sourceChannels, format)},atrim=start=${seconds(start)},${fit}`;
}

/**
 * One filter graph that cuts every piece to its frames and samples, brings it to the output format and joins the
 * pieces. Timestamps are renumbered afterwards (frame n at n / rate, sample n at n / sample rate), so nothing the
 * sources' timing does can drop, repeat or shift a frame at a cut.
 */
export function buildRenderGraph(
  pieces: readonly TRenderPiece[],
  format: TRenderOutputFormat,
  streams: { video: boolean; audio: boolean; firstInput?: number },
): TRenderGraph {
  const first = streams.firstInput ?? 0;
  const chains: string[] = [];
  const joined: string[] = [];
  const audio = streams.audio && format.channels > 0;
  let frames = 0;
  pieces.forEach((piece, index) => {
    const samples = samplesAtFrame(frames + piece.endFrame - piece.startFrame, format) - samplesAtFrame(frames, format);
    frames += piece.endFrame - piece.startFrame;
    if (streams.video) {
      chains.push(`${videoChain(first + index, piece, format)}[v${index}]`);
      joined.push(`[v${index}]`);
    }
    if (audio) {
      chains.push(`${audioChain(first + index, piece, format, samples)}[a${index}]`);
      joined.push(`[a${index}]`);
    }
  });
  const video = streams.video ? 1 : 0;
  const outputs = `${video ? '[vj]' : ''}${audio ? '[aj]' : ''}`;
  if (outputs) chains.push(`${joined.join('')}concat=n=${pieces.length}:v=${video}:a=${audio ? 1 : 0}${outputs}`);
  if (video) {
    const field = format.interlaced ? 'setfield=tff' : 'setfield=prog';
    chains.push(`[vj]settb=${format.rate.denominator}/${format.rate.numerator},setpts=N,${field}[vout]`);
  }
  const audioLabels: string[] = [];
  if (streams.audio) {
    const total = samplesAtFrame(frames, format);
    const silence = (label: string) =>
      `anullsrc=r=${format.sampleRate}:cl=mono,atrim=end_sample=${total},asetpts=N/SR/TB${label}`;
    if (audio)
      chains.push(
        `[aj]asetpts=N/SR/TB${format.monoTracks > 0 ? ',asplit=' + format.channels : ''}` +
          (format.monoTracks > 0 ? Array.from({ length: format.channels }, (_, k) => `[s${k}]`).join('') : '[aout]'),
      );
    if (format.monoTracks > 0) {
      for (let track = 0; track < format.monoTracks; track++) {
        const label = `[t${track}]`;
        chains.push(track < format.channels ? `[s${track}]pan=mono|c0=c${track}${label}` : silence(label));
        audioLabels.push(label);
      }
    } else if (audio) audioLabels.push('[aout]');
  }
  return {
    inputArgs: pieces.flatMap((piece) => pieceInputArgs(piece, streams.audio)),
    filter: chains.join(';'),
    videoLabel: video ? '[vout]' : null,
    audioLabels,
  };
}
