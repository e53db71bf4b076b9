/** One sound of an HLS stream with alternate audio (EXT-X-MEDIA TYPE=AUDIO), as hls.js lists it. */
export interface TAudioTrackLike {
  index: number;
  name: string;
  language: string | null;
}

// Names that say no more than the number does ('audio', 'Track 2', 'audio_1'): the number is shown already.
const GENERIC_NAME = /^(audio|track|sound|a)?[\s_-]*\d*$/i;

function languageName(code: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * How a sound is named in the track menu: its number in the user's language, then the language of the sound in
 * the user's language (from the playlist's LANGUAGE) or else the playlist's NAME when it says more than the number.
 */
export function audioTrackLabel(
  track: TAudioTrackLike,
  t: (key: string, options?: Record<string, unknown>) => string,
  uiLanguage: string,
): string {
  const numbered = t('playback.trackNumber', { number: track.index + 1 });
  const language = track.language && track.language !== 'und' ? languageName(track.language, uiLanguage) : null;
  const name = track.name.trim();
  const detail = language ?? (name && !GENERIC_NAME.test(name) ? name : null);
  return detail ? `${numbered} · ${detail}` : numbered;
}
