import { parseMediaPlaylist } from './media-playlist';

describe('parseMediaPlaylist', () => {
  it('lists a growing event playlist’s segments with their durations, across a discontinuity', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-PLAYLIST-TYPE:EVENT',
      '#EXTINF:2.000000,',
      'segment_00000.ts',
      '#EXT-X-DISCONTINUITY',
      '#EXTINF:1.960000,',
      'segment_00001.ts',
      '',
    ].join('\n');
    expect(parseMediaPlaylist(text)).toEqual({
      segments: [
        { uri: 'segment_00000.ts', durationSeconds: 2 },
        { uri: 'segment_00001.ts', durationSeconds: 1.96 },
      ],
      ended: false,
    });
  });

  it('knows an ended playlist, and an empty one', () => {
    expect(parseMediaPlaylist('#EXTM3U\r\n#EXTINF:4,\r\na.ts\r\n#EXT-X-ENDLIST\r\n').ended).toBe(true);
    expect(parseMediaPlaylist('')).toEqual({ segments: [], ended: false });
  });
});
