import type { AppError } from '../errors/app-error';
import { catchAppError } from '../testing/catch-app-error';
import { defaultRenderPresets } from '../renders/default-render-presets';
import type { TRenderPresetSettings } from '../renders/render-preset.types';
import {
  assertLivePreset,
  bindKeyOf,
  ingestUrlFor,
  livePresetRefusal,
  parseLiveSourceInput,
} from './live-source.rules';

const refusal = catchAppError;

const paths = (error: AppError) => error.issues.map((issue) => issue.path);

describe('live source input', () => {
  it('takes each type with its first mode when none is named', () => {
    expect(parseLiveSourceInput({ name: 'Cam', type: 'udp', location: 'udp://239.1.1.1:5000' }).mode).toBe('listener');
    expect(parseLiveSourceInput({ name: 'Cam', type: 'srt', location: 'srt://enc.example.com:9000' }).mode).toBe(
      'caller',
    );
    expect(
      parseLiveSourceInput({ name: 'Web', type: 'hls', location: 'https://cdn.example.com/a/live.m3u8' }).mode,
    ).toBe('pull');
  });

  it.each([
    ['udp', 'listener', 'udp://0.0.0.0:5000'],
    ['udp', 'listener', 'udp://239.10.0.1:5000'],
    ['udp', 'listener', 'udp://[::]:5000'],
    ['rtp', 'listener', 'rtp://239.10.0.1:5004'],
    ['srt', 'caller', 'srt://encoder.example.com:9000?latency=200'],
    ['rtmp', 'pull', 'rtmp://media.example.com/live/stream'],
    ['rtmp', 'pull', 'rtmps://media.example.com:443/live/stream'],
    ['hls', 'pull', 'http://cdn.example.com/x/index.m3u8?token=1'],
  ])('accepts a %s %s source at %s', (type, mode, location) => {
    expect(parseLiveSourceInput({ name: 'Feed', type, mode, location }).location).toBe(location);
  });

  it.each([
    ['udp', 'udp://encoder.example.com:5000', 'an IP address'],
    ['udp', 'udp://0.0.0.0', 'port'],
    ['udp', 'udp://0.0.0.0:80', '1024'],
    ['udp', 'srt://0.0.0.0:5000', 'UDP address'],
    ['udp', 'udp://0.0.0.0:5000/x', 'only an IP address'],
    ['rtp', 'rtp://0.0.0.0:5004?x=1', 'only an IP address'],
    ['srt', 'srt://encoder.example.com', 'port'],
    ['srt', 'srt://encoder.example.com:9000?passphrase=secretsecret', 'cannot be set in the address'],
    ['srt', 'srt://user:pw@encoder.example.com:9000', 'own fields'],
    ['rtmp', 'rtmp://media.example.com/live', 'application and the stream'],
    ['hls', 'https://cdn.example.com/live.mp4', '.m3u8'],
    ['hls', 'ftp://cdn.example.com/live.m3u8', 'HLS address'],
    ['hls', 'not an address', 'HLS address'],
  ])('refuses a %s source at %s', (type, location, says) => {
    const mode = type === 'rtmp' ? 'pull' : undefined;
    const error = refusal(() => parseLiveSourceInput({ name: 'Feed', type, mode, location }));
    expect(error.code).toBe('LIVE_SOURCE_INVALID');
    expect(error.status).toBe(400);
    expect(paths(error)).toContain('location');
    expect(error.issues.map((issue) => issue.message).join(' ')).toContain(says);
  });

  it('refuses an unknown type and a mode the type does not have', () => {
    expect(
      paths(refusal(() => parseLiveSourceInput({ name: 'x', type: 'ndi', location: 'udp://0.0.0.0:5000' }))),
    ).toEqual(['type']);
    expect(
      paths(
        refusal(() => parseLiveSourceInput({ name: 'x', type: 'udp', mode: 'pull', location: 'udp://0.0.0.0:5000' })),
      ),
    ).toEqual(['mode']);
  });

  it('asks a listening SRT source for a passphrase of SRT length', () => {
    const listener = { name: 'Truck', type: 'srt', mode: 'listener', location: 'srt://0.0.0.0:9000' };
    expect(paths(refusal(() => parseLiveSourceInput(listener)))).toEqual(['credentials.passphrase']);
    expect(paths(refusal(() => parseLiveSourceInput({ ...listener, credentials: { passphrase: 'short' } })))).toEqual([
      'credentials.passphrase',
    ]);
    expect(
      parseLiveSourceInput({ ...listener, credentials: { passphrase: 'long enough phrase' } }).credentials,
    ).toEqual({
      passphrase: 'long enough phrase',
    });
  });

  it('asks an RTMP push source for a stream key and the ranges encoders push from', () => {
    const push = { name: 'OB van', type: 'rtmp', mode: 'push', location: 'rtmp://0.0.0.0:1935/live' };
    expect(paths(refusal(() => parseLiveSourceInput(push))).sort()).toEqual(['cidr', 'credentials.streamKey']);
    const ok = parseLiveSourceInput({
      ...push,
      cidr: ['203.0.113.7', '2001:db8::/32'],
      credentials: { streamKey: 'key_12345' },
    });
    expect(ok.cidr).toEqual(['203.0.113.7/32', '2001:db8::/32']);
    expect(
      paths(
        refusal(() =>
          parseLiveSourceInput({ ...push, cidr: ['203.0.113.0/33'], credentials: { streamKey: 'key_12345' } }),
        ),
      ),
    ).toEqual(['cidr.0']);
  });

  it('refuses ranges and secrets a type has no use for', () => {
    const udp = { name: 'Feed', type: 'udp', location: 'udp://0.0.0.0:5000' };
    // A multicast group is joined, not sent to: ranges cannot admit its senders.
    const group = { ...udp, location: 'udp://239.1.1.1:5000', cidr: ['10.0.0.0/8'] };
    expect(paths(refusal(() => parseLiveSourceInput(group)))).toEqual(['cidr']);
    expect(parseLiveSourceInput({ ...udp, cidr: ['10.0.0.0/8'] }).cidr).toEqual(['10.0.0.0/8']);
    expect(
      parseLiveSourceInput({ ...udp, type: 'rtp', location: 'rtp://0.0.0.0:5004', cidr: ['10.1.0.0/16'] }).cidr,
    ).toEqual(['10.1.0.0/16']);
    const hlsRanges = { name: 'Web', type: 'hls', location: 'https://cdn.example.com/a.m3u8', cidr: ['10.0.0.0/8'] };
    expect(paths(refusal(() => parseLiveSourceInput(hlsRanges)))).toEqual(['cidr']);
    expect(paths(refusal(() => parseLiveSourceInput({ ...udp, credentials: { streamKey: 'key_12345' } })))).toEqual([
      'credentials.streamKey',
    ]);
    const hls = { name: 'Web', type: 'hls', location: 'https://cdn.example.com/live.m3u8' };
    expect(paths(refusal(() => parseLiveSourceInput({ ...hls, credentials: { username: 'u' } })))).toEqual([
      'credentials.password',
    ]);
  });

  it('keeps stored credentials when an update sends none, and removes them with null', () => {
    const listener = { name: 'Truck', type: 'srt', mode: 'listener', location: 'srt://0.0.0.0:9000' };
    const stored = { passphrase: 'stored passphrase' };
    expect(parseLiveSourceInput(listener, stored).credentials).toEqual(stored);
    expect(paths(refusal(() => parseLiveSourceInput({ ...listener, credentials: null }, stored)))).toEqual([
      'credentials.passphrase',
    ]);
  });

  it('gives push sources an ingest URL on the public host, and a bind key that is the same for one socket', () => {
    const push = { type: 'rtmp', mode: 'push', location: 'rtmp://0.0.0.0/live' } as const;
    expect(ingestUrlFor(push, 'mam.example.com')).toBe('rtmp://mam.example.com:1935/live');
    expect(bindKeyOf(push)).toBe('tcp:0.0.0.0:1935');
    const group = { type: 'udp', mode: 'listener', location: 'udp://239.1.1.1:5000' } as const;
    expect(ingestUrlFor(group, 'mam.example.com')).toBe('udp://239.1.1.1:5000');
    expect(bindKeyOf(group)).toBe(bindKeyOf({ ...group, type: 'rtp' }));
    expect(ingestUrlFor({ type: 'hls', mode: 'pull', location: 'https://x.example.com/a.m3u8' }, 'mam')).toBeNull();
    expect(bindKeyOf({ type: 'srt', mode: 'caller', location: 'srt://x.example.com:9000' })).toBeNull();
  });
});

