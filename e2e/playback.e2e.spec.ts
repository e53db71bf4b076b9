import { readFileSync } from 'node:fs';
import { makeProRes, makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { openItemAs } from './support/item-page';
import { uploadItem } from './support/seed-item';
import { waitForPlayingPast, type TPageGlobals, type TVideo } from './support/player';
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
});
