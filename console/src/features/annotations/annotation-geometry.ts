import {
  ANNOTATION_MAX_POINTS,
  ANNOTATION_MAX_SHAPES,
  ANNOTATION_MAX_STROKE_POINTS,
  annotationPointCount,
  type TAnnotationColour,
  type TAnnotationShape,
} from '@mam/core';

export type TPoint = [number, number];

export interface TRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where the picture sits in a box that shows it whole (object-fit: contain), so drawings land on the picture. */
export function pictureRect(boxWidth: number, boxHeight: number, videoWidth: number, videoHeight: number): TRect {
  if (!(videoWidth > 0 && videoHeight > 0 && boxWidth > 0 && boxHeight > 0)) {
    return { left: 0, top: 0, width: Math.max(0, boxWidth), height: Math.max(0, boxHeight) };
  }
  const scale = Math.min(boxWidth / videoWidth, boxHeight / videoHeight);
  const width = videoWidth * scale;
  const height = videoHeight * scale;
  return { left: (boxWidth - width) / 2, top: (boxHeight - height) / 2, width, height };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
// Four decimals are a tenth of a pixel on a 4K frame; fewer digits keep the stored JSON small.
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** A pointer position as a fraction of the picture, kept on the picture. */
export function toPicture(x: number, y: number, rect: TRect): TPoint {
  if (rect.width <= 0 || rect.height <= 0) return [0, 0];
  return [round(clamp01((x - rect.left) / rect.width)), round(clamp01((y - rect.top) / rect.height))];
}

export function toPixels([x, y]: TPoint, rect: TRect): TPoint {
  return [rect.left + x * rect.width, rect.top + y * rect.height];
}

/** Smaller than this (a fraction of the picture) is a click, not a shape. */
const MIN_EXTENT = 0.005;

/** A stroke's next point, unless it is too close to the last one to matter. */
export function extendStroke(points: readonly TPoint[], next: TPoint): TPoint[] {
  const last = points[points.length - 1];
  if (last && Math.hypot(next[0] - last[0], next[1] - last[1]) < 0.002) return [...points];
  const out = [...points, next];
  if (out.length <= ANNOTATION_MAX_STROKE_POINTS) return out;
  // Thin a long stroke to every other point, keeping its ends, so it fits the stored limit.
  return out.filter((_, i) => i % 2 === 0 || i === out.length - 1);
}

export type TDrawTool = 'arrow' | 'box' | 'freehand';

/** The shape a finished drag makes, or null for a click or a stroke of one point. */
export function finishShape(
  tool: TDrawTool,
  colour: TAnnotationColour,
  points: readonly TPoint[],
): TAnnotationShape | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  if (tool === 'freehand') {
    return points.length >= 2 ? { type: 'freehand', colour, points: points.map((p) => [p[0], p[1]]) } : null;
  }
  if (Math.abs(last[0] - first[0]) < MIN_EXTENT && Math.abs(last[1] - first[1]) < MIN_EXTENT) return null;
  return { type: tool, colour, from: [first[0], first[1]], to: [last[0], last[1]] };
}

/** Whether one more shape still fits the limits the server checks. */
export function fitsLimits(shapes: readonly TAnnotationShape[], next: TAnnotationShape): boolean {
  return shapes.length < ANNOTATION_MAX_SHAPES && annotationPointCount([...shapes, next]) <= ANNOTATION_MAX_POINTS;
}

/** The two barbs of an arrow head at `to`, in pixels. */
export function arrowHead(from: TPoint, to: TPoint, size: number): [TPoint, TPoint] {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const spread = Math.PI / 7;
  return [
    [to[0] - size * Math.cos(angle - spread), to[1] - size * Math.sin(angle - spread)],
    [to[0] - size * Math.cos(angle + spread), to[1] - size * Math.sin(angle + spread)],
  ];
}

/** The shapes with one of them in another colour (a recolour of a drawn shape); the others as they were. */
export function recoloured(
  shapes: readonly TAnnotationShape[],
  index: number,
  colour: TAnnotationColour,
): TAnnotationShape[] {
  return shapes.map((shape, at) => (at === index ? { ...shape, colour } : shape));
}
