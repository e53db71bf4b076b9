import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../../errors/app-error';
import type { Rational } from '../../timecode/rational';
import { frameRateOfDuration, type FrameRate } from '../../timecode/frame-rate';
import type { TInterchangeClip } from './interchange.types';
import { itemIdOfRef } from './mam-item-ref';
import { rateText } from './sequence-timing';

const MAX_FCPXML_CHARS = 20_000_000;
const ITEM_ID_KEY = 'com.mam.itemId';

type TNode = Record<string, unknown>;

// Order kept: a storyline's clips are in document order, whatever their element names.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  preserveOrder: true,
});

function invalid(path: string): AppError {
  return new AppError('INTERCHANGE_FCPXML_INVALID', { params: { path } });
}

/** With preserveOrder each element is `{ name: children[], ':@': attributes }`. */
const nameOf = (node: TNode): string => Object.keys(node).find((key) => key !== ':@') ?? '';
const childrenOf = (node: TNode): TNode[] => (node[nameOf(node)] as TNode[] | undefined) ?? [];
const attrsOf = (node: TNode): Record<string, string> => (node[':@'] as Record<string, string> | undefined) ?? {};
const childNamed = (node: TNode, name: string) => childrenOf(node).find((child) => nameOf(child) === name);
const childrenNamed = (node: TNode, name: string) => childrenOf(node).filter((child) => nameOf(child) === name);

/** An FCPXML time: '1001/30000s', '3600s', '0s' (and decimals some tools write: '5.5s'). */
function timeOf(text: string | undefined, path: string): Rational | null {
  if (text === undefined) return null;
  const fraction = /^(-?\d+)(?:\/(\d+))?s$/.exec(text.trim());
  if (fraction) {
    const denominator = Number(fraction[2] ?? 1);
    if (denominator === 0) throw invalid(path);
    return { numerator: Number(fraction[1]), denominator };
  }
  const decimal = /^(-?\d+)\.(\d{1,9})s$/.exec(text.trim());
  if (!decimal) throw invalid(path);
  const scale = 10 ** decimal[2]!.length;
  return { numerator: Number(`${decimal[1]}${decimal[2]}`), denominator: scale };
}

/** A time as whole frames at the rate; times off the frame grid are rounded to the nearest frame, as FCP does. */
function framesOf(time: Rational, rate: FrameRate): number {
  return Math.round((time.numerator * rate.numerator) / (time.denominator * rate.denominator));
}

interface TAsset {
  name: string;
  itemId?: string;
  /** Source time of the media's first frame. */
  start: Rational;
  rate: FrameRate | null;
}

function rateOfFormat(format: TNode | undefined, path: string): FrameRate | null {
  const duration = timeOf(attrsOf(format ?? {}).frameDuration, `${path}.frameDuration`);
  if (!duration || duration.numerator <= 0) return null;
  return frameRateOfDuration(duration);
}

/** The id our exports wrote: the asset's uid, its media-rep's src, or its com.mam.itemId metadata. */
function itemIdOfAsset(asset: TNode): string | undefined {
  const metadata = childNamed(asset, 'metadata');
  const md = metadata ? childrenNamed(metadata, 'md').find((entry) => attrsOf(entry).key === ITEM_ID_KEY) : undefined;
  const fromMd = md ? itemIdOfRef(`mam:item:${attrsOf(md).value ?? ''}`) : undefined;
  const src = childrenNamed(asset, 'media-rep').map((rep) => attrsOf(rep).src);
  return fromMd ?? itemIdOfRef(attrsOf(asset).uid) ?? src.map((ref) => itemIdOfRef(ref)).find(Boolean);
}

function assetsOf(resources: TNode | undefined): Map<string, TAsset> {
  const all = resources ? childrenOf(resources) : [];
  const formats = new Map(all.filter((n) => nameOf(n) === 'format').map((n) => [attrsOf(n).id, n]));
  const assets = new Map<string, TAsset>();
  all.forEach((node, index) => {
    if (nameOf(node) !== 'asset') return;
    const attrs = attrsOf(node);
    const path = `resources.asset[${index}]`;
    if (!attrs.id) throw invalid(`${path}.id`);
    const src = childNamed(node, 'media-rep') ? attrsOf(childNamed(node, 'media-rep')!).src : undefined;
    const fileName = src
      ?.split(/[/\\]/)
      .at(-1)
      ?.replace(/\.[^.]+$/, '');
    const itemId = itemIdOfAsset(node);
    assets.set(attrs.id, {
      name: attrs.name || (src && !itemIdOfRef(src) ? decodeURIComponent(fileName ?? '') : ''),
      ...(itemId ? { itemId } : {}),
      start: timeOf(attrs.start, `${path}.start`) ?? { numerator: 0, denominator: 1 },
      rate: rateOfFormat(attrs.format ? formats.get(attrs.format) : undefined, `${path}.format`),
    });
  });
  return assets;
}

