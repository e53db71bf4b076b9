import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { h264Units } from '@mam/workers/testing/stream-units';
import type { TUdpFeed } from '@mam/workers/testing/udp-feed';
import type { Page } from 'playwright-core';
import { fedSourcePage } from './support/live-source';
import { waitForPlayingPast } from './support/player';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

type TLiveItem = {
  itemType: string;
  playback: { kind: string } | null;
  transcoding: { state: string } | null;
  urls: { original: string | null };
};

/** Assembles one stream of the recording from its segments in the browser and saves it; the saved file's bytes. */
async function downloadFromSegments(page: Page, stream: 'highres' | 'proxy', dir: string): Promise<Buffer> {
  await page.getByTestId('live-download-menu').click();
  await page.getByTestId(`live-download-${stream}`).click();
  const notice = page.getByTestId('live-download').last();
  await notice.getByText('Ready to save').waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    notice.getByTestId('live-download-save').click(),
  ]);
  const file = path.join(dir, `${stream}.ts`);
  await download.saveAs(file);
  return readFileSync(file);
}

describe('a crash recording in the console', () => {
  const suite = browserSuite('live-recording');
  let feed: TUdpFeed | undefined;
  afterAll(async () => feed?.stop());

  it('plays while it records and downloads high res and proxy assembled from its segments', async () => {
    // Record from the live sources page once the feed shows as ready, and open the recording.
    const fed = await fedSourcePage(suite, 'Newsroom feed');
    feed = fed.feed;
    const { call, key, context, page, row } = fed;
    await row.getByTestId('live-source-record').click();
    await page
      .locator('[data-testid="live-source-row-Newsroom feed"][data-state="recording"]')
      .waitFor({ timeout: 30_000 });
    await shot(page, 'live-recording-00-sources');
    await row.getByTestId('live-source-recording').click();
    await page.getByTestId('media-player').waitFor({ timeout: 60_000 });
    const itemId = page.url().split('/').pop()!;
    await page.getByTestId('item-details-state').getByText('Recording').waitFor();
    await page.getByTestId('item-type').getByText('Live recording').waitFor();
    // The growing proxy plays: the video element advances.
    expect(await page.getByTestId('media-player').getAttribute('data-playback')).toBe('growing');
    await page.getByTestId('player-play').click();
    await waitForPlayingPast(page, 1);
    await shot(page, 'live-recording-01-playing');

    const highRes = await downloadFromSegments(page, 'highres', suite.dir);
    expect(highRes.length).toBeGreaterThan(10_000);
    expect(highRes[0]).toBe(0x47);
    const proxy = await downloadFromSegments(page, 'proxy', suite.dir);
    expect(proxy[0]).toBe(0x47);
    await shot(page, 'live-recording-02-downloaded');

    // Stop from the sources page: the row is ready to record again once the segments are joined.
    await page.goto(`${suite.server.url}/dvr-settings`);
    await row.getByTestId('live-source-stop').click();
    await row.getByTestId('live-source-record').waitFor({ timeout: 60_000 });
    let video: TLiveItem;
    for (let i = 0; ; i++) {
      video = (await call('GET', `/items/${itemId}`)).body as unknown as TLiveItem;
      if (video.itemType === 'video' && video.transcoding?.state === 'COMPLETE') break;
      if (i > 600) throw new Error('the recording was not processed');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The download assembled while it recorded is the start of the item's high res, picture for picture: the same
    // H.264 units, so neither was encoded again.
    const original = await fetch(`${suite.server.url}${video.urls.original!}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(original.status).toBe(200);
    const originalFile = path.join(suite.dir, 'original.mp4');
    writeFileSync(originalFile, Buffer.from(await original.arrayBuffer()));
    const downloaded = await h264Units(['-i', path.join(suite.dir, 'highres.ts')]);
    expect(downloaded.length).toBeGreaterThan(50);
    expect((await h264Units(['-i', originalFile])).slice(0, downloaded.length)).toEqual(downloaded);
    await page.goto(`${suite.server.url}/item-details/${itemId}`);
    await page.getByTestId('item-type').getByText('Video').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
