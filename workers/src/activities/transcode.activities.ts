import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { withoutGrowingHls, type ItemMedia, type ItemRenditions } from '@mam/core';
import type { Repositories, TItemVersionRow, TOperationRow } from '@mam/db';
import {
  ApplicationFailure,
  currentActivity,
  type RenderKind,
  type TranscodeActivities,
  type TranscodeInput,
  type TranscodeStep,
} from '@mam/workflows';
import {
  createDocumentThumbnail,
  createFilmstrip,
  createHlsLadder,
  createImagePreviews,
  createPlayableRender,
  createProxyMp4,
  createThumbnail,
  createWaveform,
  MediaError,
  measureAudioLevels,
  mediaSteps,
  probeMedia,
  sha256File,
  toItemMedia,
  type TAudioLevels,
  type TMediaProbe,
  type TPlayablePublisher,
} from '../media';
import { LIVE_PROXY_DIR } from '../live/live-playlist-publisher';
import type { ObjectStorage } from '../storage';

export interface StorageResolver {
  resolve(tenantId: string, storageId: string): Promise<ObjectStorage>;
  defaultFor(tenantId: string, type: 'upload' | 'generated'): Promise<{ id: string; storage: ObjectStorage }>;
}

export interface TranscodeActivityDeps {
  repos: Repositories;
  storages: StorageResolver;
  /** Where tus keeps finished uploads until they are stored. */
  uploadsDir: string;
  /** Scratch space for renders; each activity cleans up after itself. */
  workDir: string;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** Told when a run ends, so whoever started it hears of it (the bell); a failure here is logged, not retried. */
  onOperationEnded?(event: { tenantId: string; operation: TOperationRow; outcome: 'done' | 'error' }): Promise<void>;
}

export function versionPrefix(
  input: Pick<TranscodeInput, 'tenantId' | 'itemId' | 'versionId'> & Partial<TranscodeInput>,
): string {
  return `${input.tenantId}/items/${input.itemId}/${input.versionId}`;
}

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, base)));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

/** Malformed media is the uploader's problem, not a reason to retry: it ends the run with the reason on the item. */
function asBusinessFailure(error: unknown): unknown {
  if (error instanceof MediaError) return ApplicationFailure.nonRetryable(error.message, 'MediaError');
  return error;
}

