/** A running average of the transfer rate, so the shown speed does not jump with every progress event. */
export interface TSpeedMeter {
  bytes: number;
  at: number;
  /** Bytes per second. */
  speed: number;
}

/** Shorter gaps between samples are folded into the next one: browsers report progress many times a second. */
const MIN_SAMPLE_MS = 500;
/** Weight of the newest sample. */
const SMOOTHING = 0.3;

export function startSpeedMeter(bytes: number, at: number): TSpeedMeter {
  return { bytes, at, speed: 0 };
}

export function measureSpeed(meter: TSpeedMeter, bytes: number, at: number): TSpeedMeter {
  const elapsed = at - meter.at;
  if (bytes < meter.bytes) return { bytes, at, speed: meter.speed };
  if (elapsed < MIN_SAMPLE_MS) return meter;
  const sample = ((bytes - meter.bytes) * 1000) / elapsed;
  const speed = meter.speed === 0 ? sample : SMOOTHING * sample + (1 - SMOOTHING) * meter.speed;
  return { bytes, at, speed };
}

export interface TProgressLike {
  status: string;
  bytesUploaded: number;
  bytesTotal: number;
  speed: number;
}

export interface TUploadTotals {
  bytesUploaded: number;
  bytesTotal: number;
  /** 0..100 */
  percent: number;
  /** Bytes per second of the uploads under way. */
  speed: number;
  files: number;
  finished: number;
  active: number;
}

const ACTIVE = new Set(['queued', 'uploading', 'paused']);

/** The batch as one: cancelled files drop out of the totals, finished and failed ones stay in. */
export function uploadTotals(uploads: readonly TProgressLike[]): TUploadTotals {
  let bytesUploaded = 0;
  let bytesTotal = 0;
  let speed = 0;
  let finished = 0;
  let active = 0;
  let files = 0;
  for (const upload of uploads) {
    if (upload.status === 'cancelled') continue;
    files += 1;
    bytesUploaded += upload.bytesUploaded;
    bytesTotal += upload.bytesTotal;
    if (upload.status === 'uploading') speed += upload.speed;
    if (upload.status === 'done') finished += 1;
    if (ACTIVE.has(upload.status)) active += 1;
  }
  return { bytesUploaded, bytesTotal, percent: percentOf(bytesUploaded, bytesTotal), speed, files, finished, active };
}

export function percentOf(done: number, total: number): number {
  if (total <= 0) return done > 0 ? 100 : 0;
  return Math.min(100, (done / total) * 100);
}
