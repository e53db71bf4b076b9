import type Hls from 'hls.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { carriedPosition, sourceOrder, type TMediaSourceKind, type TPlayerSource } from './media-source';

/** One sound of an HLS stream with alternate audio (EXT-X-MEDIA TYPE=AUDIO). */
export interface TAudioTrackChoice {
  index: number;
  name: string;
  language: string | null;
}

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
  /** The alternate sounds of the stream; fewer than two means there is nothing to choose. */
  audioTracks: TAudioTrackChoice[];
  audioTrack: number;
  setAudioTrack(index: number): void;
  /** Element time of the newest picture of a growing playlist, or null when it is not known. */
  liveEdge(): number | null;
}

function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

function tracksOf(hls: Hls): TAudioTrackChoice[] {
  return hls.audioTracks.map((track, index) => ({ index, name: track.name, language: track.lang ?? null }));
}

/**
 * Attaches the source to the element. HLS (growing or finished) goes through hls.js where MediaSource exists, else
 * the browser's own HLS, else the MP4 proxy; each failure moves on to the next. Any other source (the original, an
 * MP4 proxy) the element plays itself. A new source keeps the playhead of the one before and plays if the viewer
 * still wants it playing once it has loaded (`wantsPlay`, asked then: a pause pressed while the new source loads
 * wins over the play state carried from the old one), and a growing playlist starts from its beginning rather than
 * its live edge. hls.js loads on demand so pages without a
 * player do not carry it. Same-origin requests send the session cookie by themselves.
 */
