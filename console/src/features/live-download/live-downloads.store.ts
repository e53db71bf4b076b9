import { useSyncExternalStore } from 'react';
import { downloadSegments } from './segment-download';

export type TLiveDownloadStream = 'highres' | 'proxy';

/** Spec section 3, Download notification: key, message, progress, closed and complete, route, cancel and save. */
export interface TLiveDownload {
  key: string;
  itemId: string;
  title: string;
  stream: TLiveDownloadStream;
  done: number;
  total: number;
  state: 'running' | 'complete' | 'failed';
  error: string | null;
  blob: Blob | null;
}

type TEntry = TLiveDownload & { controller: AbortController };

let entries: TEntry[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function patch(key: string, change: Partial<TEntry>) {
  entries = entries.map((entry) => (entry.key === key ? { ...entry, ...change } : entry));
  emit();
}

/** Every download the tray shows, newest last. */
export function useLiveDownloads(): readonly TLiveDownload[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => entries,
  );
}

/**
 * Starts assembling a recording's segments into one file in the browser; the tray follows it. The segments are
 * those listed when it starts (a recording still running gives what it has so far).
 */
export function startLiveDownload(options: {
  itemId: string;
  title: string;
  stream: TLiveDownloadStream;
  urls: string[];
}): string {
  const key = `${options.itemId}:${options.stream}:${Date.now()}`;
  const controller = new AbortController();
  entries = [
    ...entries,
    { ...options, key, done: 0, total: options.urls.length, state: 'running', error: null, blob: null, controller },
  ];
  emit();
  downloadSegments({
    urls: options.urls,
    signal: controller.signal,
    fetchSegment: async (url, signal) => {
      const response = await fetch(url, { signal, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    },
    onProgress: (done, total) => patch(key, { done, total }),
    log: (message) => console.warn(`[live download ${options.title}] ${message}`),
  }).then(
    (blob) => patch(key, { state: 'complete', blob }),
    (error: unknown) => {
      if (controller.signal.aborted) return;
      patch(key, { state: 'failed', error: (error as Error).message });
    },
  );
  return key;
}

/** Cancel dismisses the download and cancels every request it has in flight. */
export function dismissLiveDownload(key: string): void {
  entries.find((entry) => entry.key === key)?.controller.abort(new Error('cancelled'));
  entries = entries.filter((entry) => entry.key !== key);
  emit();
}