interface TContext {
  assets: Map<string, TAsset>;
  sequenceRate: FrameRate;
}

const sub = (a: Rational, b: Rational): Rational => ({
  numerator: a.numerator * b.denominator - b.numerator * a.denominator,
  denominator: a.denominator * b.denominator,
});

/**
 * A clip read from an `asset-clip`, or from a `clip` whose first `video` (or `asset-clip`) names the asset. A `clip`'s
 * start and duration are in its own timeline, which its video child places with `offset`; so the source time of the
 * clip's first frame is video.start + (clip.start - video.offset).
 */
function mediaClipOf(node: TNode, context: TContext, path: string): TInterchangeClip {
  const attrs = attrsOf(node);
  const inner = nameOf(node) === 'clip' ? (childNamed(node, 'video') ?? childNamed(node, 'asset-clip')) : node;
  if (!inner) throw invalid(`${path}.video`);
  const innerAttrs = attrsOf(inner);
  const asset = context.assets.get(innerAttrs.ref ?? '');
  if (!asset) throw invalid(`${path}.ref`);
  const rate = asset.rate ?? context.sequenceRate;
  const duration = timeOf(attrs.duration, `${path}.duration`);
  if (!duration) throw invalid(`${path}.duration`);
  let start = timeOf(attrs.start, `${path}.start`) ?? asset.start;
  if (inner !== node) {
    const innerStart = timeOf(innerAttrs.start, `${path}.video.start`) ?? asset.start;
    const innerOffset = timeOf(innerAttrs.offset, `${path}.video.offset`) ?? { numerator: 0, denominator: 1 };
    const clipStart = timeOf(attrs.start, `${path}.start`) ?? innerOffset;
    start = sub(innerStart, sub(innerOffset, clipStart));
  }
  const sourceIn = framesOf(sub(start, asset.start), rate);
  const length = framesOf(duration, rate);
  if (length <= 0) throw invalid(`${path}.duration`);
  return {
    name: attrs.name || asset.name,
    ...(asset.itemId ? { itemId: asset.itemId } : {}),
    sourceIn,
    sourceOut: sourceIn + length,
    rate: rateText(rate),
    origin: 'media',
  };
}

// Elements of a storyline that hold no media of a source; the sequence is cut straight, as for EDL and OTIO.
const SKIPPED = new Set(['gap', 'transition', 'title', 'generator', 'marker', 'chapter-marker', 'keyword', '#text']);

function projectSequence(root: TNode): TNode {
  const library = childNamed(root, 'library');
  const holders = [root, ...(library ? [library] : [])];
  const events = holders.flatMap((holder) => childrenNamed(holder, 'event'));
  const projects = [...holders, ...events].flatMap((holder) => childrenNamed(holder, 'project'));
  const sequence = projects.map((project) => childNamed(project, 'sequence')).find(Boolean);
  if (!sequence) throw new AppError('INTERCHANGE_EMPTY');
  return sequence;
}

/**
 * The clips of the first project of a Final Cut Pro XML document (1.6 to 1.13) in order: the primary storyline's
 * asset-clips and clips. Gaps, transitions, titles and connected clips are left out; a compound or multicam clip,
 * whose media is not one source's, refuses the file with where it is.
 */
export function parseFcpxml(xml: string): TInterchangeClip[] {
  if (xml.length > MAX_FCPXML_CHARS) throw new AppError('PAYLOAD_TOO_LARGE');
  let document: TNode[];
  try {
    document = parser.parse(xml) as TNode[];
  } catch {
    throw invalid('$');
  }
  const root = document.find((node) => nameOf(node) === 'fcpxml');
  if (!root) throw invalid('fcpxml');
  const resources = childNamed(root, 'resources');
  const sequence = projectSequence(root);
  const formats = resources ? childrenNamed(resources, 'format') : [];
  const sequenceFormat = formats.find((format) => attrsOf(format).id === attrsOf(sequence).format);
  const sequenceRate = rateOfFormat(sequenceFormat, 'sequence.format');
  if (!sequenceRate) throw invalid('sequence.format');
  const context: TContext = { assets: assetsOf(resources), sequenceRate };
  const spine = childNamed(sequence, 'spine');
  const clips = (spine ? childrenOf(spine) : []).flatMap((node, index) => {
    const name = nameOf(node);
    const path = `spine.${name}[${index}]`;
    if (SKIPPED.has(name)) return [];
    if (name === 'asset-clip' || name === 'clip') return [mediaClipOf(node, context, path)];
    throw invalid(path);
  });
  if (!clips.length) throw new AppError('INTERCHANGE_EMPTY');
  return clips;
}