export function usePlaybackSource(
  video: HTMLVideoElement | null,
  source: TPlayerSource,
  mp4Url: string | undefined,
  wantsPlay: () => boolean,
): TPlaybackSource {
  const [state, setState] = useState<Omit<TPlaybackSource, 'setAudioTrack' | 'liveEdge'>>({
    kind: null,
    failed: false,
    offsetSeconds: 0,
    audioTracks: [],
    audioTrack: 0,
  });
  const hlsRef = useRef<Hls | null>(null);
  const offsetRef = useRef(0);
  offsetRef.current = state.offsetSeconds;
  // Taken as a source is taken down, before unloading resets the element, for the next source to land on.
  const carried = useRef<ReturnType<typeof carriedPosition>>(null);
  const { url } = source;
  // Only a fallback: the MP4 appearing later must not reload what plays. Likewise growing HLS becoming the finished
  // proxy keeps its URL, and hls.js sees the playlist end by itself.
  const mp4Ref = useRef(mp4Url);
  mp4Ref.current = mp4Url;
  const wantsPlayRef = useRef(wantsPlay);
  wantsPlayRef.current = wantsPlay;
  // A source that failed gets another go when the item moves on (growing HLS that broke, then the finished proxy).
  const [attempt, setAttempt] = useState(0);
  const failedRef = useRef(false);
  failedRef.current = state.failed;
  useEffect(() => {
    if (failedRef.current) setAttempt((n) => n + 1);
  }, [source.kind]);

  useEffect(() => {
    if (!video) return;
    const mp4 = mp4Ref.current;
    const order = sourceOrder(
      { mediaSource: hasMediaSource(), nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '' },
      url,
      mp4,
    );
    const resume = carried.current;
    carried.current = null;
    let disposed = false;
    const cleanups: Array<() => void> = [];
    let hls: Hls | null = null;
    let current: TMediaSourceKind | null = null;
    let index = -1;

    function setHls(instance: Hls | null) {
      hls = instance;
      hlsRef.current = instance;
    }

    // Elements that play a file themselves land on the carried position once they know their duration.
    function restoreOnMetadata(element: HTMLVideoElement) {
      if (!resume) return;
      const onMetadata = () => {
        element.removeEventListener('loadedmetadata', onMetadata);
        if (disposed) return;
        element.currentTime = resume.seconds;
        if (wantsPlayRef.current()) void element.play().catch(() => undefined);
      };
      element.addEventListener('loadedmetadata', onMetadata);
    }

    function next() {
      if (disposed) return;
      hls?.destroy();
      setHls(null);
      index += 1;
      current = order[index] ?? null;
      setState({ kind: current, failed: current === null, offsetSeconds: 0, audioTracks: [], audioTrack: 0 });
      if (current === 'hls.js') attachHlsJs(video!);
      else if (current === 'native-hls') {
        video!.src = url;
        restoreOnMetadata(video!);
      } else if (current === 'mp4' || current === 'file') {
        video!.src = current === 'mp4' ? mp4! : url;
        restoreOnMetadata(video!);
      }
    }

    function attachHlsJs(element: HTMLVideoElement) {
      import('hls.js')
        .then(({ default: HlsJs }) => {
          if (disposed) return;
          if (!HlsJs.isSupported()) return next();
          // An EVENT playlist would start at its live edge; the viewer wants the start, or where they were.
          const instance = new HlsJs({ backBufferLength: 90, startPosition: resume?.seconds ?? 0 });
          setHls(instance);
          // hls.js lands on the carried media time as element time, before this stream's start offset is known;
          // once both are, the paused element moves on by the offset, so it shows the very frame the viewer left.
          let landing = resume ? resume.seconds : null;
          let knownOffset: number | null = null;
          const land = () => {
            if (landing === null || knownOffset === null || instance !== hls) return;
            if (!element.paused || Math.abs(element.currentTime - landing) >= 1e-3) return;
            element.currentTime = landing + knownOffset;
            landing = null;
          };
          // Played on or moved, the viewer has left the carried place: nothing to correct any more.
          const leave = () => {
            landing = null;
          };
          const onSeeked = () => land();
          element.addEventListener('playing', leave);
          element.addEventListener('seeked', onSeeked);
          cleanups.push(() => {
            element.removeEventListener('playing', leave);
            element.removeEventListener('seeked', onSeeked);
          });
          instance.on(HlsJs.Events.FRAG_PARSED, (_event, { frag }) => {
            if (knownOffset !== null || String(frag.type) !== 'main' || instance !== hls) return;
            const streams = frag.elementaryStreams;
            const first = streams.video ?? streams.audiovideo ?? streams.audio;
            if (!first || !Number.isFinite(first.startPTS)) return;
            // Whichever fragment comes first (the one at the carried place, not always the first): its first frame
            // sits at its playlist position in media time.
            const offsetSeconds = Math.max(0, first.startPTS - frag.playlistOffset);
            knownOffset = offsetSeconds;
            setState((s) => (s.offsetSeconds === offsetSeconds ? s : { ...s, offsetSeconds }));
            land();
          });
          const onTracks = () => {
            if (instance !== hls) return;
            setState((s) => ({ ...s, audioTracks: tracksOf(instance), audioTrack: Math.max(0, instance.audioTrack) }));
          };
          instance.on(HlsJs.Events.AUDIO_TRACKS_UPDATED, onTracks);
          instance.on(HlsJs.Events.AUDIO_TRACK_SWITCHED, onTracks);
          if (resume) {
            instance.once(HlsJs.Events.MANIFEST_PARSED, () => {
              if (instance === hls && wantsPlayRef.current()) void element.play().catch(() => undefined);
            });
          }
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
          instance.loadSource(url);
          instance.attachMedia(element);
        })
        .catch(() => next());
    }

    // hls.js reports its own failures; the element's error event is about a source it loads itself.
    const onError = () => {
      if (current === 'native-hls' || current === 'mp4' || current === 'file') next();
    };
    video.addEventListener('error', onError);
    next();

    return () => {
      disposed = true;
      video.removeEventListener('error', onError);
      for (const cleanup of cleanups) cleanup();
      carried.current = carriedPosition(video, offsetRef.current);
      try {
        hls?.destroy();
        setHls(null);
        video.removeAttribute('src');
        video.load();
      } catch (error) {
        console.error('Error during VideoPlayer clean-up', error);
      }
    };
  }, [video, url, attempt]);

  const setAudioTrack = useCallback((index: number) => {
    if (hlsRef.current) hlsRef.current.audioTrack = index;
  }, []);

  const liveEdge = useCallback((): number | null => {
    const live = hlsRef.current?.liveSyncPosition;
    if (typeof live === 'number' && Number.isFinite(live)) return live;
    if (!video || video.seekable.length === 0) return null;
    return video.seekable.end(video.seekable.length - 1);
  }, [video]);

  return { ...state, setAudioTrack, liveEdge };
}
