import { AppError, parseLiveSourceInput } from '@mam/core';
import { draftOf, fieldOfIssue, inputOf, withType, type TLiveSourceRow } from './live-source-draft.model';
import { bitRateText, framesPerSecond, inputSummary } from './live-input-summary';

const row = (overrides: Partial<TLiveSourceRow>): TLiveSourceRow => ({
  id: '8f7c5a52-3b0e-4c41-9d8e-6b1f0f1b2a11',
  name: 'Studio A',
  type: 'srt',
  mode: 'listener',
  location: 'srt://0.0.0.0:9000',
  cidr: [],
  credentialsSet: { passphrase: true, streamKey: false, username: false, password: false },
  pipeline: { highRes: 'copy', proxy: true },
  folderId: '2d0c9a5e-5f6b-4a7c-8e9d-1a2b3c4d5e6f',
  ingestUrl: 'srt://mam.example.com:9000',
  createdAt: '2026-11-28T08:00:00.000Z',
  updatedAt: '2026-11-28T08:00:00.000Z',
  recording: null,
  ...overrides,
});

describe('the input summary', () => {
  it('names codecs, size, rate and bit rate as an operator reads them', () => {
    expect(
      inputSummary({
        videoCodec: 'h264',
        width: 1920,
        height: 1080,
        frameRate: '30000/1001',
        audioCodec: 'aac',
        audioChannels: 2,
        bitRate: 4_520_000,
      }),
    ).toEqual({
      video: 'H.264 1920×1080',
      rate: '29.97 fps',
      audio: 'AAC',
      audioChannels: 2,
      bitRate: '4.5 Mbit/s',
    });
  });

  it('leaves out what the probe did not find', () => {
    expect(
      inputSummary({
        videoCodec: 'mpeg2video',
        width: null,
        height: null,
        frameRate: '0/0',
        audioCodec: null,
        audioChannels: 2,
        bitRate: null,
      }),
    ).toEqual({ video: 'MPEG-2', rate: null, audio: null, audioChannels: null, bitRate: null });
  });

  it('writes rates and bit rates without noise', () => {
    expect(framesPerSecond('25/1')).toBe('25');
    expect(framesPerSecond('50')).toBe('50');
    expect(framesPerSecond(null)).toBeNull();
    expect(bitRateText(640_000)).toBe('640 kbit/s');
    expect(bitRateText(12_000_000)).toBe('12.0 Mbit/s');
    expect(bitRateText(0)).toBeNull();
  });
});

describe('the live source dialog draft', () => {
  it('saves an edit the server accepts, keeping the stored passphrase, the folder and the pipeline', () => {
    const source = row({ pipeline: { highRes: { presetId: '0b7e3f0e-9d3c-4d1e-8a52-0f6d2c1b9e77' }, proxy: true } });
    const input = inputOf({ ...draftOf(source), name: 'Studio B' }, source);
    expect(input).not.toHaveProperty('credentials');
    expect(input.folderId).toBe(source.folderId);
    const saved = parseLiveSourceInput(input, { passphrase: 'stored-passphrase' });
    expect(saved).toMatchObject({
      name: 'Studio B',
      mode: 'listener',
      credentials: { passphrase: 'stored-passphrase' },
      pipeline: source.pipeline,
    });
  });

  it('drops secrets of another kind when the type changes, so the server does not refuse them', () => {
    const source = row({});
    const draft = { ...withType(draftOf(source), 'udp'), location: 'udp://127.0.0.1:5000' };
    expect(draft.mode).toBe('listener');
    const input = inputOf(draft, source);
    expect(input.credentials).toBeNull();
    expect(parseLiveSourceInput(input, { passphrase: 'stored-passphrase' }).credentials).toEqual({});
  });

  it('sends typed secrets and ranges for an RTMP push source', () => {
    const draft = {
      ...withType(draftOf(null), 'rtmp'),
      name: 'Van 3',
      location: 'rtmp://0.0.0.0:1935/live',
      cidr: '203.0.113.0/24\n198.51.100.7',
      credentials: { passphrase: 'left over', streamKey: 'van3-key-2026', username: '', password: '' },
    };
    expect(draft.mode).toBe('push');
    const input = inputOf(draft, null);
    expect(input.credentials).toEqual({ streamKey: 'van3-key-2026' });
    expect(parseLiveSourceInput(input)).toMatchObject({ cidr: ['203.0.113.0/24', '198.51.100.7/32'] });
  });

  it('points the server’s issues at the dialog’s fields', () => {
    let paths: string[] = [];
    try {
      parseLiveSourceInput(inputOf({ ...withType(draftOf(null), 'srt'), name: 'x', location: 'srt://h' }, null));
    } catch (error) {
      paths = ((error as AppError).issues ?? []).map((issue) => fieldOfIssue(issue.path));
    }
    expect(paths).toEqual(expect.arrayContaining(['location', 'passphrase']));
    expect(fieldOfIssue('cidr.2')).toBe('cidr');
    expect(fieldOfIssue('pipeline.highRes.presetId')).toBe('highRes');
  });
});
