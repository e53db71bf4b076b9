import { catchAppError } from '../../testing/catch-app-error';
import { importSource, NEWS, sequenceView, STREET, WEATHER, type TFixtureSource } from './interchange.fixture';
import { toSequenceClip } from './interchange-clip';
import { parseOtio } from './otio.parser';
import { sequenceToOtio } from './otio.writer';

interface TOtioTrack {
  kind: string;
  children: Array<{
    OTIO_SCHEMA: string;
    name: string;
    metadata: { mam: { itemId: string } };
    source_range: { start_time: { rate: number; value: number }; duration: { value: number } };
    media_references: { DEFAULT_MEDIA: { OTIO_SCHEMA: string; target_url: string; available_range: unknown } };
  }>;
}

const view = sequenceView('Evening news', [
  [NEWS, 250, 375],
  [STREET, 0, 50],
]);

describe('sequenceToOtio', () => {
  it('writes a timeline of a video and an audio track of clips with source ranges in source timecode', () => {
    const timeline = JSON.parse(sequenceToOtio(view)) as {
      OTIO_SCHEMA: string;
      name: string;
      global_start_time: unknown;
      tracks: { OTIO_SCHEMA: string; children: TOtioTrack[] };
    };
    expect([timeline.OTIO_SCHEMA, timeline.name, timeline.tracks.OTIO_SCHEMA]).toEqual([
      'Timeline.1',
      'Evening news',
      'Stack.1',
    ]);
    expect(timeline.global_start_time).toEqual({ OTIO_SCHEMA: 'RationalTime.1', rate: 25, value: 90_000 });
    expect(timeline.tracks.children.map((track) => track.kind)).toEqual(['Video', 'Audio']);
    const [first] = timeline.tracks.children[0]!.children;
    expect(first).toMatchObject({
      OTIO_SCHEMA: 'Clip.2',
      name: 'Storting debate',
      metadata: { mam: { itemId: NEWS.itemId } },
      source_range: {
        OTIO_SCHEMA: 'TimeRange.1',
        start_time: { OTIO_SCHEMA: 'RationalTime.1', rate: 25, value: 900_250 },
        duration: { OTIO_SCHEMA: 'RationalTime.1', rate: 25, value: 125 },
      },
      media_references: {
        DEFAULT_MEDIA: {
          OTIO_SCHEMA: 'ExternalReference.1',
          target_url: `mam:item:${NEWS.itemId}`,
          available_range: { start_time: { value: 900_000 }, duration: { value: 100_000 } },
        },
      },
    });
    expect(timeline.tracks.children[1]!.children).toEqual(timeline.tracks.children[0]!.children);
  });
});

describe('parseOtio', () => {
  it.each<[string, TFixtureSource]>([
    ['PAL', NEWS],
    ['29.97 drop-frame', { ...WEATHER, frameRate: '30000/1001', sourceTimecodeStart: '00:09:59;28' }],
    ['23.976', { ...STREET, frameRate: '24000/1001', sourceTimecodeStart: '01:00:00:00' }],
  ])('reads back the clips it wrote (%s)', (_, source) => {
    const original = sequenceView('Round trip', [
      [source, 17, 1817],
      [source, 0, 1],
      [{ ...STREET, frameRate: source.frameRate, title: 'Tom & "Jerry"\n<cut>' }, 5, 6],
    ]);
    const clips = parseOtio(sequenceToOtio(original));
    expect(clips.every((clip) => clip.origin === 'media')).toBe(true);
    expect(clips.map((clip) => clip.name)).toEqual(original.clips.map((clip) => clip.title));
    const sources = [source, source, STREET].map((s) => importSource({ ...s, frameRate: source.frameRate }));
    expect(clips.map((clip, i) => toSequenceClip(clip, sources[i]!))).toEqual(
      original.clips.map(({ itemId, inFrame, outFrame }) => ({ itemId, inFrame, outFrame })),
    );
  });

  it('reads a hand-made timeline: Clip.1, gaps, transitions, no item ids, times at another rate', () => {
    const time = (value: number, rate = 25) => ({ OTIO_SCHEMA: 'RationalTime.1', value, rate });
    const timeline = {
      OTIO_SCHEMA: 'Timeline.1',
      tracks: {
        OTIO_SCHEMA: 'Stack.1',
        children: [
          { OTIO_SCHEMA: 'Track.1', kind: 'Audio', children: [] },
          {
            OTIO_SCHEMA: 'Track.1',
            kind: 'Video',
            children: [
              { OTIO_SCHEMA: 'Gap.1', source_range: { start_time: time(0), duration: time(10) } },
              {
                OTIO_SCHEMA: 'Clip.1',
                name: 'Storting debate',
                source_range: { start_time: time(900_010.2), duration: time(2, 1) },
                media_reference: { OTIO_SCHEMA: 'MissingReference.1' },
              },
              { OTIO_SCHEMA: 'Transition.1', in_offset: time(5), out_offset: time(5) },
              {
                OTIO_SCHEMA: 'Clip.2',
                name: '',
                source_range: { start_time: time(100), duration: time(50) },
                media_references: {
                  DEFAULT_MEDIA: {
                    OTIO_SCHEMA: 'ExternalReference.1',
                    target_url: 'file:///Volumes/News/street.mov',
                    available_range: { start_time: time(75), duration: time(1000) },
                  },
                },
              },
            ],
          },
        ],
      },
    };
    expect(parseOtio(JSON.stringify(timeline))).toEqual([
      { name: 'Storting debate', sourceIn: 900_010, sourceOut: 900_060, rate: '25/1', origin: 'timecode' },
      { name: 'street.mov', sourceIn: 25, sourceOut: 75, rate: '25/1', origin: 'media' },
    ]);
  });

  it.each([
    ['text that is not JSON', '{"OTIO_SCHEMA": "Timeline.1",', '$'],
    ['a document that is not a timeline', '{"OTIO_SCHEMA": "Clip.2"}', '$.OTIO_SCHEMA'],
    ['a timeline without tracks', '{"OTIO_SCHEMA": "Timeline.1"}', '$.tracks'],
    [
      'a clip with a time that is not a number',
      JSON.stringify({
        OTIO_SCHEMA: 'Timeline.1',
        tracks: {
          OTIO_SCHEMA: 'Stack.1',
          children: [
            {
              OTIO_SCHEMA: 'Track.1',
              kind: 'Video',
              children: [
                { OTIO_SCHEMA: 'Clip.2', source_range: { start_time: { rate: 25, value: 'x' }, duration: {} } },
              ],
            },
          ],
        },
      }),
      '$.tracks.children.0.children.0.source_range.start_time.value',
    ],
  ])('refuses %s, naming where', (_, json, path) => {
    const error = catchAppError(() => parseOtio(json));
    expect([error.code, error.params]).toEqual(['INTERCHANGE_OTIO_INVALID', { path }]);
  });

  it('refuses a timeline without clips', () => {
    const empty = { OTIO_SCHEMA: 'Timeline.1', tracks: { OTIO_SCHEMA: 'Stack.1', children: [] } };
    expect(catchAppError(() => parseOtio(JSON.stringify(empty))).code).toBe('INTERCHANGE_EMPTY');
  });
});
