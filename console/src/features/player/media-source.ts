export type TMediaSourceKind = 'hls.js' | 'native-hls' | 'mp4';

export interface TPlaybackSupport {
  /** MediaSource (or ManagedMediaSource) exists, so hls.js can feed the element. */
  mediaSource: boolean;
  /** The element plays HLS itself (Safari, iOS). */
  nativeHls: boolean;
  hasMp4: boolean;
}

/**
 * The ways to play the media, best first: hls.js where MediaSource exists (adaptive, same behaviour everywhere),
 * the browser's own HLS, then the progressive MP4 proxy. Later entries are fallbacks when an earlier one fails.
 */
export function playbackOrder(support: TPlaybackSupport): TMediaSourceKind[] {
  const order: TMediaSourceKind[] = [];
  if (support.mediaSource) order.push('hls.js');
  if (support.nativeHls) order.push('native-hls');
  if (support.hasMp4) order.push('mp4');
  return order;
}
