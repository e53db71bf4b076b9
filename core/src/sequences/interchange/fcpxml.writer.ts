import { reduceRational } from '../../timecode/rational';
import type { FrameRate } from '../../timecode/frame-rate';
import type { TSequenceView } from '../sequence.types';
import type { TInterchangeOptions } from './interchange.types';
import { mamItemRef } from './mam-item-ref';
import { sequenceTiming, type TClipTiming } from './sequence-timing';
import { xmlAttr } from './xml-text';

/** A whole number of frames as an FCPXML rational time: '36/25s', '1001/30000s', '0s'. */
export function fcpxmlTime(frames: number, rate: FrameRate): string {
  const { numerator, denominator } = reduceRational({
    numerator: frames * rate.denominator,
    denominator: rate.numerator,
  });
  return denominator === 1 ? `${numerator}s` : `${numerator}/${denominator}s`;
}

const tcFormat = (dropFrame: boolean) => (dropFrame ? 'DF' : 'NDF');

interface TResources {
  lines: string[];
  sequenceFormat: string;
  assetOf: Map<string, string>;
}

type TFrameSize = { width: number; height: number } | undefined;

/** One format per frame rate and size, one asset per source item, with ids r1, r2, … in order of first use. */
function resources(sequenceRate: FrameRate, clips: TClipTiming[], opts: TInterchangeOptions): TResources {
  const lines: string[] = [];
  const formatOf = new Map<string, string>();
  const assetOf = new Map<string, string>();
  const nextId = () => `r${formatOf.size + assetOf.size + 1}`;
  const format = (rate: FrameRate, size: TFrameSize) => {
    const key = `${rate.numerator}/${rate.denominator} ${size?.width}x${size?.height}`;
    if (!formatOf.has(key)) {
      const id = nextId();
      formatOf.set(key, id);
      const dimensions = size ? ` width="${size.width}" height="${size.height}"` : '';
      lines.push(`    <format id="${id}" frameDuration="${fcpxmlTime(1, rate)}"${dimensions}/>`);
    }
    return formatOf.get(key)!;
  };
  const sizeOf = (itemId: string | undefined) => (itemId ? opts.frameSizes?.[itemId] : undefined);
  const sequenceFormat = format(sequenceRate, sizeOf(clips[0]?.clip.itemId));
  for (const timing of clips) {
    const { clip, rate } = timing;
    if (assetOf.has(clip.itemId)) continue;
    const formatId = format(rate, sizeOf(clip.itemId));
    const id = nextId();
    assetOf.set(clip.itemId, id);
    const ref = mamItemRef(clip.itemId);
    lines.push(
      `    <asset id="${id}" name="${xmlAttr(clip.title)}" uid="${ref}" start="${fcpxmlTime(timing.sourceStart, rate)}"` +
        ` duration="${fcpxmlTime(clip.sourceFrames, rate)}" hasVideo="1" hasAudio="1" format="${formatId}"` +
        ` audioSources="1" audioChannels="2">`,
      `      <media-rep kind="original-media" src="${ref}"/>`,
      `      <metadata><md key="com.mam.itemId" value="${xmlAttr(clip.itemId)}"/></metadata>`,
      '    </asset>',
    );
  }
  return { lines, sequenceFormat, assetOf };
}

/**
 * The sequence as FCPXML 1.9: an asset per source (uid 'mam:item:<id>', the source timecode as its start) and a
 * project whose spine holds one asset-clip per clip, picture and sound together. Times are exact rationals.
 */
export function sequenceToFcpxml(view: TSequenceView, opts: TInterchangeOptions = {}): string {
  const timing = sequenceTiming(view, opts);
  const { lines, sequenceFormat, assetOf } = resources(timing.rate, timing.clips, opts);
  const total = timing.clips.reduce((sum, clip) => sum + clip.frames, 0);
  const title = xmlAttr(view.title);
  const spine = timing.clips.map(({ clip, rate, sourceStart, sourceDropFrame, recordIn, frames }) => {
    const attributes = [
      `ref="${assetOf.get(clip.itemId)}"`,
      `name="${xmlAttr(clip.title)}"`,
      `offset="${fcpxmlTime(recordIn, timing.rate)}"`,
      `start="${fcpxmlTime(sourceStart + clip.inFrame, rate)}"`,
      `duration="${fcpxmlTime(frames, rate)}"`,
      `tcFormat="${tcFormat(sourceDropFrame)}"`,
    ];
    return `            <asset-clip ${attributes.join(' ')}/>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    '<fcpxml version="1.9">',
    '  <resources>',
    ...lines,
    '  </resources>',
    '  <library>',
    `    <event name="${title}">`,
    `      <project name="${title}" uid="${mamItemRef(view.id)}">`,
    `        <sequence format="${sequenceFormat}" duration="${fcpxmlTime(total, timing.rate)}"` +
      ` tcStart="${fcpxmlTime(timing.recordStart, timing.rate)}" tcFormat="${tcFormat(timing.dropFrame)}">`,
    '          <spine>',
    ...spine,
    '          </spine>',
    '        </sequence>',
    '      </project>',
    '    </event>',
    '  </library>',
    '</fcpxml>',
    '',
  ].join('\n');
}
