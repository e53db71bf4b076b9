import { audioLevelsArgs, parseAudioLevels } from './measure-audio-levels';

describe('audio levels', () => {
  it('measures each track through its own named astats, decoding no video', () => {
    const args = audioLevelsArgs('/in/a b.mxf', [{ index: 1 }, { index: 3 }]);
    const graph = args[args.indexOf('-filter_complex') + 1];
    expect(graph).toBe(
      '[0:1]astats@s1=measure_overall=none:measure_perchannel=Peak_level+RMS_level[l0];' +
        '[0:3]astats@s3=measure_overall=none:measure_perchannel=Peak_level+RMS_level[l1]',
    );
    expect(args.filter((arg) => arg === '-map')).toHaveLength(2);
    expect(args).toContain('file:/in/a b.mxf');
    expect(args.slice(-3)).toEqual(['-f', 'null', '-']);
  });

  it("reads astats' per-channel report, silence as null", () => {
    // Lines as ffmpeg 5.1 writes them at the end of the run.
    const levels = parseAudioLevels([
      'Stream mapping:',
      '[astats@s1 @ 0x55fb1c4a34c0] Channel: 1',
      '[astats@s1 @ 0x55fb1c4a34c0] Peak level dB: -24.084520',
      '[astats@s1 @ 0x55fb1c4a34c0] RMS level dB: -27.094630',
      '[astats@s3 @ 0x55fb1c480b80] Channel: 1',
      '[astats@s3 @ 0x55fb1c480b80] Peak level dB: -inf',
      '[astats@s3 @ 0x55fb1c480b80] RMS level dB: -inf',
      '[astats@s3 @ 0x55fb1c480b80] Channel: 2',
      '[astats@s3 @ 0x55fb1c480b80] Peak level dB: 0.000000',
      '[astats@s3 @ 0x55fb1c480b80] RMS level dB: -3.010300',
    ]);
    expect([...levels.entries()]).toEqual([
      [1, [{ peakDb: -24.08, rmsDb: -27.09 }]],
      [
        3,
        [
          { peakDb: null, rmsDb: null },
          { peakDb: 0, rmsDb: -3.01 },
        ],
      ],
    ]);
  });
});
