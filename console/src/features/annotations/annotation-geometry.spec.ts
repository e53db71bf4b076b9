import {
  ANNOTATION_MAX_SHAPES,
  ANNOTATION_MAX_STROKE_POINTS,
  checkedAnnotation,
  type TAnnotationShape,
} from '@mam/core';
import {
  arrowHead,
  extendStroke,
  finishShape,
  fitsLimits,
  pictureRect,
  recoloured,
  toPicture,
  toPixels,
  type TPoint,
} from './annotation-geometry';

describe('pictureRect', () => {
  it('pillarboxes a 16:9 picture in a taller box and letterboxes it in a wider one', () => {
    expect(pictureRect(800, 600, 1920, 1080)).toEqual({ left: 0, top: 75, width: 800, height: 450 });
    expect(pictureRect(1000, 450, 1920, 1080)).toEqual({ left: 100, top: 0, width: 800, height: 450 });
  });

  it('takes the whole box while the picture size is not known yet', () => {
    expect(pictureRect(640, 360, 0, 0)).toEqual({ left: 0, top: 0, width: 640, height: 360 });
  });
});

describe('picture coordinates', () => {
  const rect = { left: 100, top: 0, width: 800, height: 450 };

  it('turns pointer positions into fractions of the picture and back', () => {
    expect(toPicture(500, 225, rect)).toEqual([0.5, 0.5]);
    expect(toPixels([0.5, 0.5], rect)).toEqual([500, 225]);
  });

  it('keeps a pointer off the picture on its edge', () => {
    expect(toPicture(50, 500, rect)).toEqual([0, 1]);
  });
});

describe('shapes from a drag', () => {
  it('makes an arrow or a box from its ends, and nothing from a click', () => {
    const drag: TPoint[] = [
      [0.1, 0.1],
      [0.2, 0.15],
      [0.4, 0.3],
    ];
    expect(finishShape('box', 'red', drag)).toEqual({ type: 'box', colour: 'red', from: [0.1, 0.1], to: [0.4, 0.3] });
    expect(finishShape('arrow', 'cyan', drag)).toMatchObject({ type: 'arrow', to: [0.4, 0.3] });
    expect(
      finishShape('box', 'red', [
        [0.1, 0.1],
        [0.101, 0.1],
      ]),
    ).toBeNull();
    expect(finishShape('freehand', 'red', [[0.1, 0.1]])).toBeNull();
  });

  it('thins a long free-hand stroke so the server accepts it', () => {
    let stroke: TPoint[] = [];
    for (let i = 0; i < 3000; i++) stroke = extendStroke(stroke, [(i % 1000) / 1000, Math.floor(i / 1000) / 3]);
    expect(stroke.length).toBeLessThanOrEqual(ANNOTATION_MAX_STROKE_POINTS);
    const shape = finishShape('freehand', 'white', stroke)!;
    expect(checkedAnnotation({ shapes: [shape] })).toEqual({ shapes: [shape] });
  });

  it('skips points too close to the last one', () => {
    expect(extendStroke([[0.5, 0.5]], [0.5005, 0.5])).toHaveLength(1);
  });

  it('stops adding shapes at the limits', () => {
    const box = finishShape('box', 'green', [
      [0, 0],
      [0.5, 0.5],
    ])!;
    expect(fitsLimits(Array(ANNOTATION_MAX_SHAPES - 1).fill(box), box)).toBe(true);
    expect(fitsLimits(Array(ANNOTATION_MAX_SHAPES).fill(box), box)).toBe(false);
  });
});

describe('arrowHead', () => {
  it('puts both barbs behind the tip, either side of the shaft', () => {
    const [a, b] = arrowHead([0, 0], [100, 0], 10);
    expect(a[0]).toBeLessThan(100);
    expect(b[0]).toBeLessThan(100);
    expect(Math.sign(a[1])).toBe(-Math.sign(b[1]));
  });
});

describe('recoloured', () => {
  it('changes the colour of the chosen shape only, keeping its geometry', () => {
    const arrow: TAnnotationShape = { type: 'arrow', colour: 'red', from: [0.1, 0.1], to: [0.5, 0.5] };
    const box: TAnnotationShape = { type: 'box', colour: 'yellow', from: [0.2, 0.2], to: [0.4, 0.4] };
    expect(recoloured([arrow, box], 1, 'cyan')).toEqual([arrow, { ...box, colour: 'cyan' }]);
    expect(recoloured([arrow, box], 5, 'cyan')).toEqual([arrow, box]);
  });
});
