/** filmstrip.json beside filmstrip.jpg: a grid sprite of `count` tiles, one every `intervalSeconds`, row by row. */
export interface TFilmstripManifest {
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  intervalSeconds: number;
  count: number;
}

const isPositiveInteger = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** The manifest if it has the expected shape, else null (the timeline then shows the hover timecode only). */
export function parseFilmstripManifest(json: unknown): TFilmstripManifest | null {
  if (!json || typeof json !== 'object') return null;
  const m = json as Record<string, unknown>;
  const { columns, rows, tileWidth, tileHeight, intervalSeconds, count } = m;
  if (![columns, rows, tileWidth, tileHeight, count].every(isPositiveInteger)) return null;
  if (typeof intervalSeconds !== 'number' || !(intervalSeconds > 0) || !Number.isFinite(intervalSeconds)) return null;
  return {
    columns: columns as number,
    rows: rows as number,
    tileWidth: tileWidth as number,
    tileHeight: tileHeight as number,
    intervalSeconds,
    count: count as number,
  };
}

/** The tile showing time `seconds`: index = floor(t / interval), within the sprite. */
export function filmstripTileIndex(manifest: TFilmstripManifest, seconds: number): number {
  const index = Math.floor(Math.max(0, seconds) / manifest.intervalSeconds + 1e-9);
  return Math.min(index, manifest.count - 1, manifest.columns * manifest.rows - 1);
}

export interface TTileStyle {
  index: number;
  width: number;
  height: number;
  backgroundPosition: string;
  backgroundSize: string;
}

const offset = (value: number) => (value === 0 ? '0px' : `-${value}px`);

/** CSS for a box showing the tile of `seconds`, scaled to `displayWidth` (the tile's own width when left out). */
export function filmstripTileStyle(manifest: TFilmstripManifest, seconds: number, displayWidth?: number): TTileStyle {
  const index = filmstripTileIndex(manifest, seconds);
  const scale = displayWidth ? displayWidth / manifest.tileWidth : 1;
  const width = manifest.tileWidth * scale;
  const height = manifest.tileHeight * scale;
  const column = index % manifest.columns;
  const row = Math.floor(index / manifest.columns);
  return {
    index,
    width,
    height,
    backgroundPosition: `${offset(column * width)} ${offset(row * height)}`,
    backgroundSize: `${manifest.columns * width}px ${manifest.rows * height}px`,
  };
}
