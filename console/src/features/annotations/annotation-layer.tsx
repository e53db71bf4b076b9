import type { TAnnotationShape } from '@mam/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ANNOTATION_COLOUR_VALUES } from './annotation-colours';
import {
  arrowHead,
  extendStroke,
  finishShape,
  pictureRect,
  toPicture,
  toPixels,
  type TPoint,
  type TRect,
} from './annotation-geometry';
import type { TAnnotationDraft } from './use-annotation-draft';

const STROKE = 3;

function ShapeView({ shape, rect }: { shape: TAnnotationShape; rect: TRect }) {
  const colour = ANNOTATION_COLOUR_VALUES[shape.colour];
  const common = {
    fill: 'none',
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'data-testid': 'annotation-shape',
    'data-shape-type': shape.type,
  };
  let path: string;
  if (shape.type === 'freehand') {
    path = shape.points
      .map((p, i) => {
        const [x, y] = toPixels(p, rect);
        return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
      })
      .join(' ');
  } else {
    const from = toPixels(shape.from, rect);
    const to = toPixels(shape.to, rect);
    if (shape.type === 'box') {
      path = `M${from[0]} ${from[1]} H${to[0]} V${to[1]} H${from[0]} Z`;
    } else {
      const [a, b] = arrowHead(from, to, Math.max(10, rect.width / 60));
      path = `M${from[0]} ${from[1]} L${to[0]} ${to[1]} M${a[0]} ${a[1]} L${to[0]} ${to[1]} L${b[0]} ${b[1]}`;
    }
  }
  // A dark halo under the colour keeps the line readable on bright and dark pictures alike.
  return (
    <g {...common}>
      <path d={path} stroke="rgba(0,0,0,0.55)" strokeWidth={STROKE + 2} />
      <path d={path} stroke={colour} strokeWidth={STROKE} />
    </g>
  );
}

/**
 * Drawings over the picture: the comments' drawings due at this frame, and, in drawing mode, the draft being drawn
 * (pointer drags make arrows, boxes and free-hand strokes). Coordinates are fractions of the picture, so the layer
 * finds where the picture sits in the player (letterboxed or not) and scales them to it.
 */
export function AnnotationLayer({
  video,
  shown,
  draft,
}: {
  video: HTMLVideoElement | null;
  /** Drawings to show as they are (comments at this frame, the selected comment). */
  shown: readonly { id: string; shapes: readonly TAnnotationShape[] }[];
  /** Given and in drawing mode: the layer takes the pointer and draws into it. */
  draft?: TAnnotationDraft | null;
}) {
  const { ref, width, height } = useElementSize<HTMLDivElement>();
  const [videoSize, setVideoSize] = useState<[number, number]>([0, 0]);
  const [current, setCurrent] = useState<TPoint[] | null>(null);
  const pointer = useRef<number | null>(null);

  useEffect(() => {
    if (!video) return;
    const read = () => setVideoSize([video.videoWidth, video.videoHeight]);
    read();
    video.addEventListener('loadedmetadata', read);
    video.addEventListener('resize', read);
    return () => {
      video.removeEventListener('loadedmetadata', read);
      video.removeEventListener('resize', read);
    };
  }, [video]);

  const rect = pictureRect(width, height, videoSize[0], videoSize[1]);
  const drawing = !!draft?.drawing;
  // Measured at the event: the layer's size as last observed may lag a resize or a layout change.
  const here = (event: PointerEvent<HTMLDivElement>): TPoint => {
    const box = event.currentTarget.getBoundingClientRect();
    const picture = pictureRect(box.width, box.height, videoSize[0], videoSize[1]);
    return toPicture(event.clientX - box.left, event.clientY - box.top, picture);
  };

  const live = current && draft ? finishShape(draft.tool, draft.colour, current) : null;
  const shapes = [...shown.flatMap((s) => s.shapes), ...(draft ? draft.shapes : []), ...(live ? [live] : [])];

  return (
    <div
      ref={ref}
      data-testid={drawing ? 'annotation-surface' : undefined}
      style={{
        position: 'absolute',
        inset: 0,
        pointerEvents: drawing ? 'auto' : 'none',
        cursor: drawing ? 'crosshair' : undefined,
        touchAction: drawing ? 'none' : undefined,
        outline: drawing ? '2px dashed var(--mantine-color-yellow-5)' : undefined,
        outlineOffset: -2,
      }}
      onPointerDown={(event) => {
        if (!drawing || event.button !== 0) return;
        event.preventDefault();
        try {
          // Keeps the drag when the pointer leaves the picture; the drag works without it.
          event.currentTarget.setPointerCapture(event.pointerId);
        } catch {
          // not capturable (synthetic or ended pointer)
        }
        pointer.current = event.pointerId;
        setCurrent([here(event)]);
      }}
      onPointerMove={(event) => {
        if (pointer.current !== event.pointerId || !current || !draft) return;
        const point = here(event);
        setCurrent(draft.tool === 'freehand' ? extendStroke(current, point) : [current[0]!, point]);
      }}
      onPointerUp={(event) => {
        if (pointer.current !== event.pointerId || !current || !draft) return;
        pointer.current = null;
        const point = here(event);
        const points = draft.tool === 'freehand' ? extendStroke(current, point) : [current[0]!, point];
        const shape = finishShape(draft.tool, draft.colour, points);
        if (shape) draft.add(shape);
        setCurrent(null);
      }}
      onPointerCancel={() => {
        pointer.current = null;
        setCurrent(null);
      }}
    >
      {shapes.length > 0 && (
        <svg
          width={width}
          height={height}
          style={{ position: 'absolute', inset: 0, overflow: 'hidden' }}
          data-testid="annotation-overlay"
          data-shapes={shapes.length}
          aria-hidden
        >
          {shapes.map((shape, index) => (
            <ShapeView key={index} shape={shape} rect={rect} />
          ))}
        </svg>
      )}
    </div>
  );
}
