import mxfInterlaced from './testing/ffprobe/mxf-interlaced-4-mono-pcm.json';
import proresHlg from './testing/ffprobe/prores-hlg.json';
import hevcPq from './testing/ffprobe/hevc-pq.json';
import {
  bitDepthOf,
  chooseFrameRate,
  hdrOf,
  containerOf,
  displaySize,
  durationOf,
  fieldOrderOf,
  isStillImage,
  mediaStreams,
  reduceRate,
  rotationOf,
  timecodeOf,
  type FfprobeOutput,
  type FfprobeStream,
} from './ffprobe-output';

const video = (extra: Partial<FfprobeStream> = {}): FfprobeStream => ({
  index: 0,
  codec_type: 'video',
  codec_name: 'h264',
  width: 1920,
  height: 1080,
  r_frame_rate: '50/1',
  avg_frame_rate: '50/1',
  ...extra,
});
const audio = (extra: Partial<FfprobeStream> = {}): FfprobeStream => ({
  index: 1,
  codec_type: 'audio',
  codec_name: 'aac',
  channels: 2,
  sample_rate: '48000',
  channel_layout: 'stereo',
  ...extra,
});

describe('frame rates', () => {
  it.each<[string | undefined, string | null]>([
    ['50/1', '50/1'],
    ['100/2', '50/1'],
    ['30000/1001', '30000/1001'],
    ['0/0', null],
    ['25/0', null],
    [undefined, null],
    ['abc', null],
  ])('reduces %j to %j', (text, expected) => {
    expect(reduceRate(text)).toBe(expected);
  });

  it('takes the exact nominal rate when the measured one agrees', () => {
    expect(chooseFrameRate(video({ r_frame_rate: '30000/1001', avg_frame_rate: '2997/100' }))).toBe('30000/1001');
    expect(chooseFrameRate(video({ r_frame_rate: '25/1', avg_frame_rate: '12800/512' }))).toBe('25/1');
  });

  it('takes the measured rate when the nominal one is a field or tick rate', () => {
    expect(chooseFrameRate(video({ r_frame_rate: '50/1', avg_frame_rate: '25/1' }))).toBe('25/1');
    expect(chooseFrameRate(video({ r_frame_rate: '120/1', avg_frame_rate: '0/0' }))).toBe('120/1');
    expect(chooseFrameRate(video({ r_frame_rate: '0/0', avg_frame_rate: '0/0' }))).toBeNull();
  });
});

describe('orientation and shape', () => {
  it.each<[Partial<FfprobeStream>, number]>([
    [{}, 0],
    [{ side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] }, 90],
    [{ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }] }, 270],
    [{ side_data_list: [{ side_data_type: 'Display Matrix', rotation: -180 }] }, 180],
    [{ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 180 }] }, 180],
    [{ tags: { rotate: '90' } }, 90],
    [{ tags: { rotate: '270' } }, 270],
  ])('%j turns %p° clockwise for display', (extra, degrees) => {
    expect(rotationOf(video(extra))).toBe(degrees);
  });

  it.each<[string | undefined, string | null]>([
    ['progressive', 'progressive'],
    ['tt', 'tff'],
    ['bt', 'tff'],
    ['bb', 'bff'],
    ['tb', 'bff'],
    ['unknown', null],
    [undefined, null],
  ])('field order %j → %j', (text, expected) => {
    expect(fieldOrderOf(text)).toBe(expected);
  });

  it('widens anamorphic pixels and turns sideways pictures', () => {
    expect(displaySize(720, 576, '64:45', 0)).toEqual({ width: 1024, height: 576 });
    expect(displaySize(720, 576, '16:15', 0)).toEqual({ width: 768, height: 576 });
    expect(displaySize(1920, 1080, null, 90)).toEqual({ width: 1080, height: 1920 });
    expect(displaySize(1920, 1080, null, 180)).toEqual({ width: 1920, height: 1080 });
  });
});

describe('timecodeOf', () => {
  it('prefers the container tag, then the video stream, then any stream (tmcd)', () => {
    const tmcd: FfprobeStream = { codec_type: 'data', tags: { timecode: '01:00:00:00' } };
    expect(timecodeOf({ format: { tags: { timecode: '10:00:00:00' } }, streams: [tmcd] })).toBe('10:00:00:00');
    expect(timecodeOf({ streams: [tmcd, video({ tags: { timecode: '09:59:59:24' } })] })).toBe('09:59:59:24');
    expect(timecodeOf({ streams: [video(), tmcd] })).toBe('01:00:00:00');
    expect(timecodeOf({ streams: [video({ tags: { timecode: '00:59:59;29' } })] })).toBe('00:59:59;29');
  });

  it('ignores missing and malformed values', () => {
    expect(timecodeOf({ streams: [video()] })).toBeNull();
    expect(timecodeOf({ format: { tags: { timecode: 'soon' } } })).toBeNull();
  });
});

