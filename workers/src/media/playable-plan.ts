import path from 'node:path';
import type { Rational } from '@mam/core';
import { planAudio, type TAudioRendition } from './audio-plan';
import { deinterlaceFilter } from './create-proxy-mp4';
import { planFilmstripLayout, type TFilmstripManifest } from './create-filmstrip';
import { chooseWaveformRate, WAVEFORM_SAMPLE_RATE } from './create-waveform';
import { FFMPEG_PREFIX, fileUrl } from './ffmpeg-command';
import { AUDIO_KBPS, chooseHlsLadder, planSegments, type THlsRung, type THlsVariantPlan } from './hls-ladder';
import type { TFfmpegCommand, TMediaTaskOptions } from './media-task.types';

export const PLAYABLE_HLS_DIR = 'hls';
export const PLAYABLE_MASTER = 'hls/master.m3u8';
const AUDIO_GROUP = 'audio';

/**
 * Short segments put the first picture on screen sooner (the first one must be encoded before anything plays);
 * a long programme gets longer ones, or its dozens of thousands of segment files would cost more than they save.
 */
export function playableSegmentSeconds(durationSeconds: number | null): number {
  return durationSeconds !== null && durationSeconds > 600 ? 6 : 2;
}

export interface TPlayableOptions extends TMediaTaskOptions {
  segmentSeconds?: number;
  rungs?: readonly THlsRung[];
  /** The proxy is the largest rung inside this box (default 1280×720). */
  proxyMaxWidth?: number;
  proxyMaxHeight?: number;
}

/** One media playlist the render writes: a video rung, or an audio rendition of the group. */
export interface TPlayablePlaylist {
  /** Relative to outDir: 'hls/stream_0.m3u8'. */
  playlist: string;
  type: 'video' | 'audio';
  name: string;
  width: number | null;
  height: number | null;
  /** Peak bits per second of this playlist's own streams. */
  bandwidth: number;
  audio: Pick<TAudioRendition, 'channels' | 'isDefault'> | null;
}

export interface TPlayablePlan {
  command: TFfmpegCommand;
  /** Lowest video rung first (players start on it), then the audio renditions, the default first. */
  playlists: TPlayablePlaylist[];
  master: string;
  /** The rung the proxy MP4 is remuxed from, and the audio it carries (or null). */
  proxy: {
    video: TPlayablePlaylist | null;
    audio: TPlayablePlaylist | null;
    width: number | null;
    height: number | null;
  };
  filmstrip: TFilmstripManifest | null;
  /** Waveform pairs per second; null without audio (the PCM of the mix comes on stdout). */
  waveformRate: number | null;
  segmentSeconds: number;
  segmentDuration: Rational;
}

function peak(kbps: number): number {
  // The encoder may peak 7 % over the target (maxrate below); the master playlist announces the peak.
  return Math.round(kbps * 1.07) * 1000;
}

function quoted(value: string): string {
  return `"${value.replace(/"/g, "'")}"`;
}