describe('a live source’s render preset', () => {
  const live = (settings: TRenderPresetSettings) => ({ name: 'P', capabilities: ['live' as const], settings });
  const advanced = (videoCodec: 'h264' | 'hevc' | 'prores' | 'dnxhd' | 'mpeg2video') =>
    live({ mode: 'advanced', container: 'mkv', videoCodec, audioCodec: 'pcm_s24le', parameters: {} });

  it('takes presets that encode what MPEG-TS segments carry', () => {
    for (const { preset } of defaultRenderPresets().filter((each) => each.key.startsWith('xdcam'))) {
      expect(livePresetRefusal(preset)).toBeNull();
    }
    expect(
      livePresetRefusal(live({ mode: 'generic', height: 720, crf: 23, speed: 'veryfast', audioBitrateKbps: 128 })),
    ).toBeNull();
    for (const codec of ['h264', 'hevc', 'mpeg2video'] as const) expect(livePresetRefusal(advanced(codec))).toBeNull();
  });

  it('refuses rewraps and codecs segments cannot carry, naming the preset', () => {
    expect(livePresetRefusal(advanced('prores'))).toBe('LIVE_SOURCE_PRESET_UNSUITABLE');
    expect(livePresetRefusal(advanced('dnxhd'))).toBe('LIVE_SOURCE_PRESET_UNSUITABLE');
    expect(livePresetRefusal(live({ mode: 'rewrap', container: 'mov' }))).toBe('LIVE_SOURCE_PRESET_UNSUITABLE');
    const prores = defaultRenderPresets().find((each) => each.key === 'prores-hq')!.preset;
    const error = refusal(() => assertLivePreset(prores));
    expect(error.code).toBe('LIVE_SOURCE_PRESET_UNSUITABLE');
    expect(error.message).toContain('ProRes 422 HQ (MOV)');
    expect(paths(error)).toEqual(['pipeline.highRes.presetId']);
  });

  it('refuses a preset without the live capability', () => {
    const web = defaultRenderPresets().find((each) => each.key === 'web')!.preset;
    expect(refusal(() => assertLivePreset(web)).code).toBe('LIVE_SOURCE_PRESET_NOT_LIVE');
  });
});
