import { MediaError } from './media-error';
import { cleanLogLine, ffmpegFailure, summariseLog, type ProcessExit } from './run-process';

const exit = (log: string[], code: number | null = 1, signal: NodeJS.Signals | null = null): ProcessExit => ({
  code,
  signal,
  stdout: '',
  log,
});

describe('ffmpeg log lines', () => {
  it('drops the component tag and the file name', () => {
    expect(cleanLogLine('[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55d1a890dd00] moov atom not found')).toBe('moov atom not found');
    expect(cleanLogLine('file:/tmp/a b.mp4: Invalid data found when processing input', ['file:/tmp/a b.mp4'])).toBe(
      'Invalid data found when processing input',
    );
    expect(cleanLogLine('[h264 @ 0x1] [NULL @ 0x2] Invalid NAL unit size (57544 > 40830).')).toBe(
      'Invalid NAL unit size (57544 > 40830).',
    );
  });

  it('summarises the first distinct lines without the generic trailer', () => {
    const log = [
      '[h264 @ 0x1] Invalid NAL unit size (1 > 0).',
      '[h264 @ 0x2] Invalid NAL unit size (1 > 0).',
      'Error while decoding stream #0:0: Invalid data found when processing input',
      'Conversion failed!',
    ];
    expect(summariseLog(log)).toBe(
      'Invalid NAL unit size (1 > 0).; Error while decoding stream #0:0: Invalid data found when processing input',
    );
    expect(summariseLog(['x'.repeat(400)])).toHaveLength(300);
  });
});

describe('ffmpegFailure', () => {
  it('blames the media for decoding errors', () => {
    const error = ffmpegFailure(exit(['[mjpeg @ 0x1] No JPEG data found in image', 'Conversion failed!']), []);
    expect(error).toBeInstanceOf(MediaError);
    expect(error.message).toBe('The media could not be transcoded: No JPEG data found in image');
  });

  it('blames the machine for a full disk or a kill, so the activity is retried', () => {
    const full = ffmpegFailure(exit(['av_interleaved_write_frame(): No space left on device']), []);
    expect(full).not.toBeInstanceOf(MediaError);
    expect(full.message).toContain('No space left on device');
    const killed = ffmpegFailure(exit([], null, 'SIGKILL'), []);
    expect(killed).not.toBeInstanceOf(MediaError);
    expect(killed.message).toBe('ffmpeg was stopped by SIGKILL');
    // ffmpeg catches SIGTERM (a process group terminated), stops and exits with 255, logging nothing at -v error.
    const terminated = ffmpegFailure(exit([], 255), []);
    expect(terminated).not.toBeInstanceOf(MediaError);
    expect(terminated.message).toBe('ffmpeg was interrupted by a signal');
  });

  it('says something when ffmpeg said nothing', () => {
    expect(ffmpegFailure(exit([], 187), []).message).toBe(
      'The media could not be transcoded: ffmpeg exited with code 187',
    );
  });
});