export function createTranscodeActivities(deps: TranscodeActivityDeps): TranscodeActivities {
  const { repos } = deps;

  async function ended(tenantId: string, operation: TOperationRow | undefined, outcome: 'done' | 'error') {
    if (!operation || !deps.onOperationEnded) return;
    try {
      await deps.onOperationEnded({ tenantId, operation, outcome });
    } catch (error) {
      deps.logger.warn({ err: error, operationId: operation.id }, 'operation-ended hook failed');
    }
  }

  async function loadVersion(input: TranscodeInput): Promise<TItemVersionRow> {
    const version = await repos.items.findVersion(input.tenantId, input.versionId);
    if (!version) throw ApplicationFailure.nonRetryable('The item version no longer exists.', 'VersionGone');
    return version;
  }

  /** Progress of the whole run onto the item, the activity monitor and the heartbeat; writes at most once a second. */
  function progressReporter(step: TranscodeStep, name: string) {
    let lastWrite = 0;
    return async (percent: number, force = false) => {
      const overall = Math.min(
        99,
        ((step.stepIndex + Math.max(0, Math.min(100, percent)) / 100) / step.stepCount) * 100,
      );
      currentActivity().heartbeat({ step: name, percent });
      const now = Date.now();
      if (!force && now - lastWrite < 1000) return;
      lastWrite = now;
      const version = await repos.items.findVersion(step.tenantId, step.versionId);
      if (!version) return;
      await repos.items.updateVersion(step.tenantId, step.versionId, {
        transcoding: { ...version.transcoding, state: 'PROGRESSING', error: null, progress: overall, step: name },
      });
      await repos.operations.update(step.tenantId, step.operationId, {
        status: 'in_progress',
        progress: overall,
        step: name,
      });
    };
  }

  async function withOriginal<T>(version: TItemVersionRow, run: (file: string) => Promise<T>): Promise<T> {
    if (!version.storageId || !version.originalKey) {
      throw ApplicationFailure.nonRetryable('The original file is not stored.', 'OriginalMissing');
    }
    const storage = await deps.storages.resolve(version.tenantId, version.storageId);
    await mkdir(deps.workDir, { recursive: true });
    const local = await storage.toLocalFile(version.originalKey, deps.workDir);
    try {
      return await run(local.path);
    } finally {
      await local.cleanup();
    }
  }

  /** Levels are a nicety: audio that decodes for ffprobe but not to the end leaves them unmeasured, not the item. */
  async function audioLevels(file: string, probe: TMediaProbe, signal: AbortSignal): Promise<TAudioLevels | null> {
    try {
      return await measureAudioLevels(file, probe.audioTracks, { signal });
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      deps.logger.warn({ err: error }, 'audio levels not measured');
      return null;
    }
  }

  async function renderInto(
    step: TranscodeStep & { kind: RenderKind },
    version: TItemVersionRow,
    probe: TMediaProbe,
    file: string,
    outDir: string,
    onProgress: (percent: number) => void,
  ): Promise<{ renditions: ItemRenditions; media?: Partial<ItemMedia> }> {
    const signal = currentActivity().signal;
    const common = { input: file, outDir, probe, onProgress, signal };
    switch (step.kind) {
      case 'playable':
        throw new Error('The playable render publishes as it goes: renderPlayable, not renderInto');
      case 'proxy': {
        const result = await createProxyMp4(common);
        return { renditions: { proxyMp4: result.file } };
      }
      case 'hls': {
        const result = await createHlsLadder(common);
        return {
          renditions: { hlsMaster: result.masterPlaylist },
          media: { segmentCount: result.segmentCount, segmentDuration: result.segmentDuration },
        };
      }
      case 'thumbnail': {
        const result = await createThumbnail(common);
        return { renditions: { thumbnail: result.file } };
      }
      case 'filmstrip': {
        const result = await createFilmstrip(common);
        return { renditions: { filmstrip: { sprite: result.sprite, manifest: result.manifest } } };
      }
      case 'waveform': {
        const result = await createWaveform(common);
        return { renditions: { waveform: result.file } };
      }
      case 'imagePreviews': {
        const result = await createImagePreviews(common);
        return {
          renditions: {
            thumbnail: result.thumbnail,
            previews: result.previews.map((p) => ({ width: p.width, height: p.height, format: p.format, key: p.file })),
          },
        };
      }
      case 'documentThumbnail': {
        const result = await createDocumentThumbnail({ ...common, fileName: version.fileName });
        return { renditions: { thumbnail: result.file } };
      }
    }
  }

  /**
   * The one decode that makes audio and video playable. Segments and playlists go to storage while ffmpeg writes
   * them; once the master and every playlist's first segment are stored, the version names the master with
   * hlsGrowing, so players start on the EVENT playlists; the finished render drops hlsGrowing.
   */
  async function renderPlayable(step: TranscodeStep, version: TItemVersionRow, probe: TMediaProbe): Promise<void> {
    const report = progressReporter(step, 'playable');
    await report(0, true);
    const { id: generatedId, storage } = await deps.storages.defaultFor(step.tenantId, 'generated');
    const prefix = versionPrefix(step);
    await mkdir(deps.workDir, { recursive: true });
    const outDir = await mkdtemp(path.join(deps.workDir, 'playable-'));
    const publisher: TPlayablePublisher = {
      async publish(file, body) {
        const key = `${prefix}/${file}`;
        if (body === undefined) await storage.putFile(key, path.join(outDir, file));
        else await storage.put(key, Readable.from([Buffer.from(body, 'utf8')]));
      },
      async playable(master) {
        const fresh = await loadVersion(step);
        await repos.items.updateVersion(step.tenantId, step.versionId, {
          generatedStorageId: generatedId,
          renditions: { ...fresh.renditions, hlsMaster: master, hlsGrowing: true },
        });
      },
    };
    try {
      const result = await withOriginal(version, (file) =>
        createPlayableRender({
          input: file,
          outDir,
          probe,
          signal: currentActivity().signal,
          publisher,
          onProgress: (percent) => {
            report(percent).catch((error: unknown) => deps.logger.warn({ err: error }, 'progress not recorded'));
          },
        }),
      ).catch((error: unknown) => {
        throw asBusinessFailure(error);
      });
      const fresh = await loadVersion(step);
      const { hlsGrowing: _growing, ...renditions } = fresh.renditions;
      await repos.items.updateVersion(step.tenantId, step.versionId, {
        generatedStorageId: generatedId,
        renditions: {
          ...renditions,
          proxyMp4: result.proxy,
          hlsMaster: result.masterPlaylist,
          ...(result.filmstrip ? { filmstrip: result.filmstrip } : {}),
          ...(result.waveform ? { waveform: result.waveform } : {}),
        },
        renditionBytes: { ...fresh.renditionBytes, ...result.bytes },
        ...(fresh.media
          ? {
              media: {
                ...fresh.media,
                segmentCount: result.segmentCount,
                segmentDuration: result.segmentDuration,
              },
            }
          : {}),
      });
      await report(100, true);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }

  /**
   * A crash recording's growing proxy (`live/`) played the item until its processing was done; the processing's own
   * renditions play it now, so the recording's are removed rather than left behind in generated storage.
   */
  async function dropRecordingProxy(input: TranscodeInput, version: TItemVersionRow): Promise<void> {
    if (!version.generatedStorageId || version.renditions.hlsMaster?.startsWith(`${LIVE_PROXY_DIR}/`)) return;
    try {
      const storage = await deps.storages.resolve(input.tenantId, version.generatedStorageId);
      await storage.deletePrefix(`${versionPrefix(input)}/${LIVE_PROXY_DIR}/`);
    } catch (error) {
      deps.logger.warn({ err: error, itemId: input.itemId }, 'recording proxy not removed');
    }
  }

  return {
    async storeOriginal(step) {
      const version = await loadVersion(step);
      const report = progressReporter(step, 'store');
      await report(0, true);
      // Media found by a storage scan is referenced where it is: there is nothing to move.
      if (!version.uploadId && version.storageId && version.originalKey) {
        const own = await deps.storages.resolve(step.tenantId, version.storageId);
        if (await own.head(version.originalKey)) return report(100, true);
        throw ApplicationFailure.nonRetryable('The original file is not stored.', 'OriginalMissing');
      }
      // A location chosen before the media existed (a crash recording's render location) is where it goes.
      const { id: storageId, storage } = version.storageId
        ? { id: version.storageId, storage: await deps.storages.resolve(step.tenantId, version.storageId) }
        : await deps.storages.defaultFor(step.tenantId, 'upload');
      const key = `${versionPrefix(step)}/original/${version.fileName}`;
      const partial = path.join(deps.uploadsDir, version.uploadId ?? version.id);
      // Idempotent: a run that stored the file and died before recording it finds the file in place.
      if (!(version.originalKey && (await storage.head(version.originalKey)))) {
        try {
          await storage.putFile(key, partial);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT' && (await storage.head(key))) {
            // Stored by an earlier attempt that died before recording it.
          } else throw error;
        }
        await repos.items.updateVersion(step.tenantId, step.versionId, { storageId, originalKey: key });
      }
      await rm(partial, { force: true });
      await rm(`${partial}.json`, { force: true });
      await report(100, true);
    },

    async probeOriginal(step) {
      const version = await loadVersion(step);
      const report = progressReporter(step, 'probe');
      await report(0, true);
      const signal = currentActivity().signal;
      let probe: TMediaProbe;
      let sha256: string;
      let levels: TAudioLevels | null = null;
      try {
        // The checksum streams the same local copy while ffprobe reads it: one fetch of the original, no extra wait.
        ({ probe, sha256, levels } = await withOriginal(version, async (file) => {
          // The levels need the probe's tracks but not the checksum: they run while the checksum still reads.
          const probed = probeMedia(file, { signal });
          const [found, digest, measured] = await Promise.all([
            probed,
            sha256File(file, signal),
            probed.then((result) => audioLevels(file, result, signal)),
          ]);
          return { probe: found, sha256: digest, levels: measured };
        }));
      } catch (error) {
        throw asBusinessFailure(error);
      }
      const itemType = probe.itemType;
      await repos.items.updateVersion(step.tenantId, step.versionId, {
        probe: probe as unknown as Record<string, unknown>,
        media: toItemMedia(probe, null, levels),
        sha256,
      });
      const parent = await repos.items.findById(step.tenantId, step.itemId);
      if (parent?.leadingVersionId === step.versionId)
        await repos.items.update(step.tenantId, step.itemId, { itemType });
      await report(100, true);
      return { itemType, steps: mediaSteps(probe) };
    },

    async render(step) {
      const version = await loadVersion(step);
      const probe = version.probe as unknown as TMediaProbe | null;
      if (!probe) throw ApplicationFailure.nonRetryable('The file has not been probed.', 'NotProbed');
      if (step.kind === 'playable') return renderPlayable(step, version, probe);
      const report = progressReporter(step, step.kind);
      await report(0, true);
      await mkdir(deps.workDir, { recursive: true });
      const outDir = await mkdtemp(path.join(deps.workDir, `${step.kind}-`));
      try {
        const result = await withOriginal(version, (file) =>
          renderInto(step, version, probe, file, outDir, (percent) => {
            report(percent).catch((error: unknown) => deps.logger.warn({ err: error }, 'progress not recorded'));
          }),
        ).catch((error: unknown) => {
          throw asBusinessFailure(error);
        });
        const { id: generatedId, storage } = await deps.storages.defaultFor(step.tenantId, 'generated');
        let bytes = 0;
        for (const file of await listFiles(outDir)) {
          const local = path.join(outDir, file);
          bytes += (await stat(local)).size;
          await storage.putFile(`${versionPrefix(step)}/${file}`, local);
        }
        const fresh = await loadVersion(step);
        await repos.items.updateVersion(step.tenantId, step.versionId, {
          generatedStorageId: generatedId,
          renditions: { ...fresh.renditions, ...result.renditions },
          renditionBytes: { ...fresh.renditionBytes, [step.kind]: bytes },
          ...(result.media && fresh.media ? { media: { ...fresh.media, ...result.media } } : {}),
        });
        await report(100, true);
      } finally {
        await rm(outDir, { recursive: true, force: true });
      }
    },

    async completeTranscode(input) {
      const version = await loadVersion(input);
      await dropRecordingProxy(input, version);
      await repos.items.updateVersion(input.tenantId, input.versionId, {
        transcoding: { ...version.transcoding, state: 'COMPLETE', error: null, progress: 100, step: null },
      });
      const operation = await repos.operations.update(input.tenantId, input.operationId, {
        status: 'done',
        progress: 100,
        step: null,
      });
      await repos.auditEvents.record(input.tenantId, {
        actorUserId: null,
        actorEmail: null,
        action: 'item.processed',
        targetType: 'item',
        targetId: input.itemId,
        summary: `Processed version ${version.number}`,
        details: { versionId: input.versionId },
      });
      await ended(input.tenantId, operation, 'done');
    },

    async failTranscode(input) {
      const version = await repos.items.findVersion(input.tenantId, input.versionId);
      if (!version) return;
      await repos.items.updateVersion(input.tenantId, input.versionId, {
        transcoding: { ...version.transcoding, state: 'ERROR', error: input.message, step: null },
        renditions: withoutGrowingHls(version.renditions),
      });
      const operation = await repos.operations.update(input.tenantId, input.operationId, {
        status: 'error',
        error: input.message,
      });
      await repos.auditEvents.record(input.tenantId, {
        actorUserId: null,
        actorEmail: null,
        action: 'item.processingFailed',
        targetType: 'item',
        targetId: input.itemId,
        summary: `Processing failed: ${input.message}`,
        details: { versionId: input.versionId },
      });
      await ended(input.tenantId, operation, 'error');
    },
  };
}
