import { catchAppError } from '../../testing/catch-app-error';
import { parseEdl } from './edl.parser';
import { sequenceToEdl } from './edl.writer';
import { importSource, NEWS, sequenceView, STREET, WEATHER, type TFixtureSource } from './interchange.fixture';
import { toSequenceClip } from './interchange-clip';

const view = sequenceView('Evening news', [
  [NEWS, 250, 375],
  [STREET, 0, 50],
  [NEWS, 1000, 1001],
]);

describe('sequenceToEdl', () => {
  it('writes CMX 3600 events with source and record timecodes, clip names and item references', () => {
    expect(sequenceToEdl(view)).toBe(
      [
        'TITLE: Evening news',
        'FCM: NON-DROP FRAME',
        '',
        '001  STORTING AA/V  C        10:00:10:00 10:00:15:00 01:00:00:00 01:00:05:00',
        '* FROM CLIP NAME: Storting debate',
        `* SOURCE FILE: mam:item:${NEWS.itemId}`,
        '',
        '002  STREET_I AA/V  C        00:00:00:00 00:00:02:00 01:00:05:00 01:00:07:00',
        '* FROM CLIP NAME: Street interviews, Oslo',
        `* SOURCE FILE: mam:item:${STREET.itemId}`,
        '',
        '003  STORTING AA/V  C        10:00:40:00 10:00:40:01 01:00:07:00 01:00:07:01',
        '* FROM CLIP NAME: Storting debate',
        `* SOURCE FILE: mam:item:${NEWS.itemId}`,
        '',
        '',
      ].join('\n'),
    );
  });

  it('starts the record timecode where asked', () => {
    const edl = sequenceToEdl(view, { startTimecode: '10:00:00:00' });
    expect(edl).toContain('10:00:10:00 10:00:15:00 10:00:00:00 10:00:05:00');
  });

  it('gives every source its own reel of at most 8 characters', () => {
    const sources: TFixtureSource[] = [
      { itemId: 'a1', title: 'Interview with the minister' },
      { itemId: 'a2', title: 'Interview with the mayor' },
      { itemId: 'a3', title: 'Интервью' },
    ];
    const edl = sequenceToEdl(
      sequenceView(
        'Reels',
        sources.map((s) => [s, 0, 10]),
      ),
    );
    const reels = edl.split('\n').flatMap((line) => /^\d{3} {2}(\S+)/.exec(line)?.[1] ?? []);
    expect(reels).toEqual(['INTERVIE', 'INTERVI1', 'AX']);
  });

  it('keeps odd characters of titles on their line so they cannot forge events', () => {
    const odd = {
      ...STREET,
      title: 'Cut\n002  EVIL     V     C        00:00:00:00 00:00:01:00 01:00:00:00 01:00:01:00',
    };
    const edl = sequenceToEdl(sequenceView('News & "weather"\r\nFCM: DROP FRAME', [[odd, 0, 25]]));
    expect(edl.split('\n').slice(0, 2)).toEqual(['TITLE: News & "weather" FCM: DROP FRAME', 'FCM: NON-DROP FRAME']);
    expect(parseEdl(edl)).toEqual([
      {
        name: odd.title.replace('\n', ' '),
        itemId: STREET.itemId,
        sourceIn: 0,
        sourceOut: 25,
        rate: '25/1',
        origin: 'timecode',
        timecodes: { in: '00:00:00:00', out: '00:00:01:00' },
      },
    ]);
  });

  it('writes drop-frame timecodes at 29.97', () => {
    const ntsc = { ...WEATHER, frameRate: '30000/1001', sourceTimecodeStart: '00:00:59;28' };
    const edl = sequenceToEdl(sequenceView('NTSC', [[ntsc, 0, 3]]));
    expect(edl).toContain('FCM: DROP FRAME');
    // Three frames from 00:00:59;28 skip the labels ;00 and ;01 of minute 1.
    expect(edl).toContain('001  WEATHER_ AA/V  C        00:00:59;28 00:01:00;03 01:00:00;00 01:00:00;03');
  });
});

