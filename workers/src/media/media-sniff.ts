/**
 * What a file's first bytes say it is. ffprobe decides what media is; this only separates "media that ffprobe
 * failed on" (truncated, damaged: an error for the user) from "not media at all" (a document: a plain file item), and
 * keeps text out of ffprobe altogether, since text formats (HLS playlists, ffconcat lists) make ffmpeg open other
 * files and URLs named inside an uploaded file.
 */
export type SniffKind = 'media' | 'image' | 'pdf' | 'zip' | 'ole' | 'text' | 'unknown';

export interface SniffResult {
  kind: SniffKind;
  /** Only where the bytes alone settle it (documents, text); media MIME types come from probing. */
  mimeType: string | null;
}

const ascii = (header: Buffer, offset: number, text: string) =>
  header.length >= offset + text.length && header.toString('latin1', offset, offset + text.length) === text;
const bytes = (header: Buffer, offset: number, values: number[]) =>
  header.length >= offset + values.length && values.every((value, index) => header[offset + index] === value);

// ISO base media brands that are still images (HEIF, AVIF), not movies.
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

function isoBrandKind(header: Buffer): SniffKind {
  const brand = header.toString('latin1', 8, 12);
  return IMAGE_BRANDS.has(brand) ? 'image' : 'media';
}

function isMpegTs(header: Buffer): boolean {
  return header.length >= 377 && header[0] === 0x47 && header[188] === 0x47 && header[376] === 0x47;
}

function isMpegAudioFrame(header: Buffer): boolean {
  // Frame sync (11 bits set) with a valid layer; JPEG's FF D8 does not qualify.
  return header.length >= 2 && header[0] === 0xff && (header[1]! & 0xe0) === 0xe0 && (header[1]! & 0x06) !== 0;
}

function mediaOrImage(header: Buffer): SniffKind | null {
  if (ascii(header, 4, 'ftyp')) return isoBrandKind(header);
  if (['moov', 'mdat', 'free', 'wide', 'skip', 'pnot'].some((box) => ascii(header, 4, box))) return 'media';
  if (ascii(header, 0, 'RIFF') || ascii(header, 0, 'RF64')) return ascii(header, 8, 'WEBP') ? 'image' : 'media';
  if (ascii(header, 0, 'FORM') && (ascii(header, 8, 'AIFF') || ascii(header, 8, 'AIFC'))) return 'media';
  if (
    ['OggS', 'fLaC', 'ID3', 'FLV', '.snd', 'caff', 'wvpk', 'MAC ', '#!AMR'].some((magic) => ascii(header, 0, magic))
  ) {
    return 'media';
  }
  if (bytes(header, 0, [0x1a, 0x45, 0xdf, 0xa3])) return 'media'; // EBML: Matroska, WebM
  if (bytes(header, 0, [0x06, 0x0e, 0x2b, 0x34])) return 'media'; // SMPTE UL: MXF
  if (bytes(header, 0, [0x00, 0x00, 0x01, 0xba])) return 'media'; // MPEG program stream
  if (bytes(header, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'media'; // ASF, WMV
  if (bytes(header, 0, [0x0b, 0x77])) return 'media'; // AC-3
  if (isMpegTs(header) || isMpegAudioFrame(header)) return 'media';

  if (bytes(header, 0, [0x89, 0x50, 0x4e, 0x47])) return 'image';
  if (bytes(header, 0, [0xff, 0xd8, 0xff])) return 'image';
  if (ascii(header, 0, 'GIF8') || ascii(header, 0, 'II*\0') || ascii(header, 0, 'MM\0*')) return 'image';
  if (ascii(header, 0, 'BM') || ascii(header, 0, '8BPS') || ascii(header, 0, 'SDPX') || ascii(header, 0, 'XPDS')) {
    return 'image';
  }
  if (bytes(header, 0, [0x76, 0x2f, 0x31, 0x01])) return 'image'; // OpenEXR
  if (bytes(header, 0, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20])) return 'image'; // JPEG 2000
  if (bytes(header, 0, [0xff, 0x0a]) || bytes(header, 0, [0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20])) {
    return 'image'; // JPEG XL
  }
  return null;
}

/** The header as text if it is UTF-8 without binary control characters (a cut multi-byte character at the end is fine). */
export function headerAsText(header: Buffer): string | null {
  if (header.length === 0) return null;
  try {
    // stream: the header may end inside a character; that part is held back instead of failing.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(header, { stream: true });
    // eslint-disable-next-line no-control-regex
    return /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

export function sniffHeader(header: Buffer): SniffResult {
  if (ascii(header, 0, '%PDF-')) return { kind: 'pdf', mimeType: 'application/pdf' };
  const media = mediaOrImage(header);
  if (media) return { kind: media, mimeType: null };
  if (bytes(header, 0, [0x50, 0x4b, 0x03, 0x04])) return { kind: 'zip', mimeType: 'application/zip' };
  if (bytes(header, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return { kind: 'ole', mimeType: 'application/x-ole-storage' };
  }
  const text = headerAsText(header);
  if (text !== null) {
    // SVG is text that sharp renders, so it goes on to be probed as an image.
    if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) {
      return { kind: 'image', mimeType: 'image/svg+xml' };
    }
    return { kind: 'text', mimeType: 'text/plain' };
  }
  return { kind: 'unknown', mimeType: null };
}

// Containers whose content the first bytes do not reveal (office documents are zip or OLE files; text is text).
const MIME_BY_EXTENSION: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  rtf: 'application/rtf',
};

const EXTENSIONS_BY_KIND: Record<SniffKind, string[]> = {
  zip: ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'],
  ole: ['doc', 'xls', 'ppt'],
  text: ['csv', 'md', 'json', 'xml', 'html', 'htm', 'srt', 'vtt', 'rtf'],
  pdf: [],
  media: [],
  image: [],
  unknown: [],
};

/** The MIME type of a non-media file: its sniffed type, refined by the extension where the bytes cannot tell. */
export function fileMimeType(sniff: SniffResult, fileName: string): string {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (EXTENSIONS_BY_KIND[sniff.kind].includes(extension)) return MIME_BY_EXTENSION[extension]!;
  return sniff.mimeType ?? 'application/octet-stream';
}
