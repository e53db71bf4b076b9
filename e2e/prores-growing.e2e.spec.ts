import { makeProRes } from '@mam/api/testing/media-fixtures';
import type { Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(420_000);

type TPlaybackItem = {
  transcoding: { state: string } | null;
  playback: { kind: 'original' | 'growing' | 'proxy' } | null;
};
/** The player's media element as the page sees it (the e2e project has no DOM typings). */
type TVideo = { currentTime: number; readyState: number };
/** Functions passed to the page run there (the console's CSP forbids evaluating strings); its globals, typed. */
type TPageGlobals = { document: { querySelector(selector: string): TVideo | null } };

/** The element's playhead once it has media: 0 while a new source is still loading. */
async function currentTime(page: Page): Promise<number> {
  return page.evaluate(() => {
    const v = (globalThis as unknown as TPageGlobals).document.querySelector('[data-testid="player-video"]');
    return v && v.readyState >= 1 ? v.currentTime : 0;
  });
}

async function waitForPlayingPast(page: Page, seconds: number) {
  await page.waitForFunction(
    (past) =>
      ((globalThis as unknown as TPageGlobals).document.querySelector('[data-testid="player-video"]')?.currentTime ??
        0) > past,
    seconds,
    { timeout: 60_000 },
  );
}

describe('a ProRes master plays while it is processed', () => {
  const suite = browserSuite('prores-growing');

  it('uploads a ProRes MOV in the browser and plays it from the growing proxy, then from the finished proxy', async () => {
    const master = makeProRes(suite.dir, 'Studio master.mov', 4, '640x360');
    const apiKey = await createApiKey(suite.server, 'prores-growing');
    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.goto(`${suite.server.url}/folders`);
    await page.waitForURL(/\/folders\?folderId=[0-9a-f-]{36}/);
    await page.getByTestId('upload-file-input').setInputFiles(master);
    const tile = page.getByTestId('item-tile').filter({ hasText: 'Studio master' });
    await tile.waitFor({ timeout: 60_000 });
    await tile.click();
    await page.waitForURL(/\/item-details\/[0-9a-f-]{36}/);
    const itemId = /\/item-details\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const getItem = async () => {
      const response = await fetch(`${suite.server.url}/api/v1/items/${itemId}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as TPlaybackItem;
    };

    // No browser plays ProRes: the first thing the player gets is the HLS proxy as it is being written.
    const player = page.getByTestId('media-player');
    await page.locator('[data-testid="media-player"][data-playback="growing"]').waitFor({ timeout: 180_000 });
    await page.getByTestId('player-play').click();
    await waitForPlayingPast(page, 0.5);
    await page.getByTestId('player-play').click();
    // It played before the item was done: the finished proxy and the rest were still being made.
    const whilePlaying = await getItem();
    expect(whilePlaying.transcoding?.state).not.toBe('COMPLETE');
    await shot(page, 'prores-01-growing');

    // The page moves to the finished proxy without a reload, and the playhead goes on moving there.
    await page.locator('[data-testid="media-player"][data-playback="proxy"]').waitFor({ timeout: 240_000 });
    expect(await player.getAttribute('data-playback')).toBe('proxy');
    const pausedAt = await currentTime(page);
    await page.getByTestId('player-play').click();
    await waitForPlayingPast(page, pausedAt + 0.3);
    await shot(page, 'prores-02-proxy');
    await context.close();

    let done = await getItem();
    for (let i = 0; i < 1200 && !['COMPLETE', 'ERROR'].includes(done.transcoding?.state ?? ''); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      done = await getItem();
    }
    expect(done.transcoding?.state).toBe('COMPLETE');
    expect(done.playback?.kind).toBe('proxy');
  });
});
