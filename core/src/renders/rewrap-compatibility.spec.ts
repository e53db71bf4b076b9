import { checkRewrapCompatibility, type TRewrapSourceFacts } from './rewrap-compatibility';

const xdcam: TRewrapSourceFacts = {
  videoCodec: 'mpeg2video',
  profile: '4:2:2',
  pixelFormat: 'yuv422p',
  width: 1920,
  height: 1080,
  frameRate: '25/1',
  fieldOrder: 'tff',
  audioCodec: 'pcm_s24le',
  sampleRate: 48000,
  channels: 1,
  frameCount: 250,
  cleanKeyframes: [0, 12, 24, 36, 48, 60],
};

const h264: TRewrapSourceFacts = {
  ...xdcam,
  videoCodec: 'h264',
  profile: 'High',
  pixelFormat: 'yuv420p',
  fieldOrder: 'progressive',
  audioCodec: 'aac',
  channels: 2,
};

const codes = (verdict: ReturnType<typeof checkRewrapCompatibility>) =>
  verdict.compatible ? [] : verdict.reasons.map((reason) => `${reason.code}@${reason.clip}`);

describe('checkRewrapCompatibility', () => {
  it('accepts cuts on clean keyframes of one coding into a container that takes it', () => {
    const verdict = checkRewrapCompatibility(
      [
        { source: xdcam, inFrame: 12, outFrame: 36 },
        { source: { ...xdcam }, inFrame: 0, outFrame: 250 },
      ],
      'mxf',
    );
    expect(verdict).toEqual({ compatible: true });
  });

  it('accepts a range that runs to the end of its source though the end is no keyframe', () => {
    expect(checkRewrapCompatibility([{ source: xdcam, inFrame: 48, outFrame: 250 }], 'mov').compatible).toBe(true);
  });

  it('names each cut that is not on a clean keyframe', () => {
    const verdict = checkRewrapCompatibility(
      [
        { source: xdcam, inFrame: 13, outFrame: 36 },
        { source: xdcam, inFrame: 12, outFrame: 40 },
      ],
      'mxf',
    );
    expect(codes(verdict)).toEqual(['cut-not-on-keyframe@0', 'cut-not-on-keyframe@1']);
    expect(verdict.compatible ? '' : verdict.reasons[1]!.message).toContain('frame 40');
  });

  it('refuses mixed sizes, rates and codecs', () => {
    const verdict = checkRewrapCompatibility(
      [
        { source: xdcam, inFrame: 0, outFrame: 12 },
        { source: { ...xdcam, width: 1280, height: 720 }, inFrame: 0, outFrame: 12 },
        { source: { ...xdcam, frameRate: '50/1' }, inFrame: 0, outFrame: 12 },
        { source: { ...xdcam, sampleRate: 44100 }, inFrame: 0, outFrame: 12 },
      ],
      'mxf',
    );
    expect(codes(verdict)).toEqual(['mixed-video-format@1', 'mixed-video-format@2', 'mixed-audio-format@3']);
  });

  it('refuses codecs the container does not take', () => {
    const verdict = checkRewrapCompatibility([{ source: xdcam, inFrame: 0, outFrame: 250 }], 'mp4');
    expect(codes(verdict)).toEqual(['audio-codec-not-allowed@null']);
    const mxf = checkRewrapCompatibility(
      [{ source: { ...h264, videoCodec: 'vp9' }, inFrame: 0, outFrame: 250 }],
      'mxf',
    );
    expect(codes(mxf)).toEqual(['video-codec-not-allowed@null', 'audio-codec-not-allowed@null']);
  });

  it('refuses to cut compressed audio, which a copy cannot cut at the exact sample, but copies a whole source', () => {
    expect(codes(checkRewrapCompatibility([{ source: h264, inFrame: 12, outFrame: 36 }], 'mp4'))).toEqual([
      'compressed-audio-cut@0',
    ]);
    expect(checkRewrapCompatibility([{ source: h264, inFrame: 0, outFrame: 250 }], 'mp4')).toEqual({
      compatible: true,
    });
  });

  it('takes a source without audio', () => {
    const silent = { ...h264, audioCodec: null, sampleRate: null, channels: null };
    expect(checkRewrapCompatibility([{ source: silent, inFrame: 12, outFrame: 24 }], 'mp4').compatible).toBe(true);
  });
});
