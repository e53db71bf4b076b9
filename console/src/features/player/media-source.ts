/** 'file' is a progressive file the element plays itself: the stored original, or an MP4 proxy given as the source. */
export type TMediaSourceKind = 'hls.js' | 'native-hls' | 'mp4' | 'file';

/** What the item says to play (the API's playback field). */
export interface TPlayerSource {
  url: string;
  kind: 'original' | 'growing' | 'proxy';
  /** A virtual clip's range of the media (media seconds): the player plays and shows only this part. */
  range?: { startSeconds: number; durationSeconds: number } | null;
}

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

/** Whether a media URL names an HLS playlist (signed share URLs end with the rendition path too). */
export function isHlsUrl(url: string): boolean {
  return /\.m3u8$/i.test(url.split(/[?#]/)[0]!);
}

/** The ways to play a source: HLS as above, with the MP4 proxy as the fallback; any other file by the element. */
export function sourceOrder(support: Omit<TPlaybackSupport, 'hasMp4'>, url: string, mp4Url?: string) {
  if (!isHlsUrl(url)) return ['file'] as TMediaSourceKind[];
  return playbackOrder({ ...support, hasMp4: !!mp4Url });
}

/**
 * The playhead to carry into the next source: a switch from the original to growing HLS to the proxy keeps the
 * place (whether to play on is the viewer's intent, asked when the new source has loaded). Nothing to carry from an
 * element that had not loaded.
 */
export function carriedPosition(
  element: { currentTime: number; readyState: number },
  offsetSeconds: number,
): { seconds: number } | null {
  if (element.readyState < 1) return null;
  return { seconds: Math.max(0, element.currentTime - offsetSeconds) };
}