/** The master playlist: the audio group (when there is video) and the rungs, lowest first. */
export function playableMaster(playlists: readonly TPlayablePlaylist[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const videos = playlists.filter((p) => p.type === 'video');
  const audios = playlists.filter((p) => p.type === 'audio');
  const uri = (p: TPlayablePlaylist) => path.posix.basename(p.playlist);
  if (videos.length === 0) {
    for (const audio of audios) lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${audio.bandwidth}`, uri(audio));
    return `${lines.join('\n')}\n`;
  }
  for (const audio of audios) {
    const flags = audio.audio?.isDefault ? 'DEFAULT=YES,AUTOSELECT=YES' : 'DEFAULT=NO,AUTOSELECT=NO';
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=${quoted(AUDIO_GROUP)},NAME=${quoted(audio.name)},${flags},` +
        `CHANNELS="${audio.audio?.channels ?? 2}",URI=${quoted(uri(audio))}`,
    );
  }
  const audioPeak = audios.length > 0 ? AUDIO_KBPS * 1000 : 0;
  for (const video of videos) {
    const group = audios.length > 0 ? `,AUDIO=${quoted(AUDIO_GROUP)}` : '';
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${video.bandwidth + audioPeak},RESOLUTION=${video.width}x${video.height}${group}`,
      uri(video),
    );
  }
  return `${lines.join('\n')}\n`;
}

function proxyRung(ladder: THlsVariantPlan[], maxWidth: number, maxHeight: number): THlsVariantPlan {
  const inside = ladder.filter((rung) => rung.width <= maxWidth && rung.height <= maxHeight);
  // The ladder is lowest first: the last inside the box is the largest.
  return inside[inside.length - 1] ?? ladder[0]!;
}

/**
 * The one ffmpeg run that makes an item playable: the source is decoded once and split into the HLS rungs (video
 * only), the audio renditions of the group, the filmstrip sprite, and the mix as PCM for the waveform. Playlists
 * are EVENT playlists, rewritten after each segment, so the HLS can be published while it grows.
 */
export function planPlayableRender(options: TPlayableOptions): TPlayablePlan {
  const { probe } = options;
  const { video } = probe;
  const tracks = probe.audioTracks.length > 0 ? probe.audioTracks : probe.audio ? [probe.audio] : [];
  const audioPlan = planAudio(tracks);
  if (!video && !audioPlan.mix) throw new Error('A playable render needs an audio or a video stream');
  const segmentSeconds = options.segmentSeconds ?? playableSegmentSeconds(probe.durationSeconds);
  const segments = planSegments(segmentSeconds, video?.frameRate ?? null);
  const dir = path.join(options.outDir, PLAYABLE_HLS_DIR);
  const graph: string[] = [];
  const hlsMaps: string[] = [];
  const codecArgs: string[] = [];
  const streamMap: string[] = [];
  const playlists: TPlayablePlaylist[] = [];
  const tail: string[] = [];
  const playlistName = () => `${PLAYABLE_HLS_DIR}/stream_${playlists.length}.m3u8`;

  let ladder: THlsVariantPlan[] = [];
  let filmstrip: TFilmstripManifest | null = null;
  if (video) {
    ladder = chooseHlsLadder(video.displayWidth, video.displayHeight, video.frameRate, options.rungs).reverse();
    if (probe.durationSeconds) {
      filmstrip = planFilmstripLayout(probe.durationSeconds, video.frameRate, video.displayWidth, video.displayHeight);
    }
    const branches = ladder.map((_, i) => `[s${i}]`).join('') + (filmstrip ? '[sfs]' : '');
    const count = ladder.length + (filmstrip ? 1 : 0);
    graph.push(`[0:${video.index}]${[...deinterlaceFilter(video), `split=${count}`].join(',')}${branches}`);
    ladder.forEach((rung, i) => {
      graph.push(`[s${i}]scale=${rung.width}:${rung.height},setsar=1[v${i}]`);
      hlsMaps.push('-map', `[v${i}]`);
      streamMap.push(`v:${i}${audioPlan.mix ? `,agroup:${AUDIO_GROUP}` : ''}`);
      const kbps = rung.videoKbps;
      codecArgs.push(`-b:v:${i}`, `${kbps}k`, `-maxrate:v:${i}`, `${Math.round(kbps * 1.07)}k`);
      codecArgs.push(`-bufsize:v:${i}`, `${Math.round(kbps * 1.5)}k`);
      playlists.push({
        playlist: playlistName(),
        type: 'video',
        name: rung.name,
        width: rung.width,
        height: rung.height,
        bandwidth: peak(kbps),
        audio: null,
      });
    });
    if (filmstrip && probe.durationSeconds) {
      const filters = [
        `fps=fps=${filmstrip.count}/${probe.durationSeconds.toFixed(6)}:round=down`,
        `scale=${filmstrip.tileWidth}:${filmstrip.tileHeight}`,
        'setsar=1',
        `tile=${filmstrip.columns}x${filmstrip.rows}`,
      ];
      graph.push(`[sfs]${filters.join(',')}[fs]`);
      tail.push('-map', '[fs]', '-frames:v', '1', '-q:v', '4', '-update', '1', '-f', 'image2');
      tail.push(path.join(options.outDir, 'filmstrip.jpg'));
    }
    codecArgs.unshift('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p');
    if (segments.gopFrames) codecArgs.push('-g', String(segments.gopFrames));
    if (segments.forceKeyFrames) codecArgs.push('-force_key_frames', segments.forceKeyFrames);
  }

  let waveformRate: number | null = null;
  // Without video only the mix is made: an audio item's player has no track menu.
  const renditions = video ? audioPlan.renditions : audioPlan.mix ? [audioPlan.mix] : [];
  renditions.forEach((rendition, i) => {
    const isMix = rendition === audioPlan.mix;
    if (isMix) {
      waveformRate = chooseWaveformRate(probe.durationSeconds);
      graph.push(`${rendition.filter('mix')};[mix]asplit=2[a${i}][wave]`);
      graph.push(`[wave]aformat=channel_layouts=mono,aresample=${WAVEFORM_SAMPLE_RATE}[wavepcm]`);
    } else {
      graph.push(rendition.filter(`a${i}`));
    }
    hlsMaps.push('-map', `[a${i}]`);
    codecArgs.push(`-ac:a:${i}`, String(rendition.channels));
    streamMap.push(video ? `a:${i},agroup:${AUDIO_GROUP}` : `a:${i}`);
    playlists.push({
      playlist: playlistName(),
      type: 'audio',
      name: rendition.name,
      width: null,
      height: null,
      bandwidth: AUDIO_KBPS * 1000,
      audio: { channels: rendition.channels, isDefault: rendition.isDefault },
    });
  });
  if (renditions.length > 0) codecArgs.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`);
  if (waveformRate !== null) tail.push('-map', '[wavepcm]', '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1');

  const args = [...FFMPEG_PREFIX, '-i', fileUrl(options.input), '-filter_complex', graph.join(';')];
  args.push(...hlsMaps, ...codecArgs, '-sn', '-dn');
  args.push('-f', 'hls', '-hls_time', segments.hlsTime, '-hls_playlist_type', 'event');
  args.push('-hls_flags', 'independent_segments+temp_file', '-hls_segment_type', 'mpegts');
  args.push('-hls_segment_filename', path.join(dir, 'stream_%v_%05d.ts'));
  args.push('-var_stream_map', streamMap.join(' '), path.join(dir, 'stream_%v.m3u8'), ...tail);

  const videos = playlists.filter((p) => p.type === 'video');
  const proxyVideo = video
    ? videos[ladder.indexOf(proxyRung(ladder, options.proxyMaxWidth ?? 1280, options.proxyMaxHeight ?? 720))]!
    : null;
  return {
    command: {
      args,
      expectedSeconds: probe.durationSeconds,
      pipesStdout: waveformRate !== null,
      paths: [fileUrl(options.input), dir, options.outDir],
    },
    playlists,
    master: playableMaster(playlists),
    proxy: {
      video: proxyVideo,
      audio: playlists.find((p) => p.type === 'audio' && p.audio?.isDefault) ?? null,
      width: proxyVideo?.width ?? null,
      height: proxyVideo?.height ?? null,
    },
    filmstrip,
    waveformRate,
    segmentSeconds: segments.seconds,
    segmentDuration: segments.duration,
  };
}

/** Remuxes the proxy rung and the mix into proxy/proxy.mp4 (moov first), no encoding: the same picture as HLS. */
export function planProxyRemux(plan: TPlayablePlan, outDir: string): TFfmpegCommand {
  const output = path.join(outDir, 'proxy', 'proxy.mp4');
  const args = [...FFMPEG_PREFIX];
  const inputs = [plan.proxy.video, plan.proxy.audio].filter((p): p is TPlayablePlaylist => p !== null);
  for (const input of inputs) args.push('-i', fileUrl(path.join(outDir, input.playlist)));
  inputs.forEach((input, i) => args.push('-map', `${i}:${input.type === 'video' ? 'v' : 'a'}:0`));
  args.push('-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', output);
  return { args, expectedSeconds: null, pipesStdout: false, paths: [...inputs.map((p) => p.playlist), output] };
}
