import { fileMimeType, headerAsText, sniffHeader } from './media-sniff';

const box = (type: string, brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(type + brand, 'latin1'), Buffer.alloc(16)]);

describe('sniffHeader', () => {
  it.each<[string, Buffer, string]>([
    ['MP4', box('ftyp', 'isom'), 'media'],
    ['QuickTime', box('ftyp', 'qt  '), 'media'],
    ['old QuickTime (moov first)', box('moov', '\0\0\0\0'), 'media'],
    ['HEIC photo', box('ftyp', 'heic'), 'image'],
    ['AVIF', box('ftyp', 'avif'), 'image'],
    ['WAV', Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'), 'media'],
    ['WebP', Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'), 'image'],
    ['AIFF', Buffer.from('FORM\0\0\0\0AIFFCOMM', 'latin1'), 'media'],
    ['Matroska', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01]), 'media'],
    ['MXF', Buffer.from([0x06, 0x0e, 0x2b, 0x34, 0x02, 0x05, 0x01, 0x01]), 'media'],
    ['MP3 with ID3', Buffer.from('ID3\x04\0\0', 'latin1'), 'media'],
    ['MP3 frame', Buffer.from([0xff, 0xfb, 0x90, 0x64]), 'media'],
    ['Ogg', Buffer.from('OggS\0\x02', 'latin1'), 'media'],
    ['FLAC', Buffer.from('fLaC\0\0\0\x22', 'latin1'), 'media'],
    ['MPEG-TS', Buffer.from(Array.from({ length: 400 }, (_, i) => (i % 188 === 0 ? 0x47 : 0x11))), 'media'],
    ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image'],
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image'],
    ['TIFF', Buffer.from('II*\0\x08\0', 'latin1'), 'image'],
    ['GIF', Buffer.from('GIF89a', 'latin1'), 'image'],
    ['SVG', Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image'],
    ['PDF', Buffer.from('%PDF-1.7\n', 'latin1'), 'pdf'],
    ['DOCX (zip)', Buffer.from('PK\x03\x04\x14\0', 'latin1'), 'zip'],
    ['DOC (OLE)', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'ole'],
    ['text', Buffer.from('Running order\r\n1. News\tWeather — Vær\n'), 'text'],
    ['an HLS playlist (text, kept from ffmpeg)', Buffer.from('#EXTM3U\n#EXTINF:10,\nfile:///etc/passwd\n'), 'text'],
    ['binary noise', Buffer.from([0x00, 0x13, 0x99, 0xfe, 0x02, 0x00, 0x7f, 0x80]), 'unknown'],
    ['nothing', Buffer.alloc(0), 'unknown'],
  ])('%s → %s', (_name, header, kind) => {
    expect(sniffHeader(header).kind).toBe(kind);
  });

  it('accepts a multi-byte character cut at the end of the header as text', () => {
    const text = Buffer.from('Væ'); // 'æ' is two bytes; the header ends between them
    expect(headerAsText(text.subarray(0, 2))).toBe('V');
    expect(headerAsText(Buffer.from([0x56, 0xc3, 0x28, 0x41]))).toBeNull();
  });
});

describe('fileMimeType', () => {
  it('refines zip, OLE and text by extension, and only those', () => {
    expect(fileMimeType(sniffHeader(Buffer.from('PK\x03\x04', 'latin1')), 'script.docx')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(fileMimeType(sniffHeader(Buffer.from('PK\x03\x04', 'latin1')), 'bundle.zip')).toBe('application/zip');
    expect(fileMimeType(sniffHeader(Buffer.from('a,b\n1,2\n')), 'table.CSV')).toBe('text/csv');
    expect(fileMimeType(sniffHeader(Buffer.from('%PDF-1.4')), 'fake.docx')).toBe('application/pdf');
    expect(fileMimeType(sniffHeader(Buffer.from([0, 1, 2, 3])), 'data.csv')).toBe('application/octet-stream');
  });
});
