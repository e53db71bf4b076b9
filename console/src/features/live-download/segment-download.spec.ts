import {
  downloadSegments,
  EMPTY_BLOB_MESSAGE,
  SEGMENT_CONCURRENCY,
  SEGMENT_PREFETCH,
  SEGMENT_RETRY_WINDOW_MS,
} from './segment-download';

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const urls = (count: number) => Array.from({ length: count }, (_, i) => `/seg/${i}`);
const indexOf = (url: string) => Number(url.split('/').pop());

describe('downloadSegments', () => {
  it('joins the segments in order whatever order they arrive in, reporting progress', async () => {
    const progress: number[] = [];
    const blob = await downloadSegments({
      urls: urls(12),
      fetchSegment: async (url) => {
        // Later segments answer sooner.
        await new Promise((resolve) => setTimeout(resolve, 24 - 2 * indexOf(url)));
        return bytes(`${indexOf(url)},`);
      },
      onProgress: (done) => progress.push(done),
    });
    expect(await blob.text()).toBe('0,1,2,3,4,5,6,7,8,9,10,11,');
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('runs at most 5 requests at once and never more than 20 segments ahead of the first one missing', async () => {
    let running = 0;
    let most = 0;
    let furthest = 0;
    const release: Array<() => void> = [];
    let firstDone = false;
    const download = downloadSegments({
      urls: urls(60),
      fetchSegment: async (url) => {
        const index = indexOf(url);
        running += 1;
        most = Math.max(most, running);
        if (!firstDone) furthest = Math.max(furthest, index);
        // Segment 0 is slow: the others may only run ahead within the window.
        if (index === 0) await new Promise<void>((resolve) => release.push(resolve));
        else await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
        return bytes('x');
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(furthest).toBe(SEGMENT_PREFETCH - 1);
    firstDone = true;
    release[0]!();
    expect((await download).size).toBe(60);
    expect(most).toBe(SEGMENT_CONCURRENCY);
  });

  it('retries a failing segment within its window, then gives up and stops the rest', async () => {
    let clock = 0;
    const log: string[] = [];
    let attempts = 0;
    const flaky = await downloadSegments({
      urls: urls(3),
      fetchSegment: async (url) => {
        if (indexOf(url) === 1 && attempts++ < 2) throw new Error('503');
        return bytes(url);
      },
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      log: (message) => log.push(message),
    });
    expect(await flaky.text()).toBe('/seg/0/seg/1/seg/2');
    expect(log).toEqual(['Segment 2 of 3 failed 1 time(s): 503', 'Segment 2 of 3 failed 2 time(s): 503']);

    clock = 0;
    await expect(
      downloadSegments({
        urls: urls(3),
        fetchSegment: async (url) => {
          if (indexOf(url) === 2) throw new Error('gone');
          return bytes(url);
        },
        now: () => clock,
        sleep: async (ms) => {
          clock += Math.max(ms, SEGMENT_RETRY_WINDOW_MS / 4);
        },
      }),
    ).rejects.toThrow('gone');
  });

  it('cancels every request in flight', async () => {
    const controller = new AbortController();
    const aborted: number[] = [];
    const download = downloadSegments({
      urls: urls(10),
      signal: controller.signal,
      fetchSegment: (url, signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            aborted.push(indexOf(url));
            reject(new Error('aborted'));
          }),
        ),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new Error('cancelled'));
    await expect(download).rejects.toThrow('cancelled');
    expect(aborted.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it("says it couldn't generate the blob when there is nothing to join", async () => {
    const log: string[] = [];
    await expect(
      downloadSegments({ urls: [], fetchSegment: async () => bytes(''), log: (m) => log.push(m) }),
    ).rejects.toThrow(EMPTY_BLOB_MESSAGE);
    expect(log).toEqual(["Couldn't generate blob"]);
  });
});
