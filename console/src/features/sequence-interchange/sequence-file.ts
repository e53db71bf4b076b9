/** The formats the console offers, in menu order, with the extension the server names the file with. */
export const exportFormats = [
  { format: 'edl', labelKey: 'sequenceInterchange.formats.edl' },
  { format: 'fcpxml', labelKey: 'sequenceInterchange.formats.fcpxml' },
  { format: 'otio', labelKey: 'sequenceInterchange.formats.otio' },
] as const;

export type TImportFormat = 'edl' | 'fcpxml' | 'otio';

/** The download address of an export; the session cookie authenticates it (a console link of the REST API). */
export function exportUrl(sequenceId: string, format: (typeof exportFormats)[number]['format']): string {
  return `/api/v1/sequences/${encodeURIComponent(sequenceId)}/export.${format}`;
}

/** An import's format from the file's extension; null for anything else. */
export function importFormatOf(fileName: string): TImportFormat | null {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension === 'edl' || extension === 'fcpxml' || extension === 'otio' ? extension : null;
}

/** The new sequence's title suggested by the file: its name without the extension. */
export function titleOfFile(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').trim();
}
