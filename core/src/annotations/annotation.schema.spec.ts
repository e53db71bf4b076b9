import { AppError } from '../errors/app-error';
import {
  ANNOTATION_MAX_SHAPES,
  ANNOTATION_MAX_STROKE_POINTS,
  checkedAnnotation,
  checkedCommentDrawing,
} from './annotation.schema';

function invalid(input: unknown): AppError {
  try {
    checkedAnnotation(input);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('checkedAnnotation', () => {
  it('keeps arrows, boxes and free-hand strokes inside the frame', () => {
    const drawing = {
      shapes: [
        { type: 'arrow', colour: 'red', from: [0.1, 0.2], to: [0.5, 0.5] },
        { type: 'box', colour: 'yellow', from: [0, 0], to: [1, 1] },
        {
          type: 'freehand',
          colour: 'cyan',
          points: [
            [0.1, 0.1],
            [0.2, 0.3],
            [0.4, 0.35],
          ],
        },
      ],
    };
    expect(checkedAnnotation(drawing)).toEqual(drawing);
  });

  it('takes null and undefined as no drawing', () => {
    expect(checkedAnnotation(null)).toBeNull();
    expect(checkedAnnotation(undefined)).toBeNull();
  });

  it('refuses a point off the frame, naming the shape', () => {
    const error = invalid({ shapes: [{ type: 'arrow', colour: 'red', from: [0.1, 1.2], to: [0.5, 0.5] }] });
    expect(error.code).toBe('ANNOTATION_INVALID');
    expect(error.status).toBe(400);
    expect(error.issues[0]).toMatchObject({
      path: 'annotation.shapes.0.from.1',
      message: expect.stringMatching(/0 to 1/),
    });
  });

  it('refuses an unknown colour, an unknown shape, extra fields and an empty drawing', () => {
    expect(invalid({ shapes: [{ type: 'box', colour: 'pink', from: [0, 0], to: [1, 1] }] }).code).toBe(
      'ANNOTATION_INVALID',
    );
    expect(invalid({ shapes: [{ type: 'circle', colour: 'red', from: [0, 0], to: [1, 1] }] }).code).toBe(
      'ANNOTATION_INVALID',
    );
    expect(
      invalid({ shapes: [{ type: 'box', colour: 'red', from: [0, 0], to: [1, 1], html: '<b>' }] }).issues[0]!.path,
    ).toBe('annotation.shapes.0.html');
    expect(invalid({ shapes: [] }).issues[0]!.message).toMatch(/at least one shape/);
    expect(invalid('a drawing').code).toBe('ANNOTATION_INVALID');
  });

  it('limits shapes, points per stroke and points in all', () => {
    const box = { type: 'box', colour: 'green', from: [0, 0], to: [0.5, 0.5] };
    expect(invalid({ shapes: Array(ANNOTATION_MAX_SHAPES + 1).fill(box) }).issues[0]!.message).toMatch(
      /at most 50 shapes/,
    );
    const stroke = (n: number) => ({ type: 'freehand', colour: 'white', points: Array(n).fill([0.5, 0.5]) });
    expect(invalid({ shapes: [stroke(ANNOTATION_MAX_STROKE_POINTS + 1)] }).issues[0]!.message).toMatch(/500 points/);
    expect(checkedAnnotation({ shapes: [stroke(ANNOTATION_MAX_STROKE_POINTS)] })).not.toBeNull();
    expect(invalid({ shapes: Array(5).fill(stroke(ANNOTATION_MAX_STROKE_POINTS)) }).issues[0]!.message).toMatch(
      /2000 points/,
    );
  });

  it('refuses numbers that are not numbers', () => {
    expect(invalid({ shapes: [{ type: 'arrow', colour: 'red', from: [NaN, 0], to: [0, 0] }] }).code).toBe(
      'ANNOTATION_INVALID',
    );
    expect(invalid({ shapes: [{ type: 'arrow', colour: 'red', from: ['0.1', 0], to: [0, 0] }] }).code).toBe(
      'ANNOTATION_INVALID',
    );
  });
});

describe('checkedCommentDrawing', () => {
  const drawing = { shapes: [{ type: 'box', colour: 'red', from: [0.1, 0.1], to: [0.3, 0.3] }] };

  it('needs the timecode of the frame the drawing is on', () => {
    expect(checkedCommentDrawing(drawing, 12_800)).toEqual(drawing);
    expect(checkedCommentDrawing(null, null)).toBeNull();
    expect(() => checkedCommentDrawing(drawing, null)).toThrow(
      expect.objectContaining({
        code: 'ANNOTATION_INVALID',
        issues: [
          expect.objectContaining({ path: 'annotation', message: 'A drawing needs the timecode of its frame.' }),
        ],
      }),
    );
  });
});
