import type ffmpeg from 'fluent-ffmpeg';
import { fluentParts, fromFluentProbe } from './fluent-ffmpeg-run';

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

describe('fromFluentProbe', () => {
  it("turns fluent-ffmpeg's reading of ffprobe's default output into the JSON shape", () => {
    const data = {
      streams: [
        {
          index: 0,
          codec_type: 'video',
          codec_name: 'h264',
          profile: 'High',
          width: 1920,
          height: 1080,
          r_frame_rate: '50/1',
          avg_frame_rate: '50/1',
          duration: 60,
          nb_frames: 3000,
          bit_rate: 'N/A',
          rotation: '-90',
          disposition: { attached_pic: 0 },
          tags: { timecode: '10:00:00:00' },
        },
        { index: 1, codec_type: 'audio', codec_name: 'aac', channels: 2, sample_rate: 48000, channel_layout: 'stereo' },
      ],
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: 60.02, bit_rate: 8000000, probe_score: 100 },
      chapters: [],
    } as unknown as ffmpeg.FfprobeData;
    const output = fromFluentProbe(data);
    expect(output.streams![0]).toMatchObject({
      codec_type: 'video',
      width: 1920,
      r_frame_rate: '50/1',
      duration: '60',
      nb_frames: '3000',
      bit_rate: undefined,
      side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }],
      disposition: { attached_pic: 0 },
      tags: { timecode: '10:00:00:00' },
    });
    expect(output.streams![1]).toMatchObject({ channels: 2, sample_rate: '48000', side_data_list: undefined });
    expect(output.format).toEqual({
      format_name: 'mov,mp4,m4a,3gp,3g2,mj2',
      duration: '60.02',
      bit_rate: '8000000',
      probe_score: 100,
      tags: undefined,
    });
  });
});
