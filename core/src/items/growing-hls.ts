import type { ItemRenditions } from './item-types';

/**
 * The renditions of a run that stopped (failed or cancelled) before its HLS ended: EVENT playlists that will never
 * get their EXT-X-ENDLIST are no rendition to offer, so the master goes with the flag. Finished HLS stays.
 */
export function withoutGrowingHls(renditions: ItemRenditions): ItemRenditions {
  if (!renditions.hlsGrowing) return renditions;
  const { hlsGrowing: _growing, hlsMaster: _master, ...kept } = renditions;
  return kept;
}
