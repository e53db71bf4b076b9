/** Spec section 9: a buffer of 20 prefetched segments, 5 fetched at once. */
export const SEGMENT_PREFETCH = 20;
export const SEGMENT_CONCURRENCY = 5;
/** Spec section 7: 3 minutes per attempt, retried within a 10-minute window. */
export const SEGMENT_ATTEMPT_TIMEOUT_MS = 3 * 60_000;
export const SEGMENT_RETRY_WINDOW_MS = 10 * 60_000;
const RETRY_PAUSE_MS = [1000, 2000, 5000, 10_000, 30_000];

export const EMPTY_BLOB_MESSAGE = "Couldn't generate blob";

export interface TSegmentDownloadOptions {
  urls: readonly string[];
  /** One attempt at one segment; aborted by `signal` (cancel, or the attempt's timeout). */
  fetchSegment(url: string, signal: AbortSignal): Promise<ArrayBuffer>;
  onProgress?(done: number, total: number): void;
  /** Cancel: every request in flight is aborted and the download rejects. */
  signal?: AbortSignal;
  log?(message: string): void;
  now?(): number;
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  attemptTimeoutMs?: number;
  retryWindowMs?: number;
  type?: string;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Fetches a recording's segments and joins them, in order, into one Blob (MPEG-TS segments join by concatenation).
 * At most `SEGMENT_CONCURRENCY` requests run at once and none more than `SEGMENT_PREFETCH` segments ahead of the
 * first one still missing; a failed segment is tried again until its retry window has passed since its first
 * failure.
 */
export async function downloadSegments(options: TSegmentDownloadOptions): Promise<Blob> {
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? abortableSleep;
  const timeoutMs = options.attemptTimeoutMs ?? SEGMENT_ATTEMPT_TIMEOUT_MS;
  const windowMs = options.retryWindowMs ?? SEGMENT_RETRY_WINDOW_MS;
  const total = options.urls.length;
  const parts: Array<ArrayBuffer | undefined> = new Array(total);
  let done = 0;
  let firstMissing = 0;
  let next = 0;
  // Cancel, or a segment that failed for good: every request in flight stops.
  const all = new AbortController();
  const cancel = () => all.abort(options.signal?.reason);
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  const signal = all.signal;

  async function fetchWithRetries(index: number): Promise<ArrayBuffer> {
    let failures = 0;
    let firstFailureAt = 0;
    for (;;) {
      signal.throwIfAborted();
      const attempt = new AbortController();
      const stop = () => attempt.abort(signal.reason);
      signal.addEventListener('abort', stop, { once: true });
      const timer = setTimeout(() => attempt.abort(new Error('timed out')), timeoutMs);
      try {
        return await options.fetchSegment(options.urls[index]!, attempt.signal);
      } catch (error) {
        signal.throwIfAborted();
        failures += 1;
        if (failures === 1) firstFailureAt = now();
        options.log?.(`Segment ${index + 1} of ${total} failed ${failures} time(s): ${(error as Error).message}`);
        if (now() - firstFailureAt >= windowMs) throw error;
        await sleep(RETRY_PAUSE_MS[Math.min(failures - 1, RETRY_PAUSE_MS.length - 1)]!, signal);
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
      }
    }
  }

  // Each worker takes the next segment inside the prefetch window; one that finds the window full waits for the
  // segment at its start to arrive.
  const waiting: Array<() => void> = [];
  const wake = () => waiting.splice(0).forEach((resolve) => resolve());
  async function worker(): Promise<void> {
    while (next < total && !signal.aborted) {
      if (next >= firstMissing + SEGMENT_PREFETCH) {
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      const index = next++;
      try {
        parts[index] = await fetchWithRetries(index);
      } catch (error) {
        all.abort(error);
        throw error;
      }
      done += 1;
      while (firstMissing < total && parts[firstMissing] !== undefined) firstMissing += 1;
      options.onProgress?.(done, total);
      wake();
    }
  }

  const workers = Array.from({ length: Math.min(SEGMENT_CONCURRENCY, Math.max(total, 1)) }, worker);
  try {
    await Promise.all(workers);
  } finally {
    wake();
    options.signal?.removeEventListener('abort', cancel);
  }
  const blob = new Blob(
    parts.filter((part): part is ArrayBuffer => part !== undefined),
    {
      type: options.type ?? 'video/mp2t',
    },
  );
  if (blob.size === 0) {
    options.log?.(EMPTY_BLOB_MESSAGE);
    throw new Error(EMPTY_BLOB_MESSAGE);
  }
  return blob;
}