describe('parseEdl', () => {
  it.each<[string, TFixtureSource[], string | undefined]>([
    ['PAL', [NEWS, STREET, WEATHER], undefined],
    ['50p', [{ ...NEWS, frameRate: '50/1', sourceTimecodeStart: '23:59:59:49' }], '50/1'],
    ['50p, rate guessed', [{ ...NEWS, frameRate: '50/1', sourceTimecodeStart: '23:59:59:49' }], undefined],
    ['30p, rate guessed', [{ ...NEWS, frameRate: '30/1', sourceTimecodeStart: '00:00:00:29' }], undefined],
    ['29.97 drop-frame', [{ ...WEATHER, frameRate: '30000/1001', sourceTimecodeStart: '00:09:59;28' }], undefined],
    ['29.97 non-drop', [{ ...WEATHER, frameRate: '30000/1001', sourceTimecodeStart: '00:09:59:28' }], undefined],
  ])('reads back the clips it wrote (%s)', (_, sources, rate) => {
    const ranges = sources.flatMap((s): Array<[TFixtureSource, number, number]> => [
      [s, 17, 1817],
      [s, 0, 1],
    ]);
    const original = sequenceView('Round trip', ranges);
    const clips = parseEdl(sequenceToEdl(original), rate ? { rate } : {});
    expect(clips.map((clip, i) => toSequenceClip(clip, importSource(ranges[i]![0])))).toEqual(
      original.clips.map(({ itemId, inFrame, outFrame }) => ({ itemId, inFrame, outFrame })),
    );
    expect(clips.map((clip) => clip.name)).toEqual(original.clips.map((clip) => clip.title));
  });

  it('reads a hand-made EDL: separate audio events, black, dissolves and no item references', () => {
    const edl = [
      'TITLE: HAND MADE',
      'FCM: NON-DROP FRAME',
      '001  BL       V     C        00:00:00:00 00:00:01:00 01:00:00:00 01:00:01:00',
      '002  TAPE1    V     C        10:00:00:00 10:00:02:00 01:00:01:00 01:00:03:00',
      '002  TAPE1    A     C        10:00:00:00 10:00:02:00 01:00:01:00 01:00:03:00',
      '* FROM CLIP NAME:  Storting debate  ',
      '003  TAPE1    V     C        10:00:05:00 10:00:05:00 01:00:03:00 01:00:03:00',
      '003  TAPE2    V     D    025 00:00:01:00 00:00:04:00 01:00:03:00 01:00:06:00',
      'M2   TAPE2       025.0                00:00:01:00',
      '* FROM CLIP NAME: Street interviews, Oslo',
    ].join('\r\n');
    expect(parseEdl(edl)).toEqual([
      {
        name: 'TAPE1',
        sourceIn: 900_000,
        sourceOut: 900_050,
        rate: '25/1',
        origin: 'timecode',
        timecodes: { in: '10:00:00:00', out: '10:00:02:00' },
      },
      {
        name: 'Street interviews, Oslo',
        sourceIn: 25,
        sourceOut: 100,
        rate: '25/1',
        origin: 'timecode',
        timecodes: { in: '00:00:01:00', out: '00:00:04:00' },
      },
    ]);
  });

  it('reports the first line that is not an event', () => {
    const edl = 'TITLE: X\n001  A  V  C  00:00:00:00 00:00:01:00 01:00:00:00 01:00:01:00\nrm -rf /\n';
    const error = catchAppError(() => parseEdl(edl));
    expect(error.code).toBe('INTERCHANGE_EDL_INVALID');
    expect(error.params).toEqual({ line: 3 });
  });

  it.each([
    ['a timecode out of range', '001  A  V  C  00:00:60:00 00:01:01:00 01:00:00:00 01:00:01:00', 1],
    ['an out point before the in point', '001  A  V  C  00:00:02:00 00:00:01:00 01:00:00:00 01:00:01:00', 1],
  ])('refuses %s', (_, edl, line) => {
    const error = catchAppError(() => parseEdl(edl));
    expect([error.code, error.params]).toEqual(['INTERCHANGE_EDL_INVALID', { line }]);
  });

  it('refuses an EDL without events', () => {
    expect(catchAppError(() => parseEdl('TITLE: nothing\nFCM: NON-DROP FRAME\n')).code).toBe('INTERCHANGE_EMPTY');
  });
});
