import { cutterSource, type TCutterItem } from './cutter-source';
import { markedClip, pastOut, programClips, seekSeconds, sequenceFrameAt } from './sequence-program';

const item = (id: string, overrides: Partial<TCutterItem> = {}): TCutterItem => ({
  id,
  title: `Item ${id}`,
  itemType: 'video',
  playback: { url: `/media/${id}/master.m3u8`, kind: 'proxy' },
  media: { frameRate: '25/1', durationSeconds: 4, timecodeStart: '10:00:00:00' },
  urls: { mp4: `/media/${id}/proxy.mp4`, thumbnail: null, filmstrip: null },
  ...overrides,
});

describe('cutterSource', () => {
  it('counts the frames of the media and plays the sequence from the MP4 proxy', () => {
    const source = cutterSource(item('a'));
    expect(source.sourceFrames).toBe(100);
    expect(source.programUrl).toBe('/media/a/proxy.mp4');
    expect(source.isVideo).toBe(true);
  });

  it('counts only whole frames of a duration that ends mid-frame, as the sequence store does', () => {
    expect(cutterSource(item('a', { media: { frameRate: '25/1', durationSeconds: 4.03 } })).sourceFrames).toBe(100);
  });

  it('falls back to an original the browser plays as a file, never to HLS alone', () => {
    const original = item('a', { playback: { url: '/media/a/original.mp4', kind: 'original' } });
    expect(cutterSource({ ...original, urls: { ...original.urls, mp4: null } }).programUrl).toBe(
      '/media/a/original.mp4',
    );
    const hls = item('b');
    expect(cutterSource({ ...hls, urls: { ...hls.urls, mp4: null } }).programUrl).toBeNull();
  });
});

describe('sequence program', () => {
  const sources = new Map([
    ['a', cutterSource(item('a'))],
    ['b', cutterSource(item('b', { media: { frameRate: '50/1', durationSeconds: 2 } }))],
  ]);
  const clips = [
    { itemId: 'a', inFrame: 25, outFrame: 50 },
    { itemId: 'b', inFrame: 10, outFrame: 20 },
  ];

  it('places each clip in the sequence and in its own source time', () => {
    const program = programClips(clips, sources)!;
    expect(program.map((c) => c.start)).toEqual([0, 25]);
    expect(seekSeconds(program[0]!, 0)).toBeCloseTo(1.02);
    expect(seekSeconds(program[1]!, 3)).toBeCloseTo(0.27);
    // Past the clip's end: its last frame.
    expect(seekSeconds(program[1]!, 99)).toBeCloseTo(0.39);
  });

  it('waits until every source is known', () => {
    expect(programClips([...clips, { itemId: 'c', inFrame: 0, outFrame: 1 }], sources)).toBeNull();
  });

  it('reads the sequence frame from the source time, inside the clip', () => {
    const [first, second] = programClips(clips, sources)!;
    expect(sequenceFrameAt(first!, 1.5)).toBe(12);
    expect(sequenceFrameAt(first!, 0)).toBe(0);
    expect(sequenceFrameAt(second!, 0.3)).toBe(30);
    expect(sequenceFrameAt(second!, 5)).toBe(34);
  });

  it('hands over at the out point, half a frame early', () => {
    const [first] = programClips(clips, sources)!;
    expect(pastOut(first!, 1.9)).toBe(false);
    expect(pastOut(first!, 1.985)).toBe(true);
  });
});

describe('markedClip', () => {
  const source = cutterSource(item('a'));
  it('takes the out frame into the range', () => {
    expect(markedClip({ in: 0.4, out: 1 }, source)).toEqual({ itemId: 'a', inFrame: 10, outFrame: 26 });
  });
  it('runs from the start or to the end where a mark is missing', () => {
    expect(markedClip({ in: null, out: null }, source)).toEqual({ itemId: 'a', inFrame: 0, outFrame: 100 });
    expect(markedClip({ in: 2, out: null }, source)).toEqual({ itemId: 'a', inFrame: 50, outFrame: 100 });
  });
});
