import { planAudio } from './audio-plan';
import type { TAudioInfo, TMediaProbe, TVideoInfo } from './media-probe.types';
import { planPlayableRender, playableMaster, playableSegmentSeconds, planProxyRemux } from './playable-plan';

const track = (index: number, channels: number, layout: string | null = null): TAudioInfo => ({
  index,
  codec: 'pcm_s24le',
  channels,
  sampleRate: 48000,
  layout,
  bitDepth: 24,
  bitRate: null,
});
const monoTracks = (count: number) => Array.from({ length: count }, (_, i) => track(i + 1, 1));

const summary = (tracks: TAudioInfo[]) =>
  planAudio(tracks).renditions.map((r) => [r.name, r.inputs, r.channels, r.isDefault, r.filter('out')]);

describe('planAudio', () => {
  it('has nothing for a file without sound', () => {
    expect(planAudio([])).toEqual({ mix: null, renditions: [] });
  });

  it('plays a single stereo track as it is, with no alternates', () => {
    expect(summary([track(1, 2, 'stereo')])).toEqual([['Track 1', [1], 2, true, '[0:1]anull[out]']]);
  });

  it('folds a 5.1 track to stereo by its layout', () => {
    expect(summary([track(1, 6, '5.1(side)')])).toEqual([
      ['Track 1', [1], 2, true, '[0:1]aformat=channel_layouts=stereo[out]'],
    ]);
  });

  it('takes the first two channels of a many-channel track whose layout nobody states', () => {
    expect(summary([track(2, 16)])[0]![4]).toBe('[0:2]pan=stereo|c0=c0|c1=c1[out]');
  });

  it('keeps a single mono track mono', () => {
    expect(summary([track(1, 1)])).toEqual([['Track 1', [1], 1, true, '[0:1]anull[out]']]);
  });

  it('mixes tracks 1 and 2 of eight mono tracks to left and right, and offers every track', () => {
    const plan = planAudio(monoTracks(8));
    expect(plan.mix).toBe(plan.renditions[0]);
    expect(summary(monoTracks(8))).toEqual([
      ['Tracks 1+2', [1, 2], 2, true, '[0:1][0:2]join=inputs=2:channel_layout=stereo:map=0.0-FL|1.0-FR[out]'],
      ...Array.from({ length: 8 }, (_, i) => [`Track ${i + 1}`, [i + 1], 1, false, `[0:${i + 1}]anull[out]`]),
    ]);
  });

  it('uses a stereo first track as the mix when more tracks follow', () => {
    expect(summary([track(1, 2, 'stereo'), track(2, 1), track(3, 6, '5.1')])).toEqual([
      ['Track 1', [1], 2, true, '[0:1]anull[out]'],
      ['Track 2', [2], 1, false, '[0:2]anull[out]'],
      ['Track 3', [3], 2, false, '[0:3]aformat=channel_layouts=stereo[out]'],
    ]);
  });
});

const video: TVideoInfo = {
  index: 0,
  codec: 'prores',
  profile: null,
  width: 1920,
  height: 1080,
  displayWidth: 1920,
  displayHeight: 1080,
  sampleAspectRatio: null,
  frameRate: '25/1',
  pixelFormat: 'yuv422p10le',
  rotation: 0,
  fieldOrder: 'progressive',
  scanType: 'progressive',
  colourSpace: null,
  colourPrimaries: null,
  colourTransfer: null,
  colourRange: null,
  hdr: null,
  bitDepth: 10,
  bitRate: null,
  frameCount: 500,
};

function probe(overrides: Partial<TMediaProbe> = {}): TMediaProbe {
  const tracks = monoTracks(8);
  return {
    itemType: 'video',
    format: 'mxf',
    formatName: 'mxf',
    mimeType: 'application/mxf',
    size: 1,
    durationSeconds: 20,
    bitRate: null,
    video,
    audio: tracks[0]!,
    audioStreamCount: 8,
    audioTracks: tracks,
    hasCoverArt: false,
    timecodeStart: null,
    image: null,
    ...overrides,
  };
}

