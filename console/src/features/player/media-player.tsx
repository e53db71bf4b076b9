import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Center,
  Group,
  Kbd,
  Loader,
  Popover,
  Slider,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowBarToLeft,
  IconArrowBarToRight,
  IconBracketsContainEnd,
  IconBracketsContainStart,
  IconChevronLeft,
  IconChevronRight,
  IconEraser,
  IconKeyboard,
  IconMaximize,
  IconMinimize,
  IconMusic,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerTrackNext,
  IconPlayerTrackPrev,
  IconVolume,
  IconVolume3,
} from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseOnEscape } from '../../lib/use-close-on-escape';
import { parseFilmstripManifest } from './filmstrip';
import { durationTimecode, frameAt, frameClock, lastFrame, snapToFrame, timecodeAt } from './frame-math';
import { NO_MARKS, setMarkIn, setMarkOut, type TMarks } from './marks';
import type { TPlayerSource } from './media-source';
import {
  clampToWindow,
  playFrom,
  playWindow,
  reachedEnd,
  windowFrameSeekTime,
  windowLength,
  type TPlayWindow,
} from './play-window';
import { AudioTrackMenu, GrowingIndicator, OriginalIndicator } from './playback-controls';
import { PlayerTimeline } from './player-timeline';
import type { TPlayerMarker } from './timeline-markers';
import { isButtonTarget, isTypingTarget, playerShortcut, type TPlayerAction } from './shortcuts';
import { reversePosition, shuttleForward, shuttleReverse, speedLabel, togglePlay } from './shuttle';
import { useMediaJson } from './use-media-json';
import { usePlaybackSource } from './use-playback-source';
import { parseWaveform } from './waveform';
import { WaveformCanvas } from './waveform-canvas';

export type { TMarks } from './marks';
export type { TPlayerMarker } from './timeline-markers';

/** What a layer over the picture needs to know (e.g. comment drawings). */
export interface TPlayerOverlayState {
  /** Media seconds of the frame showing. */
  currentTime: number;
  playing: boolean;
  /** The element, for the picture's own size (the layer fits the picture, not the letterbox around it). */
  video: HTMLVideoElement | null;
}

/** Move the playhead from outside; a new nonce repeats a seek to the same time. */
export interface TSeekRequest {
  /** Media seconds; the player lands on the start of the frame that holds it. */
  seconds: number;
  nonce: number;
}

export interface MediaPlayerProps {
  /**
   * What to play (the item's playback field; same origin, the session cookie authenticates it). A new source
   * replaces the old one at the same playhead: original, then growing HLS, then the proxy.
   */
  source: TPlayerSource;
  /** Progressive MP4 proxy, the last fallback for HLS. */
  mp4Url?: string;
  posterUrl?: string;
  /** 'num/den' from the probe, e.g. '50/1' or '30000/1001'. */
  frameRate: string;
  durationSeconds: number;
  /** The media's first timecode ('10:00:00:00'; ';' for drop-frame); labels count from it. */
  timecodeStart?: string | null;
  filmstrip?: { spriteUrl: string; manifestUrl: string };
  waveformUrl?: string;
  kind: 'video' | 'audio';
  /** In/out points in media seconds. Given: the player shows these (controlled); left out: it keeps its own. */
  marks?: TMarks;
  onMarksChange?(marks: TMarks): void;
  /** Notes drawn on the timeline (comments); clicking one calls onMarkerClick rather than seeking. */
  markers?: readonly TPlayerMarker[];
  onMarkerClick?(id: string): void;
  /** Applied once the media is loaded, and again whenever the nonce changes. */
  seekRequest?: TSeekRequest | null;
  /** The media time in seconds whenever it changes (e.g. to comment at the current position). */
  onTimeChange?(seconds: number): void;
  /** A layer over the picture, drawn above the video (and its controls below); video only. */
  overlay?(state: TPlayerOverlayState): ReactNode;
}

const NO_TIMECODE = '--:--:--:--';

