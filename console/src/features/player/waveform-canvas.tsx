import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { peakBar, waveformColumns, type TWaveform } from './waveform';

const PLAYED = '#4dabf7';
const UNPLAYED = '#868e96';

export interface TWaveformCanvasProps {
  waveform: TWaveform;
  durationSeconds: number;
  currentTime: number;
  height: number;
  onSeek(seconds: number): void;
}

/** The audio peaks across the timeline's width; the part already played is drawn in the accent colour. */
export function WaveformCanvas({ waveform, durationSeconds, currentTime, height, onSeek }: TWaveformCanvasProps) {
  const { t } = useTranslation();
  const { ref, width } = useElementSize<HTMLDivElement>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const columnCount = Math.floor(width);
  const columns = useMemo(
    () => waveformColumns(waveform, durationSeconds, columnCount),
    [waveform, durationSeconds, columnCount],
  );
  const playedColumns =
    durationSeconds > 0 ? Math.round((Math.min(currentTime, durationSeconds) / durationSeconds) * columnCount) : 0;

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.max(1, Math.round(columnCount * ratio));
    element.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, columnCount, height);
    for (let x = 0; x < columnCount; x += 1) {
      const bar = peakBar(columns[2 * x]!, columns[2 * x + 1]!, height);
      context.fillStyle = x < playedColumns ? PLAYED : UNPLAYED;
      context.fillRect(x, bar.top, 1, bar.height);
    }
  }, [columns, columnCount, height, playedColumns]);

  return (
    <Box
      ref={ref}
      h={height}
      style={{ cursor: 'pointer' }}
      onPointerDown={(event) => {
        const rect = event.currentTarget.getBoundingClientRect();
        if (rect.width > 0 && durationSeconds > 0)
          onSeek(Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)) * durationSeconds);
      }}
    >
      <canvas
        ref={canvas}
        style={{ width: columnCount, height, display: 'block' }}
        role="img"
        aria-label={t('player.waveform')}
        data-testid="player-waveform"
        data-played-columns={playedColumns}
      />
    </Box>
  );
}
