import { Alert, Badge, Box, Center, Group, Loader, Modal, Text } from '@mantine/core';
import type Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { trpc } from '../../lib/trpc';
import type { TLiveSourceRow } from './live-source-draft.model';

/** Heartbeats well inside the server's 20 s: one lost request does not stop the preview. */
const HEARTBEAT_MS = 5000;
/** After the player gave up (the input fell silent, a segment went missing), ask again this soon. */
const RETRY_MS = 3000;

interface TPreviewAnswer {
  url: string;
  kind: 'preview' | 'recording';
}

/**
 * The live picture of one source (issue 25), muted and playing at the live edge: the server's shared preview, or
 * the recording's growing playlist while the source records. Heartbeats keep the server's ffmpeg running while this
 * is open; closing stops them and the server ends it shortly after.
 */
export function LivePreviewModal({ source, onClose }: { source: TLiveSourceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const open = trpc.liveSources.openPreview.useMutation();
  const keep = trpc.liveSources.keepPreview.useMutation();
  // Each answer that is opened anew gets its own player: a dead hls.js is not revived by the same URL.
  const [answer, setAnswer] = useState<(TPreviewAnswer & { generation: number }) | null>(null);
  const generation = useRef(0);
  const show = (next: TPreviewAnswer) => setAnswer({ ...next, generation: ++generation.current });
  const [attempt, setAttempt] = useState(0);
  const openRef = useRef(open.mutateAsync);
  const keepRef = useRef(keep.mutateAsync);
  openRef.current = open.mutateAsync;
  keepRef.current = keep.mutateAsync;

  // (Re)opens on mount and whenever the player or the heartbeat found nothing to play.
  useEffect(() => {
    let cancelled = false;
    openRef.current({ id: source.id }).then(
      (opened) => !cancelled && show(opened),
      () => !cancelled && setAnswer(null),
    );
    return () => {
      cancelled = true;
    };
  }, [source.id, attempt]);

  useEffect(() => {
    const timer = setInterval(() => {
      keepRef.current({ id: source.id }).then(
        (kept) => {
          if (!kept) setAttempt((n) => n + 1);
          else
            setAnswer((current) =>
              current?.url === kept.url ? current : { ...kept, generation: ++generation.current },
            );
        },
        () => undefined,
      );
    }, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [source.id]);

  const failed = !open.isPending && open.error && !answer;
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        <Group gap="xs" wrap="nowrap">
          <Badge color="red" variant="filled" data-testid="live-preview-live">
            {t('liveSources.live')}
          </Badge>
          <Text fw={500} data-user-text data-testid="live-preview-name">
            {source.name}
          </Text>
        </Group>
      }
      data-testid="live-preview"
    >
      {failed ? (
        <Alert color="red" data-testid="live-preview-error">
          {errorMessage(t, open.error)}
        </Alert>
      ) : answer ? (
        <>
          <LivePlayer
            key={answer.generation}
            url={answer.url}
            label={source.name}
            onGiveUp={() => setAttempt((n) => n + 1)}
          />
          {answer.kind === 'recording' && (
            <Text size="xs" c="dimmed" mt="xs" data-testid="live-preview-recording">
              {t('liveSources.previewOfRecording')}
            </Text>
          )}
        </>
      ) : (
        <Center h={200}>
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('liveSources.previewStarting')}
            </Text>
          </Group>
        </Center>
      )}
    </Modal>
  );
}

/** A muted, autoplaying HLS player kept near the live edge: hls.js where MediaSource exists, else the browser's own. */
function LivePlayer({ url, label, onGiveUp }: { url: string; label: string; onGiveUp: () => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const giveUpRef = useRef(onGiveUp);
  giveUpRef.current = onGiveUp;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let disposed = false;
    let hls: Hls | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const giveUp = () => {
      if (!disposed) retry ??= setTimeout(() => giveUpRef.current(), RETRY_MS);
    };
    const play = () => void video.play().catch(() => undefined);
    import('hls.js').then(
      ({ default: HlsJs }) => {
        if (disposed) return;
        if (!HlsJs.isSupported()) {
          video.src = url;
          video.addEventListener('loadedmetadata', play, { once: true });
          return;
        }
        // Two segments behind the edge: a second or two of delay, little stalling on a 1 s sliding window.
        hls = new HlsJs({ liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 6, backBufferLength: 10 });
        hls.on(HlsJs.Events.MANIFEST_PARSED, play);
        hls.on(HlsJs.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === HlsJs.ErrorTypes.MEDIA_ERROR) hls?.recoverMediaError();
          else giveUp();
        });
        hls.loadSource(url);
        hls.attachMedia(video);
      },
      () => giveUp(),
    );
    return () => {
      disposed = true;
      if (retry) clearTimeout(retry);
      hls?.destroy();
      video.removeAttribute('src');
      video.load();
    };
  }, [url]);

  return (
    <Box bg="black" style={{ borderRadius: 4, overflow: 'hidden', aspectRatio: '16 / 9' }}>
      <video
        ref={videoRef}
        muted
        autoPlay
        playsInline
        aria-label={t('liveSources.previewOf', { name: label })}
        style={{ width: '100%', height: '100%', display: 'block' }}
        data-testid="live-preview-video"
      />
    </Box>
  );
}
