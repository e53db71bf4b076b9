import type { TSequenceClipView, TSequenceView } from '../sequence.types';
import type { TImportSource } from './interchange-clip';

export interface TFixtureSource {
  itemId: string;
  title: string;
  frameRate?: string;
  sourceTimecodeStart?: string;
  sourceFrames?: number;
}

/** A sequence view as the sequences service returns it, built from (source, in, out) triples. */
export function sequenceView(
  title: string,
  ranges: Array<[TFixtureSource, number, number]>,
  frameRate = ranges[0]?.[0].frameRate ?? '25/1',
): TSequenceView {
  const clips: TSequenceClipView[] = ranges.map(([source, inFrame, outFrame], index) => ({
    itemId: source.itemId,
    inFrame,
    outFrame,
    index,
    title: source.title,
    frameRate: source.frameRate ?? '25/1',
    sourceTimecodeStart: source.sourceTimecodeStart ?? '00:00:00:00',
    sourceFrames: source.sourceFrames ?? 100_000,
  }));
  return {
    id: '7d0c3b55-8d7e-4a8f-9b43-0c6a3f1e2d10',
    tenantId: '0f8b7f0e-3e0b-4d3c-8f0a-2b1c4d5e6f70',
    title,
    folderId: null,
    frameRate: ranges.length ? frameRate : null,
    clips,
    totalFrames: clips.reduce((sum, clip) => sum + clip.outFrame - clip.inFrame, 0),
  };
}

export function importSource(source: TFixtureSource): TImportSource {
  return {
    itemId: source.itemId,
    frameRate: source.frameRate ?? '25/1',
    sourceTimecodeStart: source.sourceTimecodeStart ?? '00:00:00:00',
    sourceFrames: source.sourceFrames ?? 100_000,
  };
}

export const NEWS: TFixtureSource = {
  itemId: '11111111-1111-4111-8111-111111111111',
  title: 'Storting debate',
  sourceTimecodeStart: '10:00:00:00',
};
export const STREET: TFixtureSource = {
  itemId: '22222222-2222-4222-8222-222222222222',
  title: 'Street interviews, Oslo',
  sourceTimecodeStart: '00:00:00:00',
};
export const WEATHER: TFixtureSource = {
  itemId: '33333333-3333-4333-8333-333333333333',
  title: 'Weather map',
  sourceTimecodeStart: '14:30:12:05',
  sourceFrames: 5000,
};
