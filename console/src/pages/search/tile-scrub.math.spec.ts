import { filmstripTileIndex } from '../../features/player/filmstrip';
import { scrubFraction, scrubSeconds } from './tile-scrub.math';

const manifest = { columns: 10, rows: 2, tileWidth: 160, tileHeight: 90, intervalSeconds: 2, count: 15 };

describe('hover scrubbing', () => {
  it('measures the pointer across the thumbnail, clamped to its edges', () => {
    expect(scrubFraction(150, 100, 200)).toBe(0.25);
    expect(scrubFraction(50, 100, 200)).toBe(0);
    expect(scrubFraction(400, 100, 200)).toBe(1);
    expect(scrubFraction(150, 100, 0)).toBe(0);
    expect(scrubFraction(Number.NaN, 100, 200)).toBe(0);
  });

  it('spreads the media duration over the width', () => {
    expect(scrubSeconds(0, 60, manifest)).toBe(0);
    expect(scrubSeconds(0.5, 60, manifest)).toBe(30);
    expect(scrubSeconds(1, 60, manifest)).toBe(60);
    expect(scrubSeconds(1.5, 60, manifest)).toBe(60);
    expect(scrubSeconds(Number.NaN, 60, manifest)).toBe(0);
  });

  it('uses the filmstrip length when the duration is unknown', () => {
    expect(scrubSeconds(0.5, null, manifest)).toBe(15);
    expect(scrubSeconds(0.5, 0, manifest)).toBe(15);
  });

  it('reaches the first and the last frame of the filmstrip', () => {
    expect(filmstripTileIndex(manifest, scrubSeconds(0, 30, manifest))).toBe(0);
    expect(filmstripTileIndex(manifest, scrubSeconds(1, 30, manifest))).toBe(14);
  });
});
