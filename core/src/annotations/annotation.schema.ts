import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { toAppIssues } from '../validation/zod-issues';

/**
 * A drawing on a video frame, saved with a comment (issue 22). Coordinates are fractions of the picture (0..1, origin
 * top left), so the drawing lands on the same spot of the picture at any player size. The limits keep one comment's
 * drawing small enough to store with the comment and to render on every frame the player shows it.
 */
export const annotationColours = ['red', 'yellow', 'green', 'cyan', 'white'] as const;
export type TAnnotationColour = (typeof annotationColours)[number];

export const ANNOTATION_MAX_SHAPES = 50;
/** Points of one free-hand stroke; the console thins a stroke to fit. */
export const ANNOTATION_MAX_STROKE_POINTS = 500;
/** Points over all shapes (an arrow or a box counts 2). */
export const ANNOTATION_MAX_POINTS = 2000;

const ZCoordinate = z
  .number()
  .min(0, 'Points must lie on the frame (0 to 1).')
  .max(1, 'Points must lie on the frame (0 to 1).');
export const ZAnnotationPoint = z.tuple([ZCoordinate, ZCoordinate]).describe('[x, y] as fractions of the frame');
const ZColour = z.enum(annotationColours);

export const ZAnnotationShape = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('arrow'), colour: ZColour, from: ZAnnotationPoint, to: ZAnnotationPoint }),
  z.strictObject({ type: z.literal('box'), colour: ZColour, from: ZAnnotationPoint, to: ZAnnotationPoint }),
  z.strictObject({
    type: z.literal('freehand'),
    colour: ZColour,
    points: z
      .array(ZAnnotationPoint)
      .min(2, 'A free-hand stroke needs at least 2 points.')
      .max(ANNOTATION_MAX_STROKE_POINTS, `A free-hand stroke has at most ${ANNOTATION_MAX_STROKE_POINTS} points.`),
  }),
]);
export type TAnnotationShape = z.infer<typeof ZAnnotationShape>;

export const ZAnnotation = z
  .strictObject({
    shapes: z
      .array(ZAnnotationShape)
      .min(1, 'A drawing needs at least one shape.')
      .max(ANNOTATION_MAX_SHAPES, `A drawing has at most ${ANNOTATION_MAX_SHAPES} shapes.`),
  })
  .refine((a) => annotationPointCount(a.shapes) <= ANNOTATION_MAX_POINTS, {
    message: `A drawing has at most ${ANNOTATION_MAX_POINTS} points.`,
    path: ['shapes'],
  })
  .meta({
    id: 'Annotation',
    description: 'Shapes drawn on the frame; coordinates are fractions (0..1) of the picture',
  });
export type TAnnotation = z.infer<typeof ZAnnotation>;

export function annotationPointCount(shapes: readonly TAnnotationShape[]): number {
  return shapes.reduce((sum, s) => sum + (s.type === 'freehand' ? s.points.length : 2), 0);
}

/**
 * A drawing as stored: checked against the limits, or ANNOTATION_INVALID naming what is wrong. Null and undefined
 * mean no drawing.
 */
export function checkedAnnotation(input: unknown): TAnnotation | null {
  if (input === null || input === undefined) return null;
  const parsed = ZAnnotation.safeParse(input);
  if (!parsed.success) {
    throw new AppError('ANNOTATION_INVALID', { issues: toAppIssues(parsed.error, 'ANNOTATION_INVALID', 'annotation') });
  }
  return parsed.data;
}

/** A comment's drawing: checked, and only on a comment with a timecode, since it belongs to a frame. */
export function checkedCommentDrawing(input: unknown, tcIn: number | null): TAnnotation | null {
  const annotation = checkedAnnotation(input);
  if (annotation && tcIn === null) {
    throw new AppError('ANNOTATION_INVALID', {
      issues: [
        { path: 'annotation', code: 'ANNOTATION_INVALID', message: 'A drawing needs the timecode of its frame.' },
      ],
    });
  }
  return annotation;
}
