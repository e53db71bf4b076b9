import {
  AppError,
  can,
  canView,
  importTitleKey,
  matchImportedClips,
  parseEdl,
  parseFcpxml,
  parseFrameRate,
  parseOtio,
  safeFileName,
  sequenceToEdl,
  sequenceToFcpxml,
  sequenceToOtio,
  sourceTimecodeStartOf,
  type Actor,
  type TImportFormat,
  type TImportSource,
  type TInterchangeClip,
  type TInterchangeFormat,
  type TInterchangeOptions,
  type TSequenceView,
} from '@mam/core';
import type { Repositories, TItemWithVersion } from '@mam/db';
import type { AuthedActor } from '../actor.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import { SEQUENCE_MAX_CLIPS } from '../../trpc/procedures/sequences/sequence-clip.schema';
import { clipSourceOf } from './clip-sources';
import { getSequenceView, type SequenceService } from './sequence.service';

/** How each format goes over the wire. */
export const interchangeFiles = {
  edl: { write: sequenceToEdl, contentType: 'text/plain', extension: 'edl' },
  fcpxml: { write: sequenceToFcpxml, contentType: 'application/xml', extension: 'fcpxml' },
  otio: { write: sequenceToOtio, contentType: 'application/json', extension: 'otio' },
} as const satisfies Record<TInterchangeFormat, unknown>;

// The names an import may list before the message gets too long to read; the rest are counted.
const UNMATCHED_LISTED = 20;

export interface TSequenceFile {
  fileName: string;
  contentType: string;
  text: string;
}

export interface TImportSequenceInput {
  format: TImportFormat;
  text: string;
  title: string;
  folderId?: string | null;
}

/** The video items the actor may use as this item's source, as the importer matches clips to them. */
function importSourceOf(actor: Actor, found: TItemWithVersion): TImportSource | null {
  if (found.item.deletedAt || !canView(actor, found.item)) return null;
  const source = clipSourceOf(found);
  if (source.itemType !== 'video' || !source.frameRate || !source.frames) return null;
  return {
    itemId: found.item.id,
    frameRate: source.frameRate,
    sourceTimecodeStart: sourceTimecodeStartOf(source.timecodeStart, parseFrameRate(source.frameRate)),
    sourceFrames: source.frames,
  };
}

async function importCandidates(repos: Repositories, actor: Actor, clips: readonly TInterchangeClip[]) {
  const ids = [...new Set(clips.flatMap((clip) => (clip.itemId ? [clip.itemId] : [])))];
  const titles = [...new Set(clips.map((clip) => importTitleKey(clip.name)).filter(Boolean))];
  const byId = new Map<string, TImportSource>();
  const byTitle = new Map<string, TImportSource[]>();
  for (const found of await repos.items.findManyWithVersion(actor.tenantId, ids)) {
    const source = importSourceOf(actor, found);
    if (source) byId.set(source.itemId, source);
  }
  for (const found of await repos.items.findLiveByTitles(actor.tenantId, titles)) {
    const source = importSourceOf(actor, found);
    const key = importTitleKey(found.item.title);
    if (source) byTitle.set(key, [...(byTitle.get(key) ?? []), source]);
  }
  return { byId, byTitle };
}

/** The picture size of each source whose media has one, for the formats that name it. */
async function frameSizesOf(repos: Repositories, tenantId: string, view: TSequenceView) {
  const sources = await repos.items.findManyWithVersion(tenantId, [...new Set(view.clips.map((clip) => clip.itemId))]);
  return Object.fromEntries(
    sources.flatMap(({ item, version }) => {
      const { width, height } = version?.media ?? {};
      return width && height ? [[item.id, { width, height }]] : [];
    }),
  );
}

const parsers = { edl: parseEdl, fcpxml: parseFcpxml, otio: parseOtio } as const satisfies Record<
  TImportFormat,
  (text: string) => TInterchangeClip[]
>;

/**
 * Sequences to and from editing suites: CMX 3600 EDL, FCPXML and OpenTimelineIO out and back as a new sequence whose clips are items of the tenant.
 */
export function createSequenceInterchangeService(deps: ServiceDeps, sequences: SequenceService) {
  return {
    /** Spec section 6: exporting needs exportSequence, and the sequence must be one the actor can see. */
    async exportSequence(
      actor: AuthedActor,
      id: string,
      format: TInterchangeFormat,
      options: TInterchangeOptions = {},
    ): Promise<TSequenceFile> {
      if (!can(actor, 'exportSequence')) throw new AppError('FORBIDDEN');
      const view = await getSequenceView(deps, actor, id);
      const file = interchangeFiles[format];
      const frameSizes = format === 'fcpxml' ? await frameSizesOf(deps.repos, actor.tenantId, view) : {};
      return {
        fileName: safeFileName(view.title, file.extension, 'sequence'),
        contentType: file.contentType,
        text: file.write(view, { ...options, frameSizes }),
      };
    },

    /**
     * A new sequence from an editing suite's file. Every clip must match an item (by the id our exports wrote, else by
     * title) whose media holds its range; otherwise nothing is created and the clips without a match are named.
     */
    async importSequence(
      actor: AuthedActor,
      input: TImportSequenceInput,
      meta: RequestMeta | null,
    ): Promise<{ id: string }> {
      if (!can(actor, 'cutter')) throw new AppError('FORBIDDEN');
      const clips = parsers[input.format](input.text);
      // The same bound a sequence saved from the cutter has; a file can hold far more events than that.
      if (clips.length > SEQUENCE_MAX_CLIPS) throw new AppError('VALIDATION_FAILED');
      const matched = matchImportedClips(clips, await importCandidates(deps.repos, actor, clips));
      if (matched.unmatched.length > 0) {
        const listed = matched.unmatched.slice(0, UNMATCHED_LISTED);
        const more = matched.unmatched.length - listed.length;
        throw new AppError('INTERCHANGE_CLIPS_UNMATCHED', {
          params: { clips: more > 0 ? `${listed.join(', ')} (+${more})` : listed.join(', ') },
        });
      }
      return sequences.create(
        actor,
        { title: input.title, folderId: input.folderId ?? null, clips: matched.clips },
        meta,
      );
    },
  };
}

export type SequenceInterchangeService = ReturnType<typeof createSequenceInterchangeService>;
