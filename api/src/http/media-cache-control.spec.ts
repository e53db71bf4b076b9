import { mediaCacheControl } from './media.routes';

describe('mediaCacheControl', () => {
  it('never lets a cache keep a playlist that is still growing, and revalidates a finished one', () => {
    expect(mediaCacheControl('m3u8', true)).toBe('no-store');
    expect(mediaCacheControl('m3u8', false)).toBe('private, no-cache');
  });

  it('keeps segments without revalidating, and other files, for an hour (a reprocess writes the same names)', () => {
    for (const extension of ['ts', 'm4s', 'aac']) {
      expect(mediaCacheControl(extension, true)).toBe('private, max-age=3600, immutable');
    }
    expect(mediaCacheControl('mp4', true)).toBe('private, max-age=3600');
    expect(mediaCacheControl('jpg', false)).toBe('private, max-age=3600');
  });
});
