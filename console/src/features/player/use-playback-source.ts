import type Hls from 'hls.js';
import { useEffect, useState } from 'react';
import { playbackOrder, type TMediaSourceKind } from './media-source';

export interface TPlaybackSource {
  kind: TMediaSourceKind | null;
  /** Every way to play the media failed. */
  failed: boolean;
  /**
   * Element time at which the first picture shows. hls.js starts its timeline at the earliest audio or video
   * timestamp of the stream, so with audio ahead of video, or B-frame decode delay, the first frame appears a frame
   * or two after 0. Media time (what timecodes and marks count) is element time minus this.
   */
  offsetSeconds: number;
}

function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

/**
 * Attaches the media to the element: hls.js where MediaSource exists, the browser's own HLS, else the MP4 proxy;
 * each failure moves on to the next. hls.js loads on demand so pages without a player do not carry it. Same-origin
 * requests send the session cookie by themselves.
 */
export function usePlaybackSource(
  video: HTMLVideoElement | null,
  hlsUrl: string,
  mp4Url: string | undefined,
): TPlaybackSource {
  const [source, setSource] = useState<TPlaybackSource>({ kind: null, failed: false, offsetSeconds: 0 });

  useEffect(() => {
    if (!video) return;
    const order = playbackOrder({
      mediaSource: hasMediaSource(),
      nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
      hasMp4: !!mp4Url,
    });
    let disposed = false;
    let hls: Hls | null = null;
    let current: TMediaSourceKind | null = null;
    let index = -1;

    function next() {
      if (disposed) return;
      hls?.destroy();
      hls = null;
      index += 1;
      current = order[index] ?? null;
      setSource({ kind: current, failed: current === null, offsetSeconds: 0 });
      if (current === 'hls.js') attachHlsJs(video!);
      else if (current === 'native-hls') video!.src = hlsUrl;
      else if (current === 'mp4') video!.src = mp4Url!;
    }

    function attachHlsJs(element: HTMLVideoElement) {
      import('hls.js')
        .then(({ default: HlsJs }) => {
          if (disposed) return;
          if (!HlsJs.isSupported()) return next();
          const instance = new HlsJs({ backBufferLength: 90 });
          hls = instance;
          instance.on(HlsJs.Events.FRAG_PARSED, (_event, { frag }) => {
            if (frag.sn !== 0 || String(frag.type) !== 'main' || instance !== hls) return;
            const streams = frag.elementaryStreams;
            const first = streams.video ?? streams.audiovideo ?? streams.audio;
            if (!first || !Number.isFinite(first.startPTS)) return;
            const offsetSeconds = Math.max(0, first.startPTS);
            setSource((s) => (s.offsetSeconds === offsetSeconds ? s : { ...s, offsetSeconds }));
          });
          let recovered = false;
          instance.on(HlsJs.Events.ERROR, (_event, data) => {
            if (!data.fatal || instance !== hls) return;
            // A decoding hiccup is worth one recovery attempt before giving up on hls.js.
            if (data.type === HlsJs.ErrorTypes.MEDIA_ERROR && !recovered) {
              recovered = true;
              instance.recoverMediaError();
              return;
            }
            next();
          });
          instance.loadSource(hlsUrl);
          instance.attachMedia(element);
        })
        .catch(() => next());
    }

    // hls.js reports its own failures; the element's error event is about a source it loads itself.
    const onError = () => {
      if (current === 'native-hls' || current === 'mp4') next();
    };
    video.addEventListener('error', onError);
    next();

    return () => {
      disposed = true;
      video.removeEventListener('error', onError);
      try {
        hls?.destroy();
        hls = null;
        video.removeAttribute('src');
        video.load();
      } catch (error) {
        console.error('Error during VideoPlayer clean-up', error);
      }
    };
  }, [video, hlsUrl, mp4Url]);

  return source;
}
