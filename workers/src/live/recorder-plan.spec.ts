import { canStreamCopy, parseSegmentList, planRecorderArgs, RECORDER_TRANSCODE_ARGS } from './recorder-plan';

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

  it('reads the segment list as ffmpeg writes it, ignoring a half-written last line', () => {
    expect(parseSegmentList('run-001-00000.ts,1.400000,3.400000\nrun-001-00001.ts,3.4,5.4\nrun-001-0000')).toEqual([
      { file: 'run-001-00000.ts', streamStart: 1.4, streamEnd: 3.4 },
      { file: 'run-001-00001.ts', streamStart: 3.4, streamEnd: 5.4 },
    ]);
  });
});
