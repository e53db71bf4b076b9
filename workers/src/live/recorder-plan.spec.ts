import type { TRenderPresetSettings } from '@mam/core';
import {
  canStreamCopy,
  isUnsizedInput,
  parseSegmentList,
  planRecorderArgs,
  RECORDER_TRANSCODE_ARGS,
} from './recorder-plan';
import { presetRecorderArgs } from './recorder-preset';

const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('recorder plan', () => {
  it('keeps broadcast codecs and re-encodes what MPEG-TS segments cannot join', () => {
    expect(canStreamCopy({ video: 'h264', audio: 'aac' })).toBe(true);
    expect(canStreamCopy({ video: 'mpeg2video', audio: 'mp2' })).toBe(true);
    expect(canStreamCopy({ video: 'h264', audio: null })).toBe(true);
    expect(canStreamCopy({ video: 'vp9', audio: 'opus' })).toBe(false);
    expect(canStreamCopy({ video: 'h264', audio: 'opus' })).toBe(false);
    expect(canStreamCopy({ video: null, audio: 'aac' })).toBe(false);
  });

  it('writes copied high-res segments and an appending event playlist from one input read', () => {
    const input = { url: 'udp://127.0.0.1:5000', inputOptions: ['-thread_queue_size', '512'] };
    const args = planRecorderArgs({ input, dir: '/rec', run: 3, segmentSeconds: 2, highRes: 'copy', proxyHeight: 360 });
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(args.indexOf('-thread_queue_size')).toBeLessThan(args.indexOf('-i'));
    expect(after(args, '-c')).toBe('copy');
    expect(after(args, '-segment_list')).toBe('/rec/highres/run-003.csv');
    expect(args).toContain('/rec/highres/run-003-%05d.ts');
    expect(after(args, '-hls_playlist_type')).toBe('event');
    expect(after(args, '-hls_flags')).toContain('append_list');
    expect(args.at(-1)).toBe('/rec/hls/index.m3u8');
  });

  it('re-encodes the high res with keyframes on segment boundaries when told to', () => {
    const input = { url: 'srt://host:9000', inputOptions: [] };
    const args = planRecorderArgs({
      input,
      dir: '/rec',
      run: 1,
      segmentSeconds: 4,
      highRes: RECORDER_TRANSCODE_ARGS,
      proxyHeight: 360,
    });
    expect(args).not.toContain('copy');
    expect(after(args, '-c:v')).toBe('libx264');
    expect(after(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*4)');
  });

  it('looks at the feed for 2.5 s before recording, and for 12 s when a short look could not size the picture', () => {
    const input = { url: 'udp://127.0.0.1:5000', inputOptions: [] };
    const plan = { input, dir: '/rec', run: 1, segmentSeconds: 2, highRes: 'copy', proxyHeight: 360 } as const;
    const short = planRecorderArgs(plan);
    expect(after(short, '-analyzeduration')).toBe('2500000');
    expect(short.indexOf('-analyzeduration')).toBeLessThan(short.indexOf('-i'));
    // The byte limit never cuts the look short at contribution bit rates (50 Mbit/s for 2.5 s is about 16 MB).
    expect(Number(after(short, '-probesize'))).toBeGreaterThan((50e6 / 8) * 2.5);
    const long = planRecorderArgs({ ...plan, analysis: 'long' });
    expect(after(long, '-analyzeduration')).toBe('12000000');
    expect(Number(after(long, '-probesize'))).toBeGreaterThan((50e6 / 8) * 12);

    expect(isUnsizedInput('[segment @ 0x1] dimensions not set')).toBe(true);
    expect(isUnsizedInput('Could not find codec parameters for stream 0 (Video: h264, none): unspecified size')).toBe(
      true,
    );
    expect(isUnsizedInput('Connection refused')).toBe(false);
    expect(isUnsizedInput(null)).toBe(false);
  });

  it('reads the segment list as ffmpeg writes it, ignoring a half-written last line', () => {
    expect(parseSegmentList('run-001-00000.ts,1.400000,3.400000\nrun-001-00001.ts,3.4,5.4\nrun-001-0000')).toEqual([
      { file: 'run-001-00000.ts', streamStart: 1.4, streamEnd: 3.4 },
      { file: 'run-001-00001.ts', streamStart: 3.4, streamEnd: 5.4 },
    ]);
  });
});

describe('recorder plan with a render preset', () => {
  const input = { url: 'udp://127.0.0.1:5000', inputOptions: [] };
  const plan = (settings: TRenderPresetSettings) =>
    planRecorderArgs({
      input,
      dir: '/rec',
      run: 1,
      segmentSeconds: 2,
      highRes: presetRecorderArgs(settings),
      proxyHeight: 360,
    });
  /** The high-res output's arguments: from the input to its segment pattern. */
  const highRes = (args: string[]) => args.slice(args.indexOf('-i') + 2, args.indexOf('/rec/highres/run-001-%05d.ts'));

  it('encodes a generic preset as H.264/AAC in MPEG-TS segments with keyframes on their boundaries', () => {
    const args = highRes(plan({ mode: 'generic', height: 719, crf: 20, speed: 'fast', audioBitrateKbps: 160 }));
    expect(after(args, '-vf')).toBe('scale=-2:720');
    expect(after(args, '-c:v')).toBe('libx264');
    expect(after(args, '-crf')).toBe('20');
    expect(after(args, '-preset')).toBe('fast');
    expect(after(args, '-c:a')).toBe('aac');
    expect(after(args, '-b:a')).toBe('160k');
    expect(after(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*2)');
    expect(after(args, '-segment_format')).toBe('mpegts');
  });

  it('encodes the broadcast preset as closed-GOP MPEG-2 4:2:2 with its PCM tracks as SMPTE 302M', () => {
    const args = highRes(plan({ mode: 'broadcast', format: '1080i50', audioTracks: 8 }));
    expect(after(args, '-vf')).toBe('fps=25,scale=1920:1080:interl=-1,setsar=1,format=yuv422p,setfield=tff');
    expect(after(args, '-c:v')).toBe('mpeg2video');
    expect(after(args, '-b:v')).toBe('50M');
    expect(after(args, '-pix_fmt')).toBe('yuv422p');
    // One -flags: a second would replace the interlaced coding flags.
    expect(args.filter((a) => a === '-flags')).toHaveLength(1);
    expect(after(args, '-flags')).toBe('+ildct+ilme+cgop');
    expect(after(args, '-af')).toBe('pan=8c|c0=c0|c1=c1|c2=c2|c3=c3|c4=c4|c5=c5|c6=c6|c7=c7');
    expect(after(args, '-c:a')).toBe('s302m');
    expect(after(args, '-strict:a')).toBe('-2');
    expect(after(args, '-sample_fmt')).toBe('s32');
    expect(after(args, '-ar')).toBe('48000');
    expect(after(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*2)');

    const progressive = highRes(plan({ mode: 'broadcast', format: '1080p25', audioTracks: 3 }));
    expect(after(progressive, '-vf')).toBe(
      'fps=25,bwdif=mode=send_frame:deint=interlaced,scale=1920:1080,setsar=1,format=yuv422p,setfield=prog',
    );
    expect(after(progressive, '-flags')).toBe('+cgop');
    // 302M carries even channel counts: three tracks travel as four channels.
    expect(after(progressive, '-af')).toBe('pan=4c|c0=c0|c1=c1|c2=c2|c3=c3');
  });

  it('encodes an advanced preset with its allow-listed parameters, carrying at most 8 PCM channels', () => {
    const hevc = highRes(
      plan({
        mode: 'advanced',
        container: 'mkv',
        videoCodec: 'hevc',
        audioCodec: 'pcm_s16le',
        parameters: { crf: 26, height: 1080, pixelFormat: 'yuv420p', audioChannels: 12 },
      }),
    );
    expect(after(hevc, '-c:v')).toBe('libx265');
    expect(after(hevc, '-crf')).toBe('26');
    expect(after(hevc, '-vf')).toBe('scale=-2:1080');
    expect(after(hevc, '-forced-idr')).toBe('1');
    expect(after(hevc, '-c:a')).toBe('s302m');
    expect(after(hevc, '-sample_fmt')).toBe('s16');
    expect(after(hevc, '-af')).toBe('pan=8c|c0=c0|c1=c1|c2=c2|c3=c3|c4=c4|c5=c5|c6=c6|c7=c7');

    const mpeg2 = highRes(
      plan({
        mode: 'advanced',
        container: 'mp4',
        videoCodec: 'mpeg2video',
        audioCodec: 'aac',
        parameters: { videoBitrateKbps: 15000, gopFrames: 12, audioSampleRate: '44100', audioChannels: 1 },
      }),
    );
    expect(after(mpeg2, '-c:v')).toBe('mpeg2video');
    expect(after(mpeg2, '-b:v')).toBe('15000k');
    expect(after(mpeg2, '-g')).toBe('12');
    expect(after(mpeg2, '-flags')).toBe('+cgop');
    expect(mpeg2).not.toContain('-vf');
    expect(after(mpeg2, '-c:a')).toBe('aac');
    expect(after(mpeg2, '-ar')).toBe('44100');
    expect(after(mpeg2, '-ac')).toBe('1');
  });

  it('has no coding for a rewrap preset', () => {
    expect(() => presetRecorderArgs({ mode: 'rewrap', container: 'mov' })).toThrow();
  });
});
