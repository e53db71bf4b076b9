import { filmstripTileIndex, filmstripTileStyle, parseFilmstripManifest, type TFilmstripManifest } from './filmstrip';

const manifest: TFilmstripManifest = {
  columns: 10,
  rows: 3,
  tileWidth: 160,
  tileHeight: 90,
  intervalSeconds: 2,
  count: 25,
};

describe('filmstrip', () => {
  it('accepts a well-formed manifest and refuses anything else', () => {
    expect(parseFilmstripManifest({ ...manifest, extra: true })).toEqual(manifest);
    expect(parseFilmstripManifest(null)).toBeNull();
    expect(parseFilmstripManifest('x')).toBeNull();
    expect(parseFilmstripManifest({ ...manifest, columns: 0 })).toBeNull();
    expect(parseFilmstripManifest({ ...manifest, tileWidth: 1.5 })).toBeNull();
    expect(parseFilmstripManifest({ ...manifest, intervalSeconds: 0 })).toBeNull();
    expect(parseFilmstripManifest({ ...manifest, intervalSeconds: '2' })).toBeNull();
  });

  it('chooses the tile from the hover time', () => {
    expect(filmstripTileIndex(manifest, 0)).toBe(0);
    expect(filmstripTileIndex(manifest, 1.99)).toBe(0);
    expect(filmstripTileIndex(manifest, 2)).toBe(1);
    expect(filmstripTileIndex(manifest, 21)).toBe(10);
    expect(filmstripTileIndex(manifest, -3)).toBe(0);
    // Past the last tile (rounding of the duration) stays on the last one.
    expect(filmstripTileIndex(manifest, 500)).toBe(24);
  });

  it('positions the sprite on the tile, row by row', () => {
    expect(filmstripTileStyle(manifest, 0)).toEqual({
      index: 0,
      width: 160,
      height: 90,
      backgroundPosition: '0px 0px',
      backgroundSize: '1600px 270px',
    });
    expect(filmstripTileStyle(manifest, 2 * 13).backgroundPosition).toBe('-480px -90px');
  });

  it('scales the tile to the display width', () => {
    expect(filmstripTileStyle(manifest, 2 * 13, 80)).toEqual({
      index: 13,
      width: 80,
      height: 45,
      backgroundPosition: '-240px -45px',
      backgroundSize: '800px 135px',
    });
  });
});
