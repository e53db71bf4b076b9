import { Alert, AspectRatio, Box, Center, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pastOut, seekSeconds, sequenceFrameAt, type TProgramClip } from './sequence-program';

/** Seeks asked for before an element had its metadata; applied when it arrives. */
const pendingSeek = new WeakMap<HTMLVideoElement, number>();

/** Puts `clip` in the element, paused on the frame `offset` frames into it. */
function cue(video: HTMLVideoElement, clip: TProgramClip, offset: number) {
  if (!clip.url) return;
  const url = new URL(clip.url, window.location.href).href;
  const time = seekSeconds(clip, offset);
  if (video.src !== url) {
    pendingSeek.set(video, time);
    video.src = url;
    return;
  }
  if (video.readyState >= 1) video.currentTime = time;
  else pendingSeek.set(video, time);
}

function locateIn(program: readonly TProgramClip[], frame: number) {
  const index = program.findIndex((c) => frame >= c.start && frame < c.start + c.outFrame - c.inFrame);
  return index < 0 ? null : { index, offset: frame - program[index]!.start };
}

/**
 * Plays the sequence from the sources' proxies before any render. Two elements take turns: while one plays a clip,
 * the other waits paused on the first frame of the next; at the out point they swap, so a cut costs no load or seek.
 */
export function SequencePlayer({
  program,
  playhead,
  playing,
  onPlayingChange,
  onPlayhead,
}: {
  program: readonly TProgramClip[] | null;
  playhead: number;
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
  onPlayhead: (frame: number) => void;
}) {
  const { t } = useTranslation();
  const first = useRef<HTMLVideoElement>(null);
  const second = useRef<HTMLVideoElement>(null);
  // Which element shows and which clip it holds; refs, since the playing loop reads them between renders.
  const active = useRef(0);
  const [shown, setShown] = useState<{ element: number; clip: number | null }>({ element: 0, clip: null });
  const report = useRef({ onPlayhead, onPlayingChange });
  report.current = { onPlayhead, onPlayingChange };
  const elements = () => [first.current!, second.current!] as const;

  useEffect(() => {
    for (const video of elements()) {
      const onMetadata = () => {
        const time = pendingSeek.get(video);
        pendingSeek.delete(video);
        if (time !== undefined) video.currentTime = time;
      };
      video.addEventListener('loadedmetadata', onMetadata);
    }
  }, []);

  // Stopped: show the frame under the playhead, with the next clip waiting in the other element.
  useEffect(() => {
    if (playing || !program) return;
    const at = locateIn(program, playhead) ?? (program.length ? { index: program.length - 1, offset: Infinity } : null);
    const [a, b] = elements();
    a.pause();
    b.pause();
    if (!at) {
      setShown({ element: active.current, clip: null });
      return;
    }
    const clip = program[at.index]!;
    const visible = elements()[active.current]!;
    cue(visible, clip, at.offset);
    const next = program[at.index + 1];
    if (next) cue(elements()[1 - active.current]!, next, 0);
    setShown({ element: active.current, clip: at.index });
  }, [program, playhead, playing]);

  // Playing: the visible element runs until the clip's out point, then the waiting one takes over.
  useEffect(() => {
    if (!playing || !program) return;
    let at = locateIn(program, playhead);
    if (!at) {
      // At the end: play from the start.
      if (!program.length) return report.current.onPlayingChange(false);
      at = { index: 0, offset: 0 };
      cue(elements()[active.current]!, program[0]!, 0);
    }
    let index = at.index;
    let lastFrame = -1;
    let video = elements()[active.current]!;
    const next = program[index + 1];
    if (next) cue(elements()[1 - active.current]!, next, 0);
    const start = (element: HTMLVideoElement) =>
      element.play().catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'AbortError') report.current.onPlayingChange(false);
      });
    void start(video);
    let frame = requestAnimationFrame(function tick() {
      const clip = program[index]!;
      if (pastOut(clip, video.currentTime) || video.ended) {
        const following = program[index + 1];
        if (!following) {
          video.pause();
          report.current.onPlayhead(clip.start + clip.outFrame - clip.inFrame);
          report.current.onPlayingChange(false);
          return;
        }
        const waiting = elements()[1 - active.current]!;
        void start(waiting);
        video.pause();
        active.current = 1 - active.current;
        index += 1;
        video = waiting;
        setShown({ element: active.current, clip: index });
        const after = program[index + 1];
        if (after) cue(elements()[1 - active.current]!, after, 0);
      } else {
        const at = sequenceFrameAt(clip, video.currentTime);
        if (at !== lastFrame) {
          lastFrame = at;
          report.current.onPlayhead(at);
        }
      }
      frame = requestAnimationFrame(tick);
    });
    setShown({ element: active.current, clip: index });
    return () => {
      cancelAnimationFrame(frame);
      video.pause();
    };
    // The playhead is where play starts, not a reason to restart: the loop moves it itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, program]);

  const missing = program?.some((clip) => !clip.url);
  return (
    <Box
      pos="relative"
      bg="black"
      style={{ borderRadius: 8, overflow: 'hidden' }}
      data-testid="sequence-player"
      data-clip={shown.clip ?? undefined}
      data-playing={playing}
    >
      <AspectRatio ratio={16 / 9}>
        <Box>
          {[first, second].map((ref, element) => (
            <video
              key={element}
              ref={ref}
              playsInline
              preload="auto"
              data-testid="sequence-video"
              data-active={shown.element === element}
              style={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                background: 'black',
                visibility: shown.element === element && shown.clip !== null ? 'visible' : 'hidden',
              }}
            />
          ))}
          {(!program || program.length === 0) && (
            <Center pos="absolute" inset={0}>
              <Text c="dimmed" size="sm">
                {t('cutter.emptySequence')}
              </Text>
            </Center>
          )}
        </Box>
      </AspectRatio>
      {missing && (
        <Alert color="orange" pos="absolute" bottom={8} left={8} right={8} p={6}>
          {t('cutter.noProxy')}
        </Alert>
      )}
    </Box>
  );
}