function ControlButton({
  label,
  shortcut,
  onClick,
  children,
  testId,
  disabled,
}: {
  label: string;
  shortcut?: string;
  onClick: () => void;
  children: ReactNode;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <Tooltip label={shortcut ? `${label} (${shortcut})` : label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        aria-keyshortcuts={shortcut}
        onClick={onClick}
        data-testid={testId}
        disabled={disabled}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The keyboard shortcuts behind a button: open until clicked again, clicked away from or Escape. */
function ShortcutsPopover() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  useCloseOnEscape(opened, () => setOpened(false));
  return (
    <Popover opened={opened} onChange={setOpened} position="top-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('player.shortcuts')}
          onClick={() => setOpened((o) => !o)}
          data-testid="player-shortcuts"
        >
          <IconKeyboard size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="player-shortcuts-panel">
        <ShortcutList />
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Frame-accurate viewer for video and audio: J/K/L shuttle up to 16× either way (reverse by stepping the picture
 * back on every animation frame, since media elements cannot play backwards), frame stepping, SMPTE timecode from
 * the media's start timecode, in/out marks, a filmstrip preview on the timeline and the audio waveform.
 */
export function MediaPlayer({
  source: playback,
  mp4Url,
  posterUrl,
  frameRate,
  durationSeconds,
  timecodeStart,
  filmstrip,
  waveformUrl,
  kind,
  marks: controlledMarks,
  onMarksChange,
  markers,
  onMarkerClick,
  seekRequest,
  onTimeChange,
  overlay,
}: MediaPlayerProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const speedRef = useRef(0);
  // The viewer's intent, not the element's state: a source switch pauses the element on its way.
  const source = usePlaybackSource(video, playback, mp4Url, () => speedRef.current > 0);
  const clock = useMemo(() => frameClock(frameRate, timecodeStart), [frameRate, timecodeStart]);
  const clockRef = useRef(clock);
  clockRef.current = clock;
  const manifest = useMediaJson(filmstrip?.manifestUrl, parseFilmstripManifest);
  const waveform = useMediaJson(waveformUrl, parseWaveform);

  const [speed, setSpeed] = useState(0);
  // Media time: element time minus the stream's start offset (see usePlaybackSource).
  const [currentTime, setCurrentTime] = useState(0);
  const offset = useRef(0);
  useEffect(() => {
    offset.current = source.offsetSeconds;
  }, [source.offsetSeconds]);
  // Reverse play moves this on; seeks move it too, so reverse continues from where the user put the playhead.
  const reverseFrom = useRef(0);
  const [mediaDuration, setMediaDuration] = useState(0);
  // Seeks before the metadata has loaded are lost (and the HLS start offset is not known yet).
  const [loaded, setLoaded] = useState(false);
  const appliedSeek = useRef<{ nonce: number; offset: number; elementTime: number } | null>(null);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [ownMarks, setOwnMarks] = useState<TMarks>(controlledMarks ?? NO_MARKS);
  const marks = controlledMarks ?? ownMarks;
  const duration = durationSeconds > 0 ? durationSeconds : mediaDuration;
  // A virtual clip plays its source's media within its range: the window every seek, step and play keeps to.
  const rangeStart = playback.range?.startSeconds;
  const rangeLength = playback.range?.durationSeconds;
  const span = useMemo(
    () =>
      playWindow(
        rangeStart !== undefined && rangeLength !== undefined
          ? { startSeconds: rangeStart, durationSeconds: rangeLength }
          : null,
        duration,
      ),
    [rangeStart, rangeLength, duration],
  );
  const spanRef = useRef<TPlayWindow>(span);
  spanRef.current = span;
  const shownDuration = span.ranged ? windowLength(span) : duration;

  const changeMarks = useCallback(
    (next: TMarks) => {
      if (!controlledMarks) setOwnMarks(next);
      onMarksChange?.(next);
    },
    [controlledMarks, onMarksChange],
  );

  const seek = useCallback(
    (seconds: number) => {
      if (!video) return;
      const target = clampToWindow(seconds, span);
      reverseFrom.current = target;
      video.currentTime = target + offset.current;
      setCurrentTime(target);
    },
    [video, span],
  );

  // Speed drives the element: forward rates through playbackRate, reverse through the seek loop below.
  useEffect(() => {
    speedRef.current = speed;
    if (!video) return;
    if (speed > 0) {
      video.playbackRate = speed;
      video.play().catch((error: unknown) => {
        // A later pause interrupts play() on purpose; anything else (autoplay policy, no source) stops the shuttle.
        if ((error as { name?: string }).name !== 'AbortError' && speedRef.current === speed) setSpeed(0);
      });
      return;
    }
    video.pause();
    if (speed === 0) return;
    reverseFrom.current = Math.max(0, video.currentTime - offset.current);
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const start = spanRef.current.startSeconds;
      reverseFrom.current = Math.max(start, reversePosition(reverseFrom.current, speed, (now - last) / 1000));
      last = now;
      // Seeking again before the last seek lands only queues work; the position keeps moving meanwhile.
      if (!video.seeking) video.currentTime = reverseFrom.current + offset.current;
      if (reverseFrom.current <= start) {
        setSpeed(0);
        return;
      }
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [speed, video]);

  // The displayed time follows the element every animation frame; state only changes when the time does.
  useEffect(() => {
    if (!video) return;
    let frame = requestAnimationFrame(function tick() {
      const now = Math.max(0, video.currentTime - offset.current);
      const range = spanRef.current;
      // The media goes on past a clip's out point: stop there, showing its last frame.
      if (speedRef.current > 0 && reachedEnd(now, range)) {
        speedRef.current = 0;
        video.pause();
        setSpeed(0);
        const end = windowFrameSeekTime(lastFrame(range.endSeconds, clockRef.current), clockRef.current, range);
        video.currentTime = end + offset.current;
        reverseFrom.current = end;
        setCurrentTime(end);
      } else {
        setCurrentTime(now);
      }
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [video]);

  // A clip opens at its in point, and a playhead outside its range (a source switch, say) goes back into it.
  useEffect(() => {
    if (!loaded || !video || !span.ranged) return;
    const now = video.currentTime - source.offsetSeconds;
    if (now < span.startSeconds || now >= span.endSeconds) seek(span.startSeconds);
  }, [loaded, video, span, source.offsetSeconds, seek]);

  const timeListener = useRef(onTimeChange);
  timeListener.current = onTimeChange;
  useEffect(() => timeListener.current?.(currentTime), [currentTime]);

  // Play and pause from outside the player (media keys, picture-in-picture) and the end of the media.
  useEffect(() => {
    if (!video) return;
    const onEnded = () => setSpeed(0);
    const onPause = () => {
      if (speedRef.current > 0) setSpeed(0);
    };
    const onPlay = () => {
      if (speedRef.current <= 0) setSpeed(1);
    };
    const onWaiting = () => setWaiting(true);
    const onReady = () => setWaiting(false);
    const onMetadata = () => {
      setMediaDuration(Number.isFinite(video.duration) ? Math.max(0, video.duration - offset.current) : 0);
      setLoaded(true);
    };
    const onVolume = () => {
      setVolume(video.volume);
      setMuted(video.muted);
    };
    const events: Array<[string, () => void]> = [
      ['ended', onEnded],
      ['pause', onPause],
      ['play', onPlay],
      ['waiting', onWaiting],
      ['playing', onReady],
      ['canplay', onReady],
      ['seeked', onReady],
      ['loadedmetadata', onMetadata],
      ['durationchange', onMetadata],
      ['volumechange', onVolume],
    ];
    for (const [name, handler] of events) video.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of events) video.removeEventListener(name, handler);
    };
  }, [video]);

  useEffect(() => {
    if (!video) return;
    video.volume = volume;
    video.muted = muted;
  }, [video, volume, muted]);

  useEffect(() => {
    const onChange = () => setFullscreen(!!container.current && document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void container.current?.requestFullscreen().catch(() => undefined);
  }, []);

  // Frame-exact moves stop the element at once, not after the next render, so it cannot drift past the target.
  const stop = useCallback(() => {
    speedRef.current = 0;
    video?.pause();
    setSpeed(0);
  }, [video]);

  // The frame on screen: while playing, the element's clock runs ahead of the picture by up to a frame, so a pause
  // would leave the timecode one frame past what the viewer sees. Element time of the last frame presented.
  const presented = useRef<number | null>(null);
  useEffect(() => {
    if (!video || !('requestVideoFrameCallback' in video)) return;
    let handle = 0;
    const onFrame = (_now: number, frame: { mediaTime: number }) => {
      presented.current = frame.mediaTime;
      handle = video.requestVideoFrameCallback(onFrame);
    };
    handle = video.requestVideoFrameCallback(onFrame);
    // A new source's times mean something else.
    const forget = () => {
      presented.current = null;
    };
    video.addEventListener('emptied', forget);
    return () => {
      video.cancelVideoFrameCallback(handle);
      video.removeEventListener('emptied', forget);
    };
  }, [video]);

  // A pause lands on the frame the viewer sees, so picture, timecode, marks and comments agree on it.
  const pauseOnShownFrame = useCallback(() => {
    const wasPlaying = speedRef.current > 0;
    stop();
    // A source being switched has no picture yet: the next one lands where this one was.
    if (!video || !wasPlaying || video.readyState < 2) return;
    const shown = presented.current;
    const elementTime = shown !== null && Math.abs(shown - video.currentTime) < 0.5 ? shown : video.currentTime;
    seek(windowFrameSeekTime(frameAt(elementTime - offset.current, clock), clock, span));
  }, [video, stop, seek, clock, span]);

  const goToFrameOf = useCallback(
    (seconds: number | null) => {
      if (seconds === null) return;
      stop();
      seek(windowFrameSeekTime(frameAt(seconds, clock), clock, span));
    },
    [stop, seek, clock, span],
  );

  useEffect(() => {
    if (!seekRequest || !loaded || !video) return;
    const applied = appliedSeek.current;
    if (applied?.nonce === seekRequest.nonce) {
      // The HLS start offset can arrive after the metadata, moving what the element time means: land the request
      // again at the same media time, unless the playhead has moved since.
      const moved = speedRef.current !== 0 || Math.abs(video.currentTime - applied.elementTime) > 1e-3;
      if (applied.offset === source.offsetSeconds || moved) return;
    }
    goToFrameOf(seekRequest.seconds);
    appliedSeek.current = {
      nonce: seekRequest.nonce,
      offset: source.offsetSeconds,
      elementTime: video.currentTime,
    };
  }, [seekRequest, loaded, video, source.offsetSeconds, goToFrameOf]);

  const run = useCallback(
    (action: TPlayerAction) => {
      const now = video ? Math.max(0, video.currentTime - offset.current) : currentTime;
      // Replay of a clip starts again at its in point; the element does that itself at the end of whole media.
      const fromStart = () => {
        if (span.ranged && speedRef.current <= 0 && playFrom(now, span, clock) !== now) seek(span.startSeconds);
      };
      switch (action) {
        case 'togglePlay':
          if (speedRef.current > 0) pauseOnShownFrame();
          else {
            if (speedRef.current === 0) fromStart();
            setSpeed(togglePlay);
          }
          break;
        case 'pause':
          pauseOnShownFrame();
          break;
        case 'shuttleForward':
          fromStart();
          setSpeed(shuttleForward);
          break;
        case 'shuttleReverse':
          setSpeed(shuttleReverse);
          break;
        case 'previousFrame':
        case 'nextFrame':
          stop();
          seek(windowFrameSeekTime(frameAt(now, clock) + (action === 'nextFrame' ? 1 : -1), clock, span));
          break;
        case 'markIn':
          changeMarks(setMarkIn(marks, snapToFrame(now, clock)));
          break;
        case 'markOut':
          changeMarks(setMarkOut(marks, snapToFrame(now, clock)));
          break;
        case 'goToIn':
          goToFrameOf(marks.in);
          break;
        case 'goToOut':
          goToFrameOf(marks.out);
          break;
        case 'toggleMute':
          setMuted((m) => !m);
          break;
        case 'toggleFullscreen':
          toggleFullscreen();
          break;
      }
    },
    [video, currentTime, stop, seek, clock, span, changeMarks, marks, goToFrameOf, toggleFullscreen, pauseOnShownFrame],
  );

  // Shortcuts work anywhere on the page except where keys type text or drive another control.
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  }, [run]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const target = event.target instanceof Element ? (event.target as HTMLElement) : null;
      if (isTypingTarget(target)) return;
      const action = playerShortcut(event);
      if (!action || (action === 'togglePlay' && isButtonTarget(target))) return;
      event.preventDefault();
      runRef.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const playing = speed !== 0;
  const audio = kind === 'audio';
  const filmstripData = filmstrip && manifest ? { spriteUrl: filmstrip.spriteUrl, manifest } : null;

  return (
    <Box
      ref={container}
      data-testid="media-player"
      data-source={source.kind ?? undefined}
      data-playback={playback.kind}
      data-range-start={span.ranged ? span.startSeconds : undefined}
      data-range-end={span.ranged ? span.endSeconds : undefined}
      bg="dark.9"
      style={{
        borderRadius: fullscreen ? 0 : 8,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        height: fullscreen ? '100vh' : undefined,
      }}
    >
      <Box pos="relative" style={{ flex: fullscreen ? 1 : undefined, minHeight: 0 }}>
        <video
          ref={setVideo}
          poster={audio ? undefined : posterUrl}
          playsInline
          preload="metadata"
          onClick={() => run('togglePlay')}
          data-testid="player-video"
          style={{
            display: audio ? 'none' : 'block',
            width: '100%',
            height: fullscreen ? '100%' : undefined,
            maxHeight: fullscreen ? undefined : '70vh',
            background: 'black',
          }}
        />
        {!audio && overlay?.({ currentTime, playing: speed !== 0, video })}
        {audio && (
          <Center h={160} onClick={() => run('togglePlay')} style={{ cursor: 'pointer' }}>
            {posterUrl ? (
              <img src={posterUrl} alt="" style={{ maxHeight: 150, maxWidth: '100%' }} />
            ) : (
              <IconMusic size={56} color="var(--mantine-color-gray-6)" />
            )}
          </Center>
        )}
        {waiting && playing && (
          <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
            <Loader color="gray" />
          </Center>
        )}
        {source.failed && (
          <Center pos="absolute" inset={0} p="md">
            <Alert color="red" data-testid="player-error">
              {t(mp4Url ? 'player.loadFailed' : 'player.noSource')}
            </Alert>
          </Center>
        )}
      </Box>
      <Stack gap={4} px="sm" pt={6} pb="xs" bg="dark.8">
        <PlayerTimeline
          startSeconds={span.startSeconds}
          durationSeconds={shownDuration}
          currentTime={currentTime}
          marks={marks}
          clock={clock}
          filmstrip={filmstripData}
          onSeek={seek}
          markers={markers}
          onMarkerClick={onMarkerClick}
        />
        {/* The waveform spans the whole media; a clip's range of it would mislead. */}
        {waveform && !span.ranged && (
          <WaveformCanvas
            waveform={waveform}
            durationSeconds={duration}
            currentTime={currentTime}
            height={audio ? 96 : 40}
            onSeek={seek}
          />
        )}
        <Group gap={4} justify="space-between" wrap="wrap">
          <Group gap={2} wrap="nowrap">
            <ControlButton
              label={t('player.reverse')}
              shortcut="J"
              onClick={() => run('shuttleReverse')}
              testId="player-reverse"
            >
              <IconPlayerTrackPrev size={18} />
            </ControlButton>
            <ControlButton
              label={playing ? t('player.pause') : t('player.play')}
              shortcut="Space"
              onClick={() => run('togglePlay')}
              testId="player-play"
            >
              {playing ? <IconPlayerPause size={20} /> : <IconPlayerPlay size={20} />}
            </ControlButton>
            <ControlButton
              label={t('player.forward')}
              shortcut="L"
              onClick={() => run('shuttleForward')}
              testId="player-forward"
            >
              <IconPlayerTrackNext size={18} />
            </ControlButton>
            <ControlButton
              label={t('player.previousFrame')}
              shortcut="ArrowLeft"
              onClick={() => run('previousFrame')}
              testId="player-previous-frame"
            >
              <IconChevronLeft size={18} />
            </ControlButton>
            <ControlButton
              label={t('player.nextFrame')}
              shortcut="ArrowRight"
              onClick={() => run('nextFrame')}
              testId="player-next-frame"
            >
              <IconChevronRight size={18} />
            </ControlButton>
            <Tooltip label={t('player.speed')}>
              <Badge
                variant={speed === 0 || speed === 1 ? 'default' : 'filled'}
                color={speed < 0 ? 'orange' : 'blue'}
                miw={48}
                data-testid="player-speed"
                data-speed={speed}
                aria-label={t('player.speed')}
              >
                {speedLabel(speed)}
              </Badge>
            </Tooltip>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Text ff="monospace" size="sm" fw={600} data-testid="player-timecode" aria-label={t('player.currentTime')}>
              {timecodeAt(currentTime, clock)}
            </Text>
            <Text ff="monospace" size="sm" c="dimmed">
              /
            </Text>
            <Text ff="monospace" size="sm" c="dimmed" data-testid="player-duration" aria-label={t('player.duration')}>
              {durationTimecode(shownDuration, clock)}
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            <ControlButton
              label={t('player.markIn')}
              shortcut="I"
              onClick={() => run('markIn')}
              testId="player-mark-in-button"
            >
              <IconBracketsContainStart size={18} />
            </ControlButton>
            <Text ff="monospace" size="xs" c={marks.in === null ? 'dimmed' : undefined} data-testid="player-mark-in">
              {marks.in === null ? NO_TIMECODE : timecodeAt(marks.in, clock)}
            </Text>
            <ControlButton
              label={t('player.markOut')}
              shortcut="O"
              onClick={() => run('markOut')}
              testId="player-mark-out-button"
            >
              <IconBracketsContainEnd size={18} />
            </ControlButton>
            <Text ff="monospace" size="xs" c={marks.out === null ? 'dimmed' : undefined} data-testid="player-mark-out">
              {marks.out === null ? NO_TIMECODE : timecodeAt(marks.out, clock)}
            </Text>
            <ControlButton
              label={t('player.goToIn')}
              shortcut="Shift+I"
              onClick={() => run('goToIn')}
              testId="player-go-to-in"
              disabled={marks.in === null}
            >
              <IconArrowBarToLeft size={18} />
            </ControlButton>
            <ControlButton
              label={t('player.goToOut')}
              shortcut="Shift+O"
              onClick={() => run('goToOut')}
              testId="player-go-to-out"
              disabled={marks.out === null}
            >
              <IconArrowBarToRight size={18} />
            </ControlButton>
            <ControlButton
              label={t('player.clearMarks')}
              onClick={() => changeMarks(NO_MARKS)}
              testId="player-clear-marks"
              disabled={marks.in === null && marks.out === null}
            >
              <IconEraser size={18} />
            </ControlButton>
          </Group>
          <Group gap={2} wrap="nowrap">
            <ControlButton
              label={muted ? t('player.unmute') : t('player.mute')}
              shortcut="M"
              onClick={() => run('toggleMute')}
              testId="player-mute"
            >
              {muted || volume === 0 ? <IconVolume3 size={18} /> : <IconVolume size={18} />}
            </ControlButton>
            <Slider
              w={80}
              size="xs"
              min={0}
              max={1}
              step={0.05}
              value={muted ? 0 : volume}
              label={null}
              onChange={(value) => {
                setVolume(value);
                setMuted(value === 0);
              }}
              aria-label={t('player.volume')}
              data-testid="player-volume"
            />
            <ShortcutsPopover />
            {playback.kind === 'original' && <OriginalIndicator />}
            {playback.kind === 'growing' && (
              <GrowingIndicator
                onJumpToLive={() => {
                  const edge = source.liveEdge();
                  if (edge !== null) seek(edge - offset.current);
                }}
              />
            )}
            <AudioTrackMenu tracks={source.audioTracks} current={source.audioTrack} onChange={source.setAudioTrack} />
            {!audio && (
              <ControlButton
                label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
                shortcut="F"
                onClick={() => run('toggleFullscreen')}
                testId="player-fullscreen"
              >
                {fullscreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
              </ControlButton>
            )}
          </Group>
        </Group>
      </Stack>
    </Box>
  );
}

function ShortcutList() {
  const { t } = useTranslation();
  const rows: Array<[string[], string]> = [
    [['Space'], t('player.playPause')],
    [['K'], t('player.pause')],
    [['L'], t('player.forward')],
    [['J'], t('player.reverse')],
    [['←', '→', ',', '.'], t('player.stepFrames')],
    [['I', 'O'], t('player.setMarks')],
    [['Shift+I', 'Shift+O'], t('player.goToMarks')],
    [['M'], t('player.mute')],
    [['F'], t('player.fullscreen')],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm">
      <Table.Caption>{t('player.shortcuts')}</Table.Caption>
      <Table.Tbody>
        {rows.map(([keys, label]) => (
          <Table.Tr key={label}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Group gap={4} wrap="nowrap">
                {keys.map((key) => (
                  <Kbd key={key} size="xs">
                    {key}
                  </Kbd>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>{label}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
