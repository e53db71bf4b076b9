import { planFilmstrip, planFilmstripLayout } from './create-filmstrip';
import { planHlsLadder } from './create-hls-ladder';
import { choosePreviewWidths } from './create-image-previews';
import { documentGlyphSvg, documentLabel } from './create-document-thumbnail';
import { planProxyMp4 } from './create-proxy-mp4';
import { planThumbnail, posterTime } from './create-thumbnail';
import { planWaveform } from './create-waveform';
import { mediaSteps, toItemMedia } from './item-media';
import type { TAudioInfo, TMediaProbe, TVideoInfo } from './media-probe.types';

const videoInfo: TVideoInfo = {
  index: 0,
  codec: 'h264',
  profile: 'High',
  width: 1920,
  height: 1080,
  displayWidth: 1920,
  displayHeight: 1080,
  sampleAspectRatio: null,
  frameRate: '50/1',
  pixelFormat: 'yuv420p',
  rotation: 0,
  fieldOrder: 'progressive',
  scanType: 'progressive',
  colourSpace: 'bt709',
  colourPrimaries: 'bt709',
  colourTransfer: 'bt709',
  colourRange: 'tv',
  hdr: null,
  bitDepth: 8,
  bitRate: 20_000_000,
  frameCount: 3000,
};
const audioInfo: TAudioInfo = {
  index: 1,
  codec: 'pcm_s24le',
  channels: 6,
  sampleRate: 48000,
  layout: '5.1',
  bitDepth: 24,
  bitRate: null,
};

function probe(overrides: Partial<TMediaProbe> = {}): TMediaProbe {
  return {
    itemType: 'video',
    format: 'mxf',
    formatName: 'mxf',
    mimeType: 'application/mxf',
    size: 150_000_000,
    durationSeconds: 60,
    bitRate: 20_000_000,
    video: videoInfo,
    audio: audioInfo,
    audioStreamCount: 1,
    audioTracks: [audioInfo],
    hasCoverArt: false,
    timecodeStart: '10:00:00:00',
    image: null,
    ...overrides,
  };
}

const base = { input: '/media/in put.mxf', outDir: '/out' };
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('planProxyMp4', () => {
  it('encodes H.264 yuv420p CRF 23 veryfast in 1280×720 with stereo AAC and fast start', () => {
    const { args, expectedSeconds, pipesStdout } = planProxyMp4({ ...base, probe: probe() });
    expect(args.slice(0, 8)).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-nostats',
      '-progress',
      'pipe:2',
    ]);
    expect(after(args, '-i')).toBe('file:/media/in put.mxf');
    expect(after(args, '-vf')).toBe('scale=1280:720,setsar=1');
    expect(args.join(' ')).toContain(
      '-map 0:0 -vf scale=1280:720,setsar=1 -c:v libx264 -preset veryfast -crf 23 -profile:v high -pix_fmt yuv420p',
    );
    expect(args.join(' ')).toContain('-map 0:1 -c:a aac -b:a 128k -ac 2');
    expect(args.slice(-5)).toEqual(['-movflags', '+faststart', '-f', 'mp4', '/out/proxy/proxy.mp4']);
    expect([expectedSeconds, pipesStdout]).toEqual([60, false]);
  });

  it('deinterlaces interlaced sources and keeps a portrait picture upright', () => {
    const portrait = { ...videoInfo, displayWidth: 1080, displayHeight: 1920, fieldOrder: 'bff' as const };
    expect(after(planProxyMp4({ ...base, probe: probe({ video: portrait }) }).args, '-vf')).toBe(
      'bwdif=mode=send_frame,scale=406:720,setsar=1',
    );
  });

  it('makes an AAC-only MP4 from audio and keeps mono mono', () => {
    const mono = { ...audioInfo, index: 0, channels: 1 };
    const { args } = planProxyMp4({ ...base, probe: probe({ itemType: 'audio', video: null, audio: mono }) });
    expect(args).not.toContain('-c:v');
    expect(args).not.toContain('-ac');
    expect(args.join(' ')).toContain('-map 0:0 -c:a aac -b:a 128k');
  });
});

