import type { TAnnotation, TAnnotationColour, TAnnotationShape } from '@mam/core';
import { useCallback, useMemo, useState } from 'react';
import { fitsLimits, recoloured, type TDrawTool } from './annotation-geometry';

export interface TAnnotationDraft {
  /** Drawing mode is on: the layer over the picture takes the pointer. */
  drawing: boolean;
  tool: TDrawTool;
  colour: TAnnotationColour;
  shapes: TAnnotationShape[];
  /** The drawn shape picked for a recolour, or null: a colour picked then goes to it, not to the next shape. */
  selected: number | null;
  select(index: number | null): void;
  setTool(tool: TDrawTool): void;
  setColour(colour: TAnnotationColour): void;
  start(): void;
  /** Leaves drawing mode; the shapes stay for the comment. */
  stop(): void;
  /** False when the shape would go over the limits the server checks. */
  add(shape: TAnnotationShape): boolean;
  undo(): void;
  clear(): void;
  /** What the comment sends: null without shapes. */
  annotation: TAnnotation | null;
  /** After posting: no shapes, drawing mode off. */
  reset(): void;
  /** Editing a posted drawing: its shapes become the draft, drawing mode off. */
  load(shapes: readonly TAnnotationShape[]): void;
}

/** The drawing a new comment is about to carry, shared by the layer over the picture and the comment form. */
export function useAnnotationDraft(): TAnnotationDraft {
  const [drawing, setDrawing] = useState(false);
  const [tool, setTool] = useState<TDrawTool>('arrow');
  const [colour, setColour] = useState<TAnnotationColour>('red');
  const [shapes, setShapes] = useState<TAnnotationShape[]>([]);
  const [selected, setSelected] = useState<number | null>(null);

  const add = useCallback(
    (shape: TAnnotationShape) => {
      if (!fitsLimits(shapes, shape)) return false;
      setShapes([...shapes, shape]);
      return true;
    },
    [shapes],
  );

  return useMemo(
    () => ({
      drawing,
      tool,
      colour,
      shapes,
      selected,
      select: setSelected,
      setTool,
      setColour: (picked: TAnnotationColour) => {
        setColour(picked);
        if (selected !== null) setShapes((list) => recoloured(list, selected, picked));
      },
      start: () => setDrawing(true),
      stop: () => setDrawing(false),
      add,
      undo: () => {
        setSelected(null);
        setShapes((list) => list.slice(0, -1));
      },
      clear: () => {
        setSelected(null);
        setShapes([]);
      },
      annotation: shapes.length > 0 ? { shapes } : null,
      reset: () => {
        setSelected(null);
        setShapes([]);
        setDrawing(false);
      },
      load: (loaded: readonly TAnnotationShape[]) => {
        setSelected(null);
        setShapes([...loaded]);
        setDrawing(false);
      },
    }),
    [drawing, tool, colour, shapes, selected, add],
  );
}
