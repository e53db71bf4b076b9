import { annotationSummary } from './annotation-summary';

describe('annotationSummary', () => {
  it('names the shapes by type and colour in drawing order', () => {
    expect(
      annotationSummary({
        shapes: [
          { type: 'box', colour: 'yellow', from: [0.1, 0.1], to: [0.2, 0.2] },
          {
            type: 'freehand',
            colour: 'red',
            points: [
              [0, 0],
              [0.1, 0.1],
            ],
          },
        ],
      }),
    ).toBe('box yellow, freehand red');
  });
  it('is null without a drawing', () => {
    expect(annotationSummary(null)).toBeNull();
    expect(annotationSummary({ shapes: [] })).toBeNull();
  });
});
