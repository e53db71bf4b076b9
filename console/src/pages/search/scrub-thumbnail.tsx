import { Box } from '@mantine/core';
import { useState, type MouseEvent } from 'react';
import { filmstripTileStyle, parseFilmstripManifest } from '../../features/player/filmstrip';
import { useMediaJson } from '../../features/player/use-media-json';
import { ItemThumbnail } from '../folders/item-visuals';
import { scrubFraction, scrubSeconds } from './tile-scrub.math';
import type { TSearchHit } from './use-search-results';

/**
 * A tile's thumbnail; for a video with a filmstrip, moving the pointer across it shows the frame at that point of
 * the media, read from the same sprite and manifest the player's timeline uses.
 */
export function ScrubThumbnail({ item }: { item: TSearchHit }) {
  const filmstrip = item.itemType === 'video' ? item.urls.filmstrip : null;
  // The manifest is fetched on the first hover only: most tiles are never scrubbed.
  const [armed, setArmed] = useState(false);
  const [pointer, setPointer] = useState<{ fraction: number; width: number } | null>(null);
  const manifest = useMediaJson(armed ? filmstrip?.manifest : undefined, parseFilmstripManifest);

  if (!filmstrip) return <ItemThumbnail item={item} />;

  const track = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setArmed(true);
    setPointer({ fraction: scrubFraction(event.clientX, box.left, box.width), width: box.width });
  };
  const tile =
    manifest && pointer
      ? filmstripTileStyle(
          manifest,
          scrubSeconds(pointer.fraction, item.media?.durationSeconds, manifest),
          pointer.width,
        )
      : null;

  return (
    <Box pos="relative" h="100%" onMouseMove={track} onMouseLeave={() => setPointer(null)} data-testid="scrub-area">
      <ItemThumbnail item={item} />
      {tile && pointer && (
        <Box pos="absolute" inset={0} bg="black" style={{ pointerEvents: 'none' }}>
          <div
            style={{
              position: 'absolute',
              top: '50%',
              left: 0,
              transform: 'translateY(-50%)',
              width: tile.width,
              height: tile.height,
              backgroundImage: `url("${filmstrip.sprite}")`,
              backgroundPosition: tile.backgroundPosition,
              backgroundSize: tile.backgroundSize,
              backgroundRepeat: 'no-repeat',
            }}
            data-testid="scrub-frame"
            data-frame={tile.index}
          />
          <Box
            pos="absolute"
            bottom={0}
            left={0}
            h={3}
            w={`${pointer.fraction * 100}%`}
            bg="var(--mantine-primary-color-filled)"
          />
        </Box>
      )}
    </Box>
  );
}
