import type { TFfmpegBinaries } from './ffmpeg-binaries';
import type { TMediaProbe } from './media-probe.types';

/** What every rendition function takes. Files are written under `outDir`; results name them relative to it. */
export interface TMediaTaskOptions {
  input: string;
  outDir: string;
  probe: TMediaProbe;
  /** 0..100, throttled; 100 once the files are complete. */
  onProgress?: (percent: number) => void;
  /** Aborting kills the ffmpeg child and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Defaults to resolveFfmpeg(). */
  binaries?: TFfmpegBinaries;
}

/** One ffmpeg invocation exactly as it is spawned, so the benchmark can run the same thing bare. */
export interface TFfmpegCommand {
  args: string[];
  /** Seconds of output ffmpeg will write, to turn its position into a percentage; null when unknown. */
  expectedSeconds: number | null;
  /** Whether the output comes on stdout (the waveform's PCM) and must be read. */
  pipesStdout: boolean;
  /** File names that appear in ffmpeg's messages, left out of the error text shown to people. */
  paths: string[];
}
