import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  AUDIT_SUBJECT_KEY,
  bindKeyOf,
  livePresetRefusal,
  parseStoredPresetSettings,
  parseTenantConfig,
  safeFileName,
  timeOfDayTimecode,
  type TLiveSource,
  type TRenderPresetCapability,
} from '@mam/core';
import type { Repositories } from '@mam/db';
import {
  ApplicationFailure,
  currentActivity,
  type CrashRecordingActivities,
  type TCrashRecordingInput,
  type TCrashRecordingState,
  type TRecordLiveInput,
  type TRecordLiveOutcome,
} from '@mam/workflows';
import { runProcess, summariseLog } from '../media/run-process';
import { probeMedia } from '../media/probe-media';
import { toItemMedia } from '../media/item-media';
import type { TFfmpegBinaries } from '../media/ffmpeg-binaries';
import {
  findGaps,
  highResFor,
  probeRecorderCodecs,
  probeSegmentTiming,
  startRecorder,
  type TRecordedSegment,
  type TRecorderExit,
} from '../live/recorder';
import { planPresetJoin, presetRecorderArgs } from '../live/recorder-preset';
import { LiveAddressRefusedError, openLiveInput, type TOpenedLiveInput } from '../live/live-input';
import type { LiveNetworks } from '../live/live-endpoint-guard';
import { livePortRegistry } from '../live/live-port-registry';
import {
  endOrphanRecorder,
  journalledSegments,
  journalSegment,
  keepRecordingCoding,
  markLongAnalysis,
  nextRecorderRun,
  noteRecorderPid,
  planSegmentJoin,
  reconcileJournal,
  recorderAnalysis,
  recordingCoding,
  type TRecordingCoding,
} from '../live/recording-journal';
import { createLivePlaylistPublisher, LIVE_HIGHRES_DIR, LIVE_PROXY_DIR } from '../live/live-playlist-publisher';
import type { StorageResolver } from './transcode.activities';
import { versionPrefix } from './transcode.activities';

export interface CrashRecordingActivityDeps {
  repos: Repositories;
  storages: StorageResolver;
  /** Where the joined recording is handed to the transcode, as a finished upload is. */
  uploadsDir: string;
  /** Each recording's segments and playlists live in a folder of its own here until the stop joins them. */
  recordingsDir: string;
  binaries: () => Promise<TFfmpegBinaries>;
  networks: LiveNetworks;
  /** The source with its credentials opened (the api's live source service). */
  loadSource(tenantId: string, sourceId: string): Promise<TLiveSource>;
  /** Starts the usual processing of a version whose original is in the uploads folder (the api's processing). */
  handOver(tenantId: string, versionId: string, userId: string | null): Promise<void>;
  /** The running recording's answer to its state query; null when it is no longer running. */
  recordingState(workflowId: string): Promise<TCrashRecordingState | null>;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** Tells the user who started a recording that it ended on its own (its duration reached, its source gone). */
  onEndedAlone?(
    tenantId: string,
    ended: { starterId: string; itemId: string; sourceName: string; reason: 'duration' | 'source_lost' },
  ): Promise<void>;
  clock?: () => Date;
  /** Seconds per high-res and proxy segment (2 by default: the first picture plays within seconds). */
  segmentSeconds?: number;
}

const POLL_MS = 1000;
const FIRST_SEGMENT_POLL_MS = 200;
const MEDIA_UPDATE_MS = 5000;
/** Segments further apart than this (wall clock) are a gap: the source dropped out or the server was down. */
const GAP_TOLERANCE_SECONDS = 1.5;

function nonRetryable(message: string, type: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, type);
}

