import { audioTrackLabel } from './audio-tracks';

const t = (key: string, options?: Record<string, unknown>) => `${key}:${String(options?.number)}`;

describe('audioTrackLabel', () => {
  it('numbers the sound in the user language and names its language in the user language', () => {
    expect(audioTrackLabel({ index: 0, name: 'audio_0', language: 'nb' }, t, 'en')).toBe(
      'playback.trackNumber:1 · Norwegian Bokmål',
    );
    expect(audioTrackLabel({ index: 1, name: 'audio_1', language: 'en' }, t, 'fr')).toBe(
      'playback.trackNumber:2 · anglais',
    );
  });

  it('falls back to a telling playlist name, and to the number alone', () => {
    expect(audioTrackLabel({ index: 2, name: 'Stadium ambience', language: 'und' }, t, 'en')).toBe(
      'playback.trackNumber:3 · Stadium ambience',
    );
    expect(audioTrackLabel({ index: 3, name: 'Track 4', language: null }, t, 'en')).toBe('playback.trackNumber:4');
    expect(audioTrackLabel({ index: 0, name: 'audio', language: null }, t, 'en')).toBe('playback.trackNumber:1');
  });
});
