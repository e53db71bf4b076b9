import { Box, Paper, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { filmstripTileStyle, type TFilmstripManifest } from './filmstrip';
import { timecodeAt, type TFrameClock } from './frame-math';
import { markedRange, type TMarks } from './marks';
import { layoutMarkers, type TPlayerMarker } from './timeline-markers';

const PREVIEW_WIDTH = 160;
const HEIGHT = 22;
const MARKER_HEIGHT = 9;
// Narrower than this a marker is hard to hit with the pointer.
const MARKER_MIN_WIDTH = 6;

export interface TPlayerTimelineProps {
  /** Where the timeline starts in the media (a virtual clip's in point); 0 for the whole media. */
  startSeconds?: number;
  /** How much of the media the timeline spans from there. */
  durationSeconds: number;
  currentTime: number;
  marks: TMarks;
  clock: TFrameClock;
  filmstrip: { spriteUrl: string; manifest: TFilmstripManifest } | null;
  onSeek(seconds: number): void;
  markers?: readonly TPlayerMarker[];
  onMarkerClick?(id: string): void;
}

const percent = (fraction: number) => `${Math.min(100, Math.max(0, fraction * 100))}%`;

/** Seek bar with the marked range shaded, and a filmstrip frame with its timecode where the pointer hovers. */
export function PlayerTimeline({
  startSeconds = 0,
  durationSeconds,
  currentTime,
  marks,
  clock,
  filmstrip,
  onSeek,
  markers = [],
  onMarkerClick,
}: TPlayerTimelineProps) {
  const { t } = useTranslation();
  const { ref, width } = useElementSize<HTMLDivElement>();
  const [hoverX, setHoverX] = useState<number | null>(null);
  const dragging = useRef(false);
  const duration = Math.max(0, durationSeconds);

  function pointerTime(event: PointerEvent<HTMLDivElement>): { x: number; seconds: number } {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = Math.min(rect.width, Math.max(0, event.clientX - rect.left));
    return { x, seconds: startSeconds + (rect.width > 0 ? (x / rect.width) * duration : 0) };
  }

  // Everything given in media seconds is drawn from the timeline's start.
  const shift = (seconds: number | null) => (seconds === null ? null : seconds - startSeconds);
  const range = markedRange({ in: shift(marks.in), out: shift(marks.out) }, duration, clock.frameSeconds);
  const hoverSeconds = hoverX !== null && width > 0 ? startSeconds + (hoverX / width) * duration : null;
  const tile =
    filmstrip && hoverSeconds !== null
      ? filmstripTileStyle(filmstrip.manifest, hoverSeconds, Math.min(PREVIEW_WIDTH, filmstrip.manifest.tileWidth))
      : null;
  const previewWidth = tile?.width ?? 96;
  const previewLeft = hoverX === null ? 0 : Math.min(Math.max(0, hoverX - previewWidth / 2), width - previewWidth);
  const fraction = (seconds: number) => (duration > 0 ? (seconds - startSeconds) / duration : 0);
  const placed = layoutMarkers(
    startSeconds === 0
      ? markers
      : markers.map((m) => ({ ...m, inSeconds: m.inSeconds - startSeconds, outSeconds: shift(m.outSeconds ?? null) })),
    duration,
    clock.frameSeconds,
  );

  return (
    <Box
      ref={ref}
      pos="relative"
      h={HEIGHT}
      style={{ cursor: 'pointer', touchAction: 'none', userSelect: 'none' }}
      aria-label={t('player.timeline')}
      data-testid="player-timeline"
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        onSeek(pointerTime(event).seconds);
      }}
      onPointerMove={(event) => {
        const { x, seconds } = pointerTime(event);
        setHoverX(x);
        if (dragging.current) onSeek(seconds);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
      onPointerLeave={() => {
        if (!dragging.current) setHoverX(null);
      }}
    >
      <Box pos="absolute" left={0} right={0} top={HEIGHT / 2 - 2} h={4} bg="gray.7" style={{ borderRadius: 2 }} />
      <Box
        pos="absolute"
        left={0}
        top={HEIGHT / 2 - 2}
        h={4}
        w={percent(fraction(currentTime))}
        bg="blue.5"
        style={{ borderRadius: 2 }}
      />
      {range && (
        <Box
          pos="absolute"
          top={2}
          h={HEIGHT - 4}
          left={percent(range.start)}
          w={percent(range.end - range.start)}
          bg="rgba(250, 176, 5, 0.3)"
          style={{
            borderLeft: marks.in !== null ? '2px solid var(--mantine-color-yellow-5)' : undefined,
            borderRight: marks.out !== null ? '2px solid var(--mantine-color-yellow-5)' : undefined,
            pointerEvents: 'none',
          }}
          data-testid="player-marked-range"
        />
      )}
      {placed.map(({ marker, start, width: span }) => {
        const colour = marker.colour ?? 'var(--mantine-color-orange-5)';
        return (
          <Tooltip key={marker.id} label={marker.label} multiline maw={320} withinPortal>
            <Box
              component="button"
              type="button"
              aria-label={marker.label}
              pos="absolute"
              top={0}
              h={MARKER_HEIGHT}
              left={percent(start)}
              w={span > 0 ? percent(span) : MARKER_MIN_WIDTH}
              miw={MARKER_MIN_WIDTH}
              bg={colour}
              p={0}
              style={{
                border: 'none',
                borderRadius: 2,
                cursor: 'pointer',
                opacity: marker.dimmed ? 0.35 : 0.9,
                transform: span > 0 ? undefined : `translateX(-${MARKER_MIN_WIDTH / 2}px)`,
                zIndex: 1,
              }}
              data-testid="player-marker"
              data-marker-id={marker.id}
              data-dimmed={marker.dimmed ? 'true' : undefined}
              // The marker is its own target: pressing it must not also seek through the bar beneath.
              onPointerDown={(event) => event.stopPropagation()}
              onClick={() => onMarkerClick?.(marker.id)}
            />
          </Tooltip>
        );
      })}
      <Box
        pos="absolute"
        top={0}
        h={HEIGHT}
        w={2}
        left={percent(fraction(currentTime))}
        bg="white"
        style={{ transform: 'translateX(-1px)', pointerEvents: 'none', boxShadow: '0 0 2px black' }}
      />
      {hoverSeconds !== null && (
        <Paper
          pos="absolute"
          bottom={HEIGHT + 6}
          left={previewLeft}
          w={previewWidth}
          shadow="md"
          withBorder
          style={{ pointerEvents: 'none', overflow: 'hidden', zIndex: 2 }}
          data-testid="player-hover-preview"
        >
          {tile && filmstrip && (
            <Box
              w={tile.width}
              h={tile.height}
              data-testid="player-hover-tile"
              data-tile={tile.index}
              style={{
                backgroundImage: `url("${filmstrip.spriteUrl}")`,
                backgroundPosition: tile.backgroundPosition,
                backgroundSize: tile.backgroundSize,
                backgroundRepeat: 'no-repeat',
              }}
            />
          )}
          <Text size="xs" ff="monospace" ta="center" py={2} data-testid="player-hover-timecode">
            {timecodeAt(hoverSeconds, clock)}
          </Text>
        </Paper>
      )}
    </Box>
  );
}
