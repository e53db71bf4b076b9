import { LIVE_PREVIEW_FILE, livePreviewArgs } from './live-preview';

describe('live preview', () => {
  it('writes a small one-second sliding-window HLS after the input options', () => {
    const args = livePreviewArgs({ url: 'udp://127.0.0.1:5000', inputOptions: ['-timeout', '5000000'] }, '/w/p');
    expect(args.indexOf('-timeout')).toBeLessThan(args.indexOf('-i'));
    const value = (flag: string) => args[args.indexOf(flag) + 1];
    expect(value('-hls_time')).toBe('1');
    expect(value('-hls_list_size')).toBe('6');
    expect(value('-hls_flags')).toContain('delete_segments');
    expect(value('-tune')).toBe('zerolatency');
    expect(value('-hls_segment_filename')).toBe('/w/p/segment-%d.ts');
    expect(args.at(-1)).toBe('/w/p/index.m3u8');
  });

  it('names only the files a preview writes', () => {
    for (const name of ['index.m3u8', 'segment-0.ts', 'segment-12345.ts'])
      expect(LIVE_PREVIEW_FILE.test(name)).toBe(true);
    for (const name of ['../index.m3u8', 'index.m3u8.tmp', 'segment-.ts', 'segment-1.ts/..', '.', 'segment-1.mp4'])
      expect(LIVE_PREVIEW_FILE.test(name)).toBe(false);
  });
});