describe('isStillImage', () => {
  it.each<[string, FfprobeOutput, boolean]>([
    ['a PNG', { format: { format_name: 'png_pipe' }, streams: [video({ codec_name: 'png' })] }, true],
    ['a JPEG by name', { format: { format_name: 'image2' }, streams: [video({ codec_name: 'mjpeg' })] }, true],
    ['a GIF', { format: { format_name: 'gif' }, streams: [video({ codec_name: 'gif', nb_frames: '12' })] }, true],
    [
      'a single MJPEG frame in another container',
      { format: { format_name: 'avi' }, streams: [video({ codec_name: 'mjpeg', nb_frames: '1' })] },
      true,
    ],
    [
      'Motion JPEG video',
      { format: { format_name: 'avi' }, streams: [video({ codec_name: 'mjpeg', nb_frames: '250' })] },
      false,
    ],
    ['H.264 video', { format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2' }, streams: [video(), audio()] }, false],
    [
      'an MP3 with cover art',
      {
        format: { format_name: 'mp3' },
        streams: [audio(), video({ codec_name: 'mjpeg', disposition: { attached_pic: 1 } })],
      },
      false,
    ],
  ])('%s → %p', (_name, output, expected) => {
    expect(isStillImage(output)).toBe(expected);
  });
});

describe('mediaStreams', () => {
  it('reads the first picture and sound, skipping cover art and counting audio streams', () => {
    const streams = mediaStreams({
      streams: [
        video({ index: 0, codec_name: 'mjpeg', disposition: { attached_pic: 1 } }),
        video({
          index: 1,
          codec_name: 'mpeg2video',
          width: 720,
          height: 576,
          sample_aspect_ratio: '64:45',
          r_frame_rate: '25/1',
          avg_frame_rate: '25/1',
          field_order: 'tt',
          pix_fmt: 'yuv422p',
          bit_rate: '50000000',
          nb_frames: '250',
        }),
        audio({ index: 2, codec_name: 'pcm_s24le', channels: 1, channel_layout: 'mono' }),
        audio({ index: 3, codec_name: 'pcm_s24le', channels: 1, channel_layout: 'mono' }),
      ],
    });
    expect(streams).toEqual({
      video: {
        index: 1,
        codec: 'mpeg2video',
        profile: null,
        width: 720,
        height: 576,
        displayWidth: 1024,
        displayHeight: 576,
        sampleAspectRatio: '64:45',
        frameRate: '25/1',
        pixelFormat: 'yuv422p',
        rotation: 0,
        fieldOrder: 'tff',
        scanType: 'interlaced',
        colourSpace: null,
        colourPrimaries: null,
        colourTransfer: null,
        colourRange: null,
        hdr: null,
        bitDepth: 8,
        bitRate: 50_000_000,
        frameCount: 250,
      },
      audio: {
        index: 2,
        codec: 'pcm_s24le',
        channels: 1,
        sampleRate: 48000,
        layout: 'mono',
        bitDepth: null,
        bitRate: null,
      },
      audioStreamCount: 2,
      audioTracks: [
        expect.objectContaining({ index: 2, channels: 1 }),
        expect.objectContaining({ index: 3, channels: 1 }),
      ],
      hasCoverArt: true,
    });
  });

  it('finds no video in an audio file with cover art', () => {
    const streams = mediaStreams({ streams: [audio(), video({ disposition: { attached_pic: 1 } })] });
    expect(streams.video).toBeNull();
    expect(streams.hasCoverArt).toBe(true);
  });

  it('takes the duration from the container, else the longest stream', () => {
    expect(durationOf({ format: { duration: '12.5' }, streams: [] })).toBe(12.5);
    expect(durationOf({ format: {}, streams: [video({ duration: '3' }), audio({ duration: '3.2' })] })).toBe(3.2);
    expect(durationOf({ format: { duration: 'N/A' }, streams: [video()] })).toBeNull();
  });
});

describe('containerOf', () => {
  const iso = 'mov,mp4,m4a,3gp,3g2,mj2';
  it.each<[string, FfprobeOutput, boolean, { format: string | null; mimeType: string }]>([
    [
      'QuickTime',
      { format: { format_name: iso, tags: { major_brand: 'qt  ' } } },
      true,
      { format: 'mov', mimeType: 'video/quicktime' },
    ],
    [
      'MP4',
      { format: { format_name: iso, tags: { major_brand: 'isom' } } },
      true,
      { format: 'mp4', mimeType: 'video/mp4' },
    ],
    [
      'M4A',
      { format: { format_name: iso, tags: { major_brand: 'M4A ' } } },
      false,
      { format: 'm4a', mimeType: 'audio/mp4' },
    ],
    [
      'audio-only MP4',
      { format: { format_name: iso, tags: { major_brand: 'isom' } } },
      false,
      { format: 'm4a', mimeType: 'audio/mp4' },
    ],
    [
      '3GP',
      { format: { format_name: iso, tags: { major_brand: '3gp5' } } },
      true,
      { format: '3gp', mimeType: 'video/3gpp' },
    ],
    [
      'WebM',
      { format: { format_name: 'matroska,webm' }, streams: [{ codec_name: 'vp9' }, { codec_name: 'opus' }] },
      true,
      { format: 'webm', mimeType: 'video/webm' },
    ],
    [
      'Matroska',
      { format: { format_name: 'matroska,webm' }, streams: [{ codec_name: 'h264' }, { codec_name: 'aac' }] },
      true,
      { format: 'matroska', mimeType: 'video/x-matroska' },
    ],
    ['MXF', { format: { format_name: 'mxf' } }, true, { format: 'mxf', mimeType: 'application/mxf' }],
    ['MPEG-TS', { format: { format_name: 'mpegts' } }, true, { format: 'mpegts', mimeType: 'video/mp2t' }],
    ['WAV', { format: { format_name: 'wav' } }, false, { format: 'wav', mimeType: 'audio/wav' }],
    ['MP3', { format: { format_name: 'mp3' } }, false, { format: 'mp3', mimeType: 'audio/mpeg' }],
    ['Ogg audio', { format: { format_name: 'ogg' } }, false, { format: 'ogg', mimeType: 'audio/ogg' }],
    [
      'something else',
      { format: { format_name: 'nut' } },
      true,
      { format: 'nut', mimeType: 'application/octet-stream' },
    ],
  ])('%s', (_name, output, hasVideo, expected) => {
    expect(containerOf(output, hasVideo)).toEqual(expected);
  });
});

/** ffprobe's own JSON of files made by the system ffmpeg (see workers/src/media/testing/ffprobe/README.md). */
describe('real ffprobe output', () => {
  it('reads interlaced MXF with a start timecode and four mono 24-bit PCM tracks', () => {
    const output = mxfInterlaced as unknown as FfprobeOutput;
    const streams = mediaStreams(output);
    expect(timecodeOf(output)).toBe('10:00:00:00');
    expect(streams.video).toMatchObject({
      codec: 'mpeg2video',
      frameRate: '25/1',
      fieldOrder: 'tff',
      scanType: 'interlaced',
      colourSpace: 'bt470bg',
      colourPrimaries: 'bt470bg',
      colourTransfer: 'bt709',
      colourRange: 'tv',
      hdr: null,
      bitDepth: 8,
    });
    expect(streams.audioTracks).toEqual(
      [1, 2, 3, 4].map((index) => ({
        index,
        codec: 'pcm_s24le',
        channels: 1,
        sampleRate: 48000,
        layout: null,
        bitDepth: 24,
        bitRate: 1_152_000,
      })),
    );
    expect(streams.audio).toEqual(streams.audioTracks[0]);
    expect(streams.audioStreamCount).toBe(4);
  });

  it('reads HLG ProRes 4:2:2 10-bit in MOV with its tmcd timecode and a stereo track', () => {
    const output = proresHlg as unknown as FfprobeOutput;
    const streams = mediaStreams(output);
    expect(timecodeOf(output)).toBe('01:00:00:00');
    expect(streams.video).toMatchObject({
      codec: 'prores',
      frameRate: '50/1',
      scanType: 'progressive',
      colourSpace: 'bt2020nc',
      colourPrimaries: 'bt2020',
      colourTransfer: 'arib-std-b67',
      colourRange: 'tv',
      hdr: 'HLG',
      bitDepth: 10,
    });
    expect(streams.audioTracks).toEqual([
      expect.objectContaining({ codec: 'pcm_s16le', channels: 2, layout: 'stereo', bitDepth: 16 }),
    ]);
  });

  it('reads PQ HEVC 10-bit with no timecode and no sound', () => {
    const output = hevcPq as unknown as FfprobeOutput;
    const streams = mediaStreams(output);
    expect(timecodeOf(output)).toBeNull();
    expect(streams.video).toMatchObject({ codec: 'hevc', hdr: 'PQ', colourTransfer: 'smpte2084', bitDepth: 10 });
    expect(streams.audioTracks).toEqual([]);
  });
});

describe('HDR and bit depth', () => {
  it.each<[string | null, 'PQ' | 'HLG' | null]>([
    ['smpte2084', 'PQ'],
    ['arib-std-b67', 'HLG'],
    ['bt709', null],
    [null, null],
  ])('transfer %j is HDR %j', (transfer, hdr) => {
    expect(hdrOf(transfer)).toBe(hdr);
  });

  it.each<[Partial<FfprobeStream>, number | null]>([
    [{ bits_per_raw_sample: '10' }, 10],
    [{ pix_fmt: 'yuv420p10le' }, 10],
    [{ pix_fmt: 'yuv444p12le' }, 12],
    [{ pix_fmt: 'yuv420p' }, 8],
    [{ pix_fmt: 'nonsense' }, null],
  ])('video %j has %p bits', (extra, bits) => {
    expect(bitDepthOf(video(extra))).toBe(bits);
  });

  it('takes bits per sample for PCM audio and none for lossy codecs', () => {
    expect(bitDepthOf(audio({ codec_name: 'pcm_s24le', bits_per_sample: 24 }))).toBe(24);
    expect(bitDepthOf(audio())).toBeNull();
  });

  it("reads ffprobe's unknown colour as not said", () => {
    const streams = mediaStreams({ streams: [video({ color_space: 'unknown', color_transfer: 'unspecified' })] });
    expect(streams.video).toMatchObject({ colourSpace: null, colourTransfer: null, hdr: null });
  });
});
