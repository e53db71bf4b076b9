import { layoutMarkers, type TPlayerMarker } from './timeline-markers';

const marker = (id: string, inSeconds: number, extra: Partial<TPlayerMarker> = {}): TPlayerMarker => ({
  id,
  inSeconds,
  label: id,
  ...extra,
});

describe('layoutMarkers', () => {
  it('places a point at its fraction of the duration with no width', () => {
    expect(layoutMarkers([marker('a', 25)], 100, 0.04)).toEqual([{ marker: marker('a', 25), start: 0.25, width: 0 }]);
  });

  it('includes the out frame in a range', () => {
    const [layout] = layoutMarkers([marker('a', 10, { outSeconds: 20 })], 100, 1);
    expect(layout!.start).toBeCloseTo(0.1);
    expect(layout!.width).toBeCloseTo(0.11);
  });

  it('treats an out point not after the in point as a point', () => {
    expect(layoutMarkers([marker('a', 10, { outSeconds: 10 })], 100, 1)[0]!.width).toBe(0);
  });

  it('stops a range at the end of the media', () => {
    const [layout] = layoutMarkers([marker('a', 90, { outSeconds: 150 })], 100, 1);
    expect(layout!.start + layout!.width).toBeCloseTo(1);
  });

  it('leaves out markers past the end and draws nothing without a duration', () => {
    expect(layoutMarkers([marker('a', 101)], 100, 1)).toEqual([]);
    expect(layoutMarkers([marker('a', 1)], 0, 1)).toEqual([]);
  });

  it('orders dimmed markers first, then by position', () => {
    const order = layoutMarkers(
      [marker('late', 50), marker('done', 70, { dimmed: true }), marker('early', 10)],
      100,
      1,
    ).map((l) => l.marker.id);
    expect(order).toEqual(['done', 'early', 'late']);
  });
});
