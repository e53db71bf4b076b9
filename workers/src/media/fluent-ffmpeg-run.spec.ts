import { fluentParts } from './fluent-ffmpeg-run';

describe('fluentParts', () => {
  it('keeps every argument in its place across inputs and the output', () => {
    const args = [
      '-hide_banner',
      '-y',
      '-ss',
      '3',
      '-i',
      'file:/a.mp4',
      '-f',
      'lavfi',
      '-i',
      'anullsrc',
      '-map',
      '0:v',
      'file:/out.mp4',
    ];
    const parts = fluentParts(args);
    expect(parts).toEqual({
      inputs: [
        { options: ['-hide_banner', '-y', '-ss', '3'], source: 'file:/a.mp4' },
        { options: ['-f', 'lavfi'], source: 'anullsrc' },
      ],
      output: { options: ['-map', '0:v'], target: 'file:/out.mp4' },
    });
    const rebuilt = [
      ...parts.inputs.flatMap((input) => [...input.options, '-i', input.source]),
      ...parts.output.options,
      parts.output.target,
    ];
    expect(rebuilt).toEqual(args);
  });

  it('refuses a command without an input or an output', () => {
    expect(() => fluentParts(['-y', 'out.mp4'])).toThrow('needs an input and an output');
    expect(() => fluentParts([])).toThrow('needs an input and an output');
  });
});
