import type { TRenderPresetSettings } from './render-preset.types';

/** The file extension of what a preset writes: broadcast is MXF OP1a, generic H.264/AAC MP4, the rest as chosen. */
export function renderFileExtension(settings: TRenderPresetSettings): string {
  switch (settings.mode) {
    case 'broadcast':
      return 'mxf';
    case 'generic':
      return 'mp4';
    case 'advanced':
    case 'rewrap':
      return settings.container;
  }
}

/** A rendered sequence's file name: its title without what file systems refuse, and the preset's extension. */
export function renderFileName(title: string, settings: TRenderPresetSettings): string {
  // eslint-disable-next-line no-control-regex
  const base = title.replace(/[\u0000-\u001f/\\:*?"<>|]+/g, ' ').trim() || 'sequence';
  return `${base.slice(0, 200)}.${renderFileExtension(settings)}`;
}
