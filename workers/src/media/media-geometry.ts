/** Nearest even number, at least 2: H.264 in 4:2:0 needs even dimensions. */
export function even(value: number): number {
  return Math.max(2, 2 * Math.round(value / 2));
}

/** The largest even size of the same shape inside the box, never larger than the source. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number = Number.POSITIVE_INFINITY,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  // Rounding to even can step one pixel over the box; step back inside.
  const inside = (value: number, max: number) => (value > max && value > 2 ? value - 2 : value);
  return { width: inside(even(width * scale), maxWidth), height: inside(even(height * scale), maxHeight) };
}