export function createCrashRecordingActivities(deps: CrashRecordingActivityDeps): CrashRecordingActivities {
  const { repos } = deps;
  const clock = deps.clock ?? (() => new Date());
  const segmentSeconds = deps.segmentSeconds ?? 2;
  const dirOf = (tenantId: string, itemId: string) => path.join(deps.recordingsDir, tenantId, itemId);

  async function loadVersion(tenantId: string, versionId: string) {
    const version = await repos.items.findVersion(tenantId, versionId);
    if (!version) throw nonRetryable('The recording’s item no longer exists.', 'RecordingItemGone');
    return version;
  }

  /** Publishes the growing proxy into generated storage; the version names it as growing HLS from the first segment. */
  async function playlistPublisher(input: Pick<TRecordLiveInput, 'tenantId' | 'itemId' | 'versionId'>, dir: string) {
    const { id: generatedId, storage } = await deps.storages.defaultFor(input.tenantId, 'generated');
    const prefix = `${versionPrefix({ ...input, operationId: '' })}/${LIVE_PROXY_DIR}`;
    return createLivePlaylistPublisher(dir, {
      async put(file, source) {
        if ('path' in source) await storage.putFile(`${prefix}/${file}`, source.path);
        else await storage.put(`${prefix}/${file}`, Readable.from([Buffer.from(source.body, 'utf8')]));
      },
      async firstPlayable(playlist) {
        const version = await loadVersion(input.tenantId, input.versionId);
        if (version.renditions.hlsMaster === playlist && version.renditions.hlsGrowing) return;
        await repos.items.updateVersion(input.tenantId, input.versionId, {
          generatedStorageId: generatedId,
          renditions: { ...version.renditions, hlsMaster: playlist, hlsGrowing: true },
        });
      },
    });
  }

  /** High-res segments in generated storage as they close (downloads read them); removed once joined. */
  async function highResPublisher(input: Pick<TRecordLiveInput, 'tenantId' | 'itemId' | 'versionId'>) {
    const { storage } = await deps.storages.defaultFor(input.tenantId, 'generated');
    const prefix = `${versionPrefix({ ...input, operationId: '' })}/${LIVE_HIGHRES_DIR}`;
    return {
      put: async (file: string) => {
        await storage.putFile(`${prefix}/${path.basename(file)}`, file);
      },
      clear: () => storage.deletePrefix(`${prefix}/`),
    };
  }

  /**
   * The live item's technical data while it records (the player and the technical panel read it): probed from its
   * first segment once, its duration kept up every few seconds.
   */
  function liveMediaTracker(input: TRecordLiveInput, dir: string) {
    let lastWrite = 0;
    return async () => {
      if (Date.now() - lastWrite < MEDIA_UPDATE_MS) return;
      const segments = await journalledSegments(dir);
      if (segments.length === 0) return;
      lastWrite = Date.now();
      const durationSeconds = segments.reduce((sum, segment) => sum + segment.durationSeconds, 0);
      const version = await loadVersion(input.tenantId, input.versionId);
      if (version.media) {
        await repos.items.updateVersion(input.tenantId, version.id, { media: { ...version.media, durationSeconds } });
        return;
      }
      const probe = await probeMedia(path.join(dir, segments[0]!.file));
      const timecodeStart = await startTimecode(input, dir, segments[0]!);
      await repos.items.updateVersion(input.tenantId, version.id, {
        media: { ...toItemMedia(probe), durationSeconds, timecodeStart },
      });
    };
  }

  /**
   * The coding a source asks for. A preset that has gone, or was changed since the source was saved into one a
   * recording cannot use, leaves the high res as received rather than losing the recording.
   */
  async function codingFor(source: TLiveSource): Promise<TRecordingCoding> {
    const { highRes } = source.pipeline;
    if (highRes === 'copy') return { highRes: 'source' };
    const row = await repos.renderPresets.findById(source.tenantId, highRes.presetId);
    const settings = row ? parseStoredPresetSettings(row.settings) : null;
    const refusal =
      row && settings
        ? livePresetRefusal({ capabilities: row.capabilities as TRenderPresetCapability[], settings })
        : null;
    if (!row || !settings || refusal) {
      deps.logger.warn(
        { sourceId: source.id, presetId: highRes.presetId, reason: refusal ?? 'RENDER_PRESET_NOT_FOUND' },
        'the live source’s preset cannot record: the high res is kept as received',
      );
      return { highRes: 'source' };
    }
    return { highRes: 'preset', presetId: row.id, settings };
  }

  async function recordOnce(input: TRecordLiveInput): Promise<{ outcome: TRecordLiveOutcome; segments: number }> {
    const activity = currentActivity();
    const source = await deps.loadSource(input.tenantId, input.sourceId).catch(() => null);
    if (!source) return { outcome: 'switched', segments: 0 };
    const dir = dirOf(input.tenantId, input.itemId);
    await mkdir(dir, { recursive: true });
    // A server killed mid-recording left its ffmpeg running: it holds the port and writes on. End it, and keep what
    // it closed since.
    if (await endOrphanRecorder(dir)) deps.logger.warn({ itemId: input.itemId }, 'ended the recorder of a killed run');
    await reconcileJournal(dir);
    const bindKey = bindKeyOf(source);
    if (bindKey && !livePortRegistry.claim(bindKey, 'recorder')) return { outcome: 'source-lost', segments: 0 };
    let liveInput: TOpenedLiveInput | null = null;
    try {
      const binaries = await deps.binaries();
      liveInput = await openLiveInput(source, {
        networks: deps.networks,
        onRefused: (reasons) => deps.logger.warn({ sourceId: source.id, reasons }, 'live pushes refused'),
      });
      const run = await nextRecorderRun(dir);
      // The start saw this source's codecs moments ago: a probe of its own would hold the first segment back by the
      // second or two it takes to catch a keyframe. Later runs (restarts, switches, a source back) probe.
      const known = run === 1 && input.startCodecs?.sourceId === source.id ? input.startCodecs : null;
      const codecs = known ?? (await probeRecorderCodecs(binaries, liveInput).catch(() => null));
      if (!codecs?.video) return { outcome: 'source-lost', segments: 0 };
      const wanted = await codingFor(source);
      const coding = await keepRecordingCoding(dir, wanted);
      if (JSON.stringify(coding) !== JSON.stringify(wanted)) {
        deps.logger.info({ itemId: input.itemId, sourceId: source.id }, 'the recording keeps the coding it began with');
      }
      const journal: Promise<void>[] = [];
      const highRes = await highResPublisher(input);
      const recorder = startRecorder({
        binaries,
        input: liveInput,
        dir,
        run,
        segmentSeconds,
        analysis: await recorderAnalysis(dir),
        highRes: coding.highRes === 'preset' ? presetRecorderArgs(coding.settings) : highResFor(codecs),
        // Journalled first (what the stop joins), then stored, so downloads can assemble it while it records.
        onSegment: (segment) =>
          journal.push(
            journalSegment(dir, { ...segment, sourceId: source.id }).then(() =>
              highRes.put(path.join(dir, segment.file)),
            ),
          ),
        signal: activity.signal,
        clock,
        onSpawn: (pid) => journal.push(noteRecorderPid(dir, pid)),
      });
      const publisher = await playlistPublisher(input, dir);
      const trackMedia = liveMediaTracker(input, dir);
      let ended: TRecorderExit | null = null;
      void recorder.done.then(
        (exit) => (ended = exit),
        () => undefined,
      );
      let outcome: TRecordLiveOutcome = 'source-lost';
      let published = 0;
      while (!ended) {
        // Quick until the first segment is out: it is what makes the item play.
        await new Promise((resolve) => setTimeout(resolve, published > 0 ? POLL_MS : FIRST_SEGMENT_POLL_MS));
        published = await publisher.sync().catch((error: unknown) => {
          deps.logger.warn({ err: error }, 'live proxy not published');
          return published;
        });
        activity.heartbeat({ run, segments: journal.length });
        await trackMedia().catch((error: unknown) => deps.logger.warn({ err: error }, 'live media not recorded'));
        // A failed ask (the database busy a moment) keeps recording; only a run that is over stops it.
        const state = await deps.recordingState(input.workflowId).catch(() => undefined);
        if (state === undefined) continue;
        const stop: TRecordLiveOutcome | null = !state
          ? 'stopped'
          : state.stopRequested
            ? 'stopped'
            : state.sourceId !== input.sourceId
              ? 'switched'
              : clock().getTime() >= Date.parse(input.stopAt)
                ? 'deadline'
                : null;
        if (stop && !ended) {
          outcome = stop;
          await recorder.stop();
        }
      }
      const exit = await recorder.done;
      await Promise.all(journal);
      await publisher.sync();
      if (!exit.stopped) deps.logger.info({ itemId: input.itemId, reason: exit.reason }, 'live input ended');
      // Its keyframes are further apart than the short look: the next run (after the reconnection pause) looks longer.
      if (exit.unsized) await markLongAnalysis(dir);
      return { outcome: exit.stopped ? outcome : 'source-lost', segments: exit.segments.length };
    } catch (error) {
      if (error instanceof LiveAddressRefusedError) return { outcome: 'source-lost', segments: 0 };
      throw error;
    } finally {
      await liveInput?.close();
      if (bindKey) livePortRegistry.release(bindKey, 'recorder');
    }
  }

  /** The source's own timecode where it carries one, else the time of day the recording began. */
  async function startTimecode(input: { tenantId: string }, dir: string, first: TRecordedSegment): Promise<string> {
    const timing = await probeSegmentTiming(await deps.binaries(), path.join(dir, first.file));
    if (timing.timecode) return timing.timecode;
    const tenant = await repos.tenants.findById(input.tenantId);
    const timeZone = tenant ? parseTenantConfig(tenant.config).timezone : 'UTC';
    return timeOfDayTimecode(new Date(first.wallStart), timeZone, timing.framesPerSecond);
  }

  /** The system's audit entry on the recording's item. */
  async function recordItemEvent(input: TCrashRecordingInput, action: string, summary: string, details: object) {
    const item = await repos.items.findById(input.tenantId, input.itemId);
    await repos.auditEvents.record(input.tenantId, {
      actorUserId: null,
      actorEmail: null,
      action,
      targetType: 'item',
      targetId: input.itemId,
      summary,
      details: { sourceId: input.sourceId, ...details, ...(item ? { [AUDIT_SUBJECT_KEY]: item.title } : {}) },
    });
  }

  /** The segments joined into the item's original and handed to processing (once: a retry finds it handed over). */
  async function joinAndHandOver(input: TCrashRecordingInput): Promise<void> {
    const version = await loadVersion(input.tenantId, input.versionId);
    const item = await repos.items.findById(input.tenantId, input.itemId);
    if (!item) throw nonRetryable('The recording’s item no longer exists.', 'RecordingItemGone');
    const dir = dirOf(input.tenantId, input.itemId);
    // An attempt that handed the file over and died before answering: the hand-over stands.
    if (version.upload.state !== 'COMPLETE') {
      await endOrphanRecorder(dir);
      await reconcileJournal(dir);
      const segments = await journalledSegments(dir);
      if (segments.length === 0) {
        await repos.items.updateVersion(input.tenantId, version.id, {
          upload: { ...version.upload, state: 'ERROR', error: 'Nothing was recorded: the source sent no picture.' },
          transcoding: { ...version.transcoding, state: 'ERROR', error: 'Nothing was recorded.', step: null },
        });
        await rm(dir, { recursive: true, force: true });
        return;
      }
      const binaries = await deps.binaries();
      const codecs = await probeRecorderCodecs(binaries, {
        url: path.join(dir, segments[0]!.file),
        inputOptions: [],
      });
      await mkdir(deps.uploadsDir, { recursive: true });
      const handedOver = path.join(deps.uploadsDir, version.uploadId ?? version.id);
      const timecode = await startTimecode(input, dir, segments[0]!);
      const coding = await recordingCoding(dir);
      const plan =
        coding?.highRes === 'preset'
          ? await planPresetJoin(dir, segments, handedOver, {
              settings: coding.settings,
              timecode,
              audio: codecs.audio !== null,
              frameRate: (await probeSegmentTiming(binaries, path.join(dir, segments[0]!.file))).frameRate,
            })
          : await planSegmentJoin(dir, segments, codecs, handedOver, timecode);
      const exit = await runProcess(binaries.ffmpegPath, plan.args, { signal: currentActivity().signal });
      if (exit.code !== 0) throw new Error(`The segments could not be joined: ${summariseLog(exit.log)}`);
      const size = (await stat(handedOver)).size;
      const gaps = findGaps(segments, GAP_TOLERANCE_SECONDS);
      for (const gap of gaps) {
        const to = gap.switchedTo ? await deps.loadSource(input.tenantId, gap.switchedTo).catch(() => null) : null;
        const summary = gap.switchedTo
          ? `The recording switched to ${to?.name ?? 'another source'} at ${gap.from} (a break of ${Math.round(gap.seconds)} s)`
          : `The recording has a gap of ${Math.round(gap.seconds)} s at ${gap.from}`;
        await recordItemEvent(input, 'item.recording_gap', summary, {
          from: gap.from,
          seconds: gap.seconds,
          switchedTo: gap.switchedTo,
        });
      }
      await repos.items.updateVersion(input.tenantId, version.id, {
        fileName: safeFileName(item.title, plan.extension, 'recording'),
        fileSize: size,
        upload: { state: 'COMPLETE', receivedBytes: size, totalBytes: size, error: null },
      });
    }
    await deps.handOver(input.tenantId, version.id, input.userId);
    await (await highResPublisher(input)).clear();
    await rm(dir, { recursive: true, force: true });
  }

  return {
    async beginCrashRecording(input) {
      const tenant = await repos.tenants.findById(input.tenantId);
      if (!tenant) throw nonRetryable('The organisation no longer exists.', 'TenantGone');
      const minutes = parseTenantConfig(tenant.config).crashRecordingDurationMinutes;
      const version = await loadVersion(input.tenantId, input.versionId);
      await repos.items.updateVersion(input.tenantId, version.id, {
        transcoding: { ...version.transcoding, state: 'PROGRESSING', error: null, step: 'record' },
      });
      const stopAt = new Date(clock().getTime() + minutes * 60_000).toISOString();
      return {
        itemId: input.itemId,
        versionId: input.versionId,
        stopAt,
        ...(input.startCodecs ? { startCodecs: input.startCodecs } : {}),
      };
    },

    recordLive: recordOnce,

    async finishCrashRecording(input) {
      await joinAndHandOver(input);
      if (input.ended === 'deadline' || input.ended === 'source-lost') {
        const source = await deps.loadSource(input.tenantId, input.endedSourceId ?? input.sourceId).catch(() => null);
        await deps
          .onEndedAlone?.(input.tenantId, {
            starterId: input.userId,
            itemId: input.itemId,
            sourceName: source?.name ?? '',
            reason: input.ended === 'deadline' ? 'duration' : 'source_lost',
          })
          .catch((error: unknown) => deps.logger.warn({ err: error }, 'crash recording end not notified'));
      }
    },
  };
}
