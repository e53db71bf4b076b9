import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError, bindKeyOf, can, isAdmin } from '@mam/core';
import {
  LIVE_PREVIEW_FILE,
  LIVE_PREVIEW_PLAYLIST,
  LIVE_PROXY_PLAYLIST,
  LiveNetworks,
  livePortRegistry,
  openLiveInput,
  resolveFfmpeg,
  startLivePreview,
  type TLivePreviewProcess,
  type TOpenedLiveInput,
} from '@mam/workers';
import type { AuthedActor } from '../actor.service';
import { mediaUrl } from '../items/item-view';
import type { ServiceDeps } from '../service-deps';
import type { LiveSourceService } from './live-source.service';
import type { CrashRecordingService } from './crash-recording.service';

/**
 * What the console plays: the preview's own sliding-window playlist, or, while the source records, the recording's
 * growing one (its socket is the recorder's; the console plays it at the live edge).
 */
export interface TLivePreviewAnswer {
  url: string;
  kind: 'preview' | 'recording';
}

/** Without a heartbeat for this long nobody watches any more: ffmpeg stops and its folder goes. */
export const PREVIEW_IDLE_MS = 20_000;
const SWEEP_MS = 2_000;
/** ffmpeg gives up on a silent input after this; the first segment comes about a second after the picture. */
const INPUT_TIMEOUT_SECONDS = 5;
const FIRST_SEGMENT_MS = 12_000;
/** A probe holds the socket for at most its open and run timeouts (3 + 8 s): a preview waits that out. */
const PROBE_WAIT_MS = 12_000;

interface TPreview {
  tenantId: string;
  sourceId: string;
  dir: string;
  bindKey: string | null;
  input: TOpenedLiveInput;
  process: TLivePreviewProcess;
  lastSeen: number;
}

