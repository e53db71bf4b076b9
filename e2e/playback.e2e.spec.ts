import { readFileSync } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { makeFrameCodedVideo, makeProRes, makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { openItemAs } from './support/item-page';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { signIn } from './support/sign-in';
import { timecodeOf, waitForPlayingPast, type TPageGlobals, type TVideo } from './support/player';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(360_000);

type TPlaybackItem = {
  transcoding: { state: string } | null;
  playback: { url: string; kind: 'original' | 'growing' | 'proxy' } | null;
};

describe('playable at once', () => {
  const suite = browserSuite('playback');

  it('plays an uploaded H.264/AAC MP4 while it is processed and moves to the proxy at the same place', async () => {
    const video = makeVideo(suite.dir, 'Kick-off.mp4', 12, '640x360');
    const apiKey = await createApiKey(suite.server, 'playback');
    const itemId = await uploadItem(suite.server, apiKey, 'Kick-off.mp4', readFileSync(video));
    const getItem = async () => {
      const response = await fetch(`${suite.server.url}/api/v1/items/${itemId}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as TPlaybackItem;
    };

    const { context, page } = await openItemAs(suite.browser, suite.server, itemId);
    const player = page.getByTestId('media-player');
    const firstKind = await player.getAttribute('data-playback');
    // Before the proxy: the original (the browser plays it) or, with a pipeline that writes HLS as it goes, that.
    expect(['original', 'growing', 'proxy']).toContain(firstKind);
    await shot(page, 'playback-01-first-source');

    await page.getByTestId('player-play').click();
    await waitForPlayingPast(page, 0.5);
    await page.getByTestId('player-play').click();
    // The original may be giving way to the growing HLS just now: the element reads 0 until the new source has
    // loaded and taken over the playhead, so read it once the element has media again.
    const pausedAt = (await (
      await page.waitForFunction(
        () => {
          const v = (globalThis as unknown as TPageGlobals).document.querySelector('[data-testid="player-video"]');
          return !!v && v.readyState >= 1 && v.currentTime > 0 ? v.currentTime : false;
        },
        undefined,
        { timeout: 60_000 },
      )
    ).jsonValue()) as number;
    expect(pausedAt).toBeGreaterThan(0.5);

    // The page polls the item: it moves to the proxy without a reload, keeping the playhead.
    // (Its HLS through hls.js: the source the player attaches once the switch has begun.)
    await page
      .locator('[data-testid="media-player"][data-playback="proxy"][data-source="hls.js"]')
      .waitFor({ timeout: 240_000 });
    if (firstKind !== 'proxy') {
      // The new source lands where the old one was paused (within the stream's start offset of a frame or two).
      await page.waitForFunction(
        (at) => {
          const v = (globalThis as unknown as TPageGlobals).document.querySelector('[data-testid="player-video"]');
          return !!v && v.readyState >= 1 && Math.abs(v.currentTime - at) < 0.5;
        },
        pausedAt,
        { timeout: 60_000 },
      );
      expect(await page.getByTestId('player-video').evaluate((v) => (v as unknown as TVideo).paused)).toBe(true);
    }
    await page.getByTestId('player-play').click();
    await waitForPlayingPast(page, pausedAt + 0.5);
    await shot(page, 'playback-02-proxy');
    await context.close();

    // The proxy plays before the last steps (filmstrip, waveform) are done; after them it is still the proxy.
    let done = await getItem();
    for (let i = 0; i < 1200 && !['COMPLETE', 'ERROR'].includes(done.transcoding?.state ?? ''); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      done = await getItem();
    }
    expect(done.transcoding?.state).toBe('COMPLETE');
    expect(done.playback?.kind).toBe('proxy');
    const range = await fetch(`${suite.server.url}${done.playback!.url}`, {
      headers: { authorization: `Bearer ${apiKey}`, range: 'bytes=0-9' },
    });
    expect(range.status).toBe(206);
  });

  it('plays a ProRes master from its growing proxy while it is still processed', async () => {
    const master = makeProRes(suite.dir, 'Studio master.mov', 30, '640x360');
    const apiKey = await createApiKey(suite.server, 'prores');
    const itemId = await uploadItem(suite.server, apiKey, 'Studio master.mov', readFileSync(master));
    const getItem = async () => {
      const response = await fetch(`${suite.server.url}/api/v1/items/${itemId}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      return (await response.json()) as TPlaybackItem;
    };
    // No browser plays ProRes: nothing plays until the HLS grows, and then it does before the transcode ends.
    let item = await getItem();
    for (let i = 0; i < 1200 && !item.playback; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      item = await getItem();
    }
    expect(item.playback?.kind).toBe('growing');
    expect(item.transcoding?.state).not.toBe('COMPLETE');

    const { context, page } = await openItemAs(suite.browser, suite.server, itemId);
    expect(['growing', 'proxy']).toContain(await page.getByTestId('media-player').getAttribute('data-playback'));
    await page.getByTestId('player-play').click();
    await waitForPlayingPast(page, 1);
    await shot(page, 'playback-03-prores-growing');
    await context.close();
  });

  it('shows the very frame it was paused on after the switch from the original to the proxy', async () => {
    const apiKey = await createApiKey(suite.server, 'frame-switch');
    const video = makeFrameCodedVideo(suite.dir, 'Frames.mp4', 8);
    const itemId = await uploadItem(suite.server, apiKey, 'Frames.mp4', readFileSync(video));
    await waitUntilProcessed(suite.server, apiKey, itemId);
    const item = (await (
      await fetch(`${suite.server.url}/api/v1/items/${itemId}`, { headers: { authorization: `Bearer ${apiKey}` } })
    ).json()) as TPlaybackItem & { urls: { original: string } };
    expect(item.playback?.kind).toBe('proxy');

    // The page is told what it would be told while the item is processed: play the original, processing goes on.
    // Let go, it learns of the proxy on its next poll, as it does when the proxy is written.
    let held = true;
    const context = await suite.browser.newContext({ locale: 'en-GB' });
    await context.route('**/trpc/**', async (route: Route) => {
      if (!held || !route.request().url().includes('items.get')) return route.fallback();
      const answer = await route.fetch();
      const body = JSON.stringify(await answer.json(), (key, value: unknown) => {
        if (key === 'playback' && value) return { url: item.urls.original, kind: 'original' };
        if (key === 'transcoding' && value) return { ...(value as object), state: 'PROGRESSING' };
        return value;
      });
      await route.fulfill({ response: answer, body });
    });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.goto(`${suite.server.url}/item-details/${itemId}`);
    const player = page.locator('[data-testid="media-player"][data-playback="original"]');
    await player.waitFor({ timeout: 60_000 });

    // Paused while playing, wherever within a frame the playhead stops.
    await page.getByTestId('player-play').click();
    await waitForPlayingPast(page, 2.3);
    await page.getByTestId('player-play').click();
    const before = await settledFrame(page);
    const beforeTimecode = await timecodeOf(page);
    expect(before).toBeGreaterThan(50);
    // Paused, the timecode names the frame on screen (the element's clock runs ahead of the picture while playing).
    expect(frameOfTimecode(beforeTimecode)).toBe(before);
    await shot(page, 'playback-04-original-paused');

    held = false;
    await page
      .locator('[data-testid="media-player"][data-playback="proxy"][data-source="hls.js"]')
      .waitFor({ timeout: 60_000 });
    const after = await settledFrame(page);
    await shot(page, 'playback-05-proxy-same-frame');
    expect({ frame: after, timecode: await timecodeOf(page) }).toEqual({ frame: before, timecode: beforeTimecode });
    expect(await page.getByTestId('player-video').evaluate((v) => (v as unknown as TVideo).paused)).toBe(true);
    await context.close();
  });
});

/** The frame a timecode of makeFrameCodedVideo names (25 frames a second from 10:00:00:00). */
function frameOfTimecode(timecode: string): number {
  const [hours, minutes, seconds, frames] = timecode.split(/[:;]/).map(Number) as [number, number, number, number];
  return ((hours - 10) * 3600 + minutes * 60 + seconds) * 25 + frames;
}

/** The frame number the player's picture shows (makeFrameCodedVideo's bars), once it has stayed the same 1 s. */
async function settledFrame(page: Page): Promise<number> {
  let last = -1;
  let since = Date.now();
  for (const until = Date.now() + 30_000; Date.now() < until; await page.waitForTimeout(100)) {
    const frame = await page.getByTestId('player-video').evaluate((element) => {
      type TContext = {
        drawImage(e: unknown, x: number, y: number): void;
        getImageData(...a: number[]): { data: number[] };
      };
      const v = element as unknown as { videoWidth: number; videoHeight: number; readyState: number; seeking: boolean };
      if (v.readyState < 2 || v.seeking || !v.videoWidth) return -1;
      const doc = (globalThis as unknown as { document: { createElement(tag: string): unknown } }).document;
      const canvas = doc.createElement('canvas') as {
        width: number;
        height: number;
        getContext(kind: string): TContext;
      };
      canvas.width = v.videoWidth;
      canvas.height = v.videoHeight;
      const context = canvas.getContext('2d');
      context.drawImage(element, 0, 0);
      let frame = 0;
      for (let bit = 0; bit < 8; bit++) {
        const x = Math.floor(((bit + 0.5) * canvas.width) / 8);
        if (context.getImageData(x, Math.floor(canvas.height / 2), 1, 1).data[0]! > 128) frame |= 1 << bit;
      }
      return frame;
    });
    if (frame !== last) {
      last = frame;
      since = Date.now();
    } else if (frame >= 0 && Date.now() - since >= 1000) return frame;
  }
  throw new Error(`the picture did not settle (last frame ${last})`);
}