const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('planPlayableRender', () => {
  it('cuts short segments for a clip and longer ones for a programme', () => {
    expect(playableSegmentSeconds(20)).toBe(2);
    expect(playableSegmentSeconds(null)).toBe(2);
    expect(playableSegmentSeconds(3600)).toBe(6);
  });

  it('splits one decode into the rungs (lowest first), the filmstrip, the audio group and the waveform PCM', () => {
    const plan = planPlayableRender({ input: '/in/clip.mxf', outDir: '/out', probe: probe() });
    const { args } = plan.command;
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
    expect(after(args, '-hls_playlist_type')).toBe('event');
    expect(after(args, '-var_stream_map')).toBe(
      [
        ...[0, 1, 2].map((i) => `v:${i},agroup:audio`),
        ...Array.from({ length: 9 }, (_, i) => `a:${i},agroup:audio`),
      ].join(' '),
    );
    expect(after(args, '-filter_complex')).toMatch(/^\[0:0\]split=4\[s0\]\[s1\]\[s2\]\[sfs\];/);
    expect(plan.playlists.map((p) => [p.playlist, p.name])).toEqual([
      ['hls/stream_0.m3u8', '360p'],
      ['hls/stream_1.m3u8', '720p'],
      ['hls/stream_2.m3u8', '1080p'],
      ['hls/stream_3.m3u8', 'Tracks 1+2'],
      ...Array.from({ length: 8 }, (_, i) => [`hls/stream_${i + 4}.m3u8`, `Track ${i + 1}`]),
    ]);
    expect(args.slice(-4)).toEqual(['-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1'].slice(-4));
    expect(plan.command.pipesStdout).toBe(true);
    expect(plan.filmstrip).toMatchObject({ count: 40, columns: 10, rows: 4 });
    expect(plan.segmentSeconds).toBe(2);
    expect(plan.proxy).toMatchObject({ width: 1280, height: 720 });
    expect(plan.proxy.audio?.name).toBe('Tracks 1+2');
    expect(planProxyRemux(plan, '/out').args).toEqual(
      expect.arrayContaining(['file:/out/hls/stream_1.m3u8', 'file:/out/hls/stream_3.m3u8', '-c', 'copy']),
    );
  });

  it('announces the tracks as one audio group in the master, the mix the default', () => {
    const master = planPlayableRender({ input: '/in/clip.mxf', outDir: '/out', probe: probe() }).master;
    const lines = master.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('#EXT-X-MEDIA:'))).toHaveLength(9);
    expect(lines).toContain(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Tracks 1+2",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="stream_3.m3u8"',
    );
    expect(lines).toContain(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Track 8",DEFAULT=NO,AUTOSELECT=NO,CHANNELS="1",URI="stream_11.m3u8"',
    );
    const variants = lines.filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants[0]).toBe('#EXT-X-STREAM-INF:BANDWIDTH=984000,RESOLUTION=640x360,AUDIO="audio"');
    expect(variants.map((v) => /RESOLUTION=(\w+)/.exec(v)![1])).toEqual(['640x360', '1280x720', '1920x1080']);
  });

  it('makes an audio item one muxed rendition of the mix, without a group', () => {
    const plan = planPlayableRender({
      input: '/in/tone.wav',
      outDir: '/out',
      probe: probe({ itemType: 'audio', video: null, audioTracks: monoTracks(2) }),
    });
    expect(after(plan.command.args, '-var_stream_map')).toBe('a:0');
    expect(plan.filmstrip).toBeNull();
    expect(plan.proxy.video).toBeNull();
    expect(playableMaster(plan.playlists)).toBe(
      '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-STREAM-INF:BANDWIDTH=128000\nstream_0.m3u8\n',
    );
  });

  it('makes video without sound with no audio group and no waveform', () => {
    const plan = planPlayableRender({
      input: '/in/clip.mov',
      outDir: '/out',
      probe: probe({ audio: null, audioTracks: [], audioStreamCount: 0 }),
    });
    expect(after(plan.command.args, '-var_stream_map')).toBe('v:0 v:1 v:2');
    expect(plan.command.pipesStdout).toBe(false);
    expect(plan.waveformRate).toBeNull();
    expect(plan.master).not.toContain('AUDIO=');
  });
});
