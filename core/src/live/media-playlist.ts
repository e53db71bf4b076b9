/** One segment of an HLS media playlist. */
export interface TPlaylistSegment {
  uri: string;
  durationSeconds: number;
}

/** The segments of an HLS media playlist in order, and whether it is ended (EXT-X-ENDLIST). */
export function parseMediaPlaylist(text: string): { segments: TPlaylistSegment[]; ended: boolean } {
  const segments: TPlaylistSegment[] = [];
  let duration = 0;
  let ended = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length)) || 0;
    else if (line === '#EXT-X-ENDLIST') ended = true;
    else if (!line.startsWith('#')) {
      segments.push({ uri: line, durationSeconds: duration });
      duration = 0;
    }
  }
  return { segments, ended };
}