describe('planHlsLadder', () => {
  it('splits once, scales per rung, and cuts 6 s segments on shared keyframes', () => {
    const plan = planHlsLadder({ ...base, probe: probe() });
    const { args } = plan.command;
    expect(after(args, '-filter_complex')).toBe(
      '[0:0]split=3[s0][s1][s2];[s0]scale=1920:1080,setsar=1[v0];[s1]scale=1280:720,setsar=1[v1];[s2]scale=640:360,setsar=1[v2]',
    );
    expect(after(args, '-var_stream_map')).toBe('v:0,a:0 v:1,a:1 v:2,a:2');
    expect(after(args, '-master_pl_name')).toBe('master.m3u8');
    expect(after(args, '-hls_time')).toBe('6.000000');
    expect(after(args, '-g')).toBe('300');
    expect(after(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*6.000000000-0.010000000)');
    expect(after(args, '-b:v:0')).toBe('7500k');
    expect(after(args, '-hls_segment_filename')).toBe('/out/hls/stream_%v_%05d.ts');
    expect(args[args.length - 1]).toBe('/out/hls/stream_%v.m3u8');
    expect(plan.segmentDuration).toEqual({ numerator: 76800, denominator: 12800 });
  });

  it('makes a single audio rendition from audio', () => {
    const plan = planHlsLadder({ ...base, probe: probe({ video: null }), segmentSeconds: 4 });
    expect(plan.command.args).not.toContain('-filter_complex');
    expect(after(plan.command.args, '-var_stream_map')).toBe('a:0');
    expect(after(plan.command.args, '-hls_time')).toBe('4.000000');
    expect(plan.variants).toEqual([null]);
  });
});

describe('thumbnail and filmstrip plans', () => {
  it('takes the poster from the keyframe at or before 10 % in, decoding no other frame', () => {
    expect(posterTime(60)).toBe(6);
    expect(posterTime(null)).toBe(0);
    const { command, source } = planThumbnail({ ...base, probe: probe() });
    expect(source).toBe('frame');
    expect(after(command.args, '-ss')).toBe('6');
    expect(after(command.args, '-skip_frame')).toBe('nokey');
    expect(command.args.indexOf('-noaccurate_seek')).toBeLessThan(command.args.indexOf('-i'));
    expect(after(command.args, '-vf')).toBe('scale=640:360,setsar=1');
  });

  it('draws the waveform for audio without cover art, and uses cover art when there is some', () => {
    expect(planThumbnail({ ...base, probe: probe({ video: null }) }).source).toBe('waveform');
    expect(planThumbnail({ ...base, probe: probe({ video: null, hasCoverArt: true }) }).source).toBe('cover-art');
    expect(() => planThumbnail({ ...base, probe: probe({ video: null, audio: null }) })).toThrow(/createImagePreviews/);
  });

  it.each<[number, string | null, number, number, number]>([
    [60, '50/1', 100, 10, 10],
    [3, '25/1', 6, 6, 1],
    [0.2, '25/1', 1, 1, 1],
    [7200, '25/1', 100, 10, 10],
    [12, '1/1', 12, 10, 2],
  ])('%p s at %j: %p tiles in %p columns, %p rows', (duration, rate, count, columns, rows) => {
    const layout = planFilmstripLayout(duration, rate, 1920, 1080);
    expect(layout).toMatchObject({ count, columns, rows, tileWidth: 160, tileHeight: 90 });
    expect(layout.intervalSeconds * layout.count).toBeCloseTo(duration, 9);
  });

  it('decodes only keyframes when tiles are far apart', () => {
    expect(planFilmstrip({ ...base, probe: probe() }).command.args).not.toContain('-skip_frame');
    expect(planFilmstrip({ ...base, probe: probe({ durationSeconds: 3600 }) }).command.args).toContain('-skip_frame');
  });

  it('pipes mono 8 kHz PCM for the waveform', () => {
    const { command, samplesPerSecond } = planWaveform({ ...base, probe: probe() });
    expect(command.pipesStdout).toBe(true);
    expect(command.args.slice(8).join(' ')).toBe(
      '-i file:/media/in put.mxf -map 0:1 -ac 1 -ar 8000 -c:a pcm_s16le -f s16le pipe:1',
    );
    expect(samplesPerSecond).toBe(100);
  });
});

describe('image and document helpers', () => {
  it.each<[number, number[]]>([
    [4000, [320, 1280, 2560]],
    [2560, [320, 1280, 2560]],
    [1300, [320, 1280]],
    [1000, [320, 1000]],
    [350, [320]],
    [200, [200]],
  ])('a %p px wide image gets previews %j', (width, widths) => {
    expect(choosePreviewWidths(width)).toEqual(widths);
  });

  it.each<[string, string]>([
    ['Budget 2026.xlsx', 'XLSX'],
    ['notes.txt', 'TXT'],
    ['archive.tar.gz', 'GZ'],
    ['README', 'FILE'],
    ['weird.æøå', 'FILE'],
    ['long.extension', 'EXTEN'],
  ])('%j is labelled %j', (name, label) => {
    expect(documentLabel(name)).toBe(label);
  });

  it('draws the label in the colour of its kind', () => {
    expect(documentGlyphSvg('a.pdf')).toContain('fill="#c92a2a"');
    expect(documentGlyphSvg('a.docx')).toContain('fill="#1971c2"');
    expect(documentGlyphSvg('a.bin')).toContain('fill="#495057"');
  });
});

describe('item media', () => {
  it('lists the steps per item type', () => {
    expect(mediaSteps(probe())).toEqual(['thumbnail', 'playable']);
    expect(mediaSteps(probe({ audio: null }))).toEqual(['thumbnail', 'playable']);
    expect(mediaSteps(probe({ itemType: 'audio', video: null }))).toEqual(['thumbnail', 'playable']);
    expect(mediaSteps(probe({ itemType: 'image' }))).toEqual(['imagePreviews']);
    expect(mediaSteps(probe({ itemType: 'file' }))).toEqual(['documentThumbnail']);
  });

  it('maps a probe, the HLS segmentation and the measured levels onto the item', () => {
    const rotated = { ...videoInfo, width: 1920, height: 1080, displayWidth: 1080, displayHeight: 1920 };
    const levels = new Map([[1, [{ peakDb: -6, rmsDb: -20.5 }]]]);
    expect(
      toItemMedia(
        probe({ video: rotated }),
        { segmentCount: 10, segmentDuration: { numerator: 76800, denominator: 12800 } },
        levels,
      ),
    ).toEqual({
      durationSeconds: 60,
      frameRate: '50/1',
      width: 1080,
      height: 1920,
      videoCodec: 'h264',
      audioCodec: 'pcm_s24le',
      audioChannels: 6,
      sampleRate: 48000,
      container: 'mxf',
      mimeType: 'application/mxf',
      bitRate: 20_000_000,
      timecodeStart: '10:00:00:00',
      video: {
        codec: 'h264',
        profile: 'High',
        pixelFormat: 'yuv420p',
        bitDepth: 8,
        scanType: 'progressive',
        fieldOrder: 'progressive',
        colourSpace: 'bt709',
        colourPrimaries: 'bt709',
        colourTransfer: 'bt709',
        colourRange: 'tv',
        hdr: null,
      },
      audioTracks: [
        {
          index: 1,
          codec: 'pcm_s24le',
          sampleRate: 48000,
          bitDepth: 24,
          channels: 6,
          layout: '5.1',
          levels: [{ peakDb: -6, rmsDb: -20.5 }],
        },
      ],
      segmentCount: 10,
      segmentDuration: { numerator: 76800, denominator: 12800 },
    });
  });
});