export function previewUrl(sourceId: string, file = LIVE_PREVIEW_PLAYLIST): string {
  return `/api/live-previews/${sourceId}/${file}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Live preview (issue 25): one ffmpeg per watched source, shared by all its viewers, writing a small low-latency
 * HLS into a temporary folder. It lives while viewers send heartbeats and holds the source's socket like a probe
 * would, so a recording that starts takes the socket over and the viewers move to the recording's playlist.
 */
export function createLivePreviewService(
  deps: ServiceDeps,
  sources: LiveSourceService,
  recordings: Pick<CrashRecordingService, 'recordingsBySource'>,
) {
  const networks = deps.config.liveSourceNetworks ?? new LiveNetworks([]);
  const root = path.join(deps.config.dataDir, 'work', 'live-previews');
  const running = new Map<string, TPreview>();
  const starting = new Map<string, Promise<TPreview>>();
  let tools: ReturnType<typeof resolveFfmpeg> | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  let closed = false;

  const keyOf = (tenantId: string, sourceId: string) => `${tenantId}:${sourceId}`;

  function assertMayPreview(actor: AuthedActor) {
    if (!isAdmin(actor) && !can(actor, 'liveRecording')) throw new AppError('FORBIDDEN');
  }

  /** Stops one preview: ffmpeg killed (its socket free once this resolves), the gate closed, the folder removed. */
  async function stop(preview: TPreview): Promise<void> {
    const key = keyOf(preview.tenantId, preview.sourceId);
    if (running.get(key) === preview) running.delete(key);
    await preview.process.stop();
    await preview.input.close().catch(() => undefined);
    if (preview.bindKey) livePortRegistry.release(preview.bindKey, 'preview');
    await rm(preview.dir, { recursive: true, force: true });
    if (running.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  }

  function sweep() {
    const now = Date.now();
    for (const preview of running.values()) {
      if (now - preview.lastSeen > PREVIEW_IDLE_MS) {
        void stop(preview).catch((error: unknown) =>
          deps.logger.warn({ sourceId: preview.sourceId, error: (error as Error).message }, 'live preview not stopped'),
        );
      }
    }
  }

  async function claimSocket(bindKey: string, onEvicted: () => void): Promise<void> {
    const until = Date.now() + PROBE_WAIT_MS;
    while (!livePortRegistry.claim(bindKey, 'preview', onEvicted)) {
      // A recording that started meanwhile is told apart by the caller; another holder is a probe finishing, or the
      // preview before this one still stopping (it went idle a moment ago).
      if (livePortRegistry.holder(bindKey) === 'recorder' || Date.now() > until) {
        throw new AppError('LIVE_SOURCE_OFFLINE');
      }
      await sleep(200);
    }
  }

  async function start(tenantId: string, sourceId: string): Promise<TPreview> {
    const source = await sources.get(tenantId, sourceId);
    const bindKey = bindKeyOf(source);
    let preview: TPreview | null = null;
    let evicted = false;
    // A recording took the socket: ffmpeg is killed at once so the recorder can bind it.
    const onEvicted = () => {
      evicted = true;
      if (preview) void stop(preview).catch(() => undefined);
    };
    if (bindKey) await claimSocket(bindKey, onEvicted);
    let input: TOpenedLiveInput | null = null;
    let dir: string | null = null;
    try {
      tools ??= resolveFfmpeg();
      input = await openLiveInput(source, { networks, timeoutSeconds: INPUT_TIMEOUT_SECONDS });
      await mkdir(root, { recursive: true });
      dir = await mkdtemp(path.join(root, `${sourceId}-`));
      const process = startLivePreview({ binaries: await tools, input, dir });
      preview = { tenantId, sourceId, dir, bindKey, input, process, lastSeen: Date.now() };
      const ready = await Promise.race([process.ready, sleep(FIRST_SEGMENT_MS).then(() => false)]);
      if (!ready || evicted || closed) throw new AppError('LIVE_SOURCE_OFFLINE');
      const started = preview;
      running.set(keyOf(tenantId, sourceId), started);
      sweeper ??= setInterval(sweep, SWEEP_MS).unref();
      // The input fell silent: ffmpeg ends by itself, the viewers' next heartbeat finds no preview.
      void process.done.then(({ stopped }) => {
        if (!stopped) void stop(started).catch(() => undefined);
      });
      return started;
    } catch (error) {
      if (preview) await stop(preview);
      else {
        await input?.close().catch(() => undefined);
        if (bindKey) livePortRegistry.release(bindKey, 'preview');
        if (dir) await rm(dir, { recursive: true, force: true });
      }
      if (error instanceof AppError) throw error;
      deps.logger.warn({ tenantId, sourceId, error: (error as Error).message }, 'live preview failed to start');
      throw new AppError('LIVE_SOURCE_OFFLINE');
    }
  }

  async function recordingAnswer(tenantId: string, sourceId: string): Promise<TLivePreviewAnswer | null> {
    const recording = (await recordings.recordingsBySource(tenantId)).get(sourceId);
    return recording ? { url: mediaUrl(recording.itemId, LIVE_PROXY_PLAYLIST), kind: 'recording' } : null;
  }

  return {
    /** Starts the source's preview or joins the one running; a recording source answers with the recording. */
    async open(actor: AuthedActor, sourceId: string): Promise<TLivePreviewAnswer> {
      assertMayPreview(actor);
      if (closed) throw new AppError('LIVE_SOURCE_OFFLINE');
      const { tenantId } = actor;
      await sources.get(tenantId, sourceId);
      const recording = await recordingAnswer(tenantId, sourceId);
      if (recording) return recording;
      const key = keyOf(tenantId, sourceId);
      let preview = running.get(key);
      if (!preview) {
        let pending = starting.get(key);
        if (!pending) {
          pending = start(tenantId, sourceId).finally(() => starting.delete(key));
          starting.set(key, pending);
        }
        try {
          preview = await pending;
        } catch (error) {
          // Refused because a recording took the socket meanwhile: watch that instead.
          const now = await recordingAnswer(tenantId, sourceId);
          if (now) return now;
          throw error;
        }
      }
      preview.lastSeen = Date.now();
      return { url: previewUrl(sourceId), kind: 'preview' };
    },

    /**
     * A viewer's heartbeat: keeps the preview running. Answers what to play now (the recording's playlist once one
     * took the source over), or null when nothing runs any more (the input fell silent; open it again).
     */
    async keep(actor: AuthedActor, sourceId: string): Promise<TLivePreviewAnswer | null> {
      assertMayPreview(actor);
      await sources.get(actor.tenantId, sourceId);
      const preview = running.get(keyOf(actor.tenantId, sourceId));
      if (preview) {
        preview.lastSeen = Date.now();
        return { url: previewUrl(sourceId), kind: 'preview' };
      }
      return recordingAnswer(actor.tenantId, sourceId);
    },

    /** The file of a running preview of the actor's tenant; NOT_FOUND for any other name, source or tenant. */
    file(actor: AuthedActor, sourceId: string, name: string): string {
      assertMayPreview(actor);
      const preview = running.get(keyOf(actor.tenantId, sourceId));
      if (!preview || !LIVE_PREVIEW_FILE.test(name)) throw new AppError('NOT_FOUND');
      return path.join(preview.dir, name);
    },

    /** Whether a preview of the source runs in this process (tests, diagnostics). */
    /**
     * Ends the source's preview, if one runs here, before a recording starts on it: a recorder in another process
     * (a worker on this host) cannot take the socket over from it the way one in this process does.
     */
    async release(tenantId: string, sourceId: string): Promise<void> {
      const preview = running.get(keyOf(tenantId, sourceId));
      if (preview) await stop(preview);
    },

    isRunning(tenantId: string, sourceId: string): boolean {
      return running.has(keyOf(tenantId, sourceId));
    },

    /** Process shutdown: every preview ffmpeg stopped, its socket and folder released. */
    async close(): Promise<void> {
      closed = true;
      await Promise.allSettled([...starting.values()]);
      await Promise.all([...running.values()].map((preview) => stop(preview).catch(() => undefined)));
    },
  };
}

export type LivePreviewService = ReturnType<typeof createLivePreviewService>;
