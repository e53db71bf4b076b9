import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freeUdpPort, startUdpFeed, type TUdpFeed } from '@mam/workers/testing/udp-feed';
import type { Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import { openItemAs } from './support/item-page';
import { waitForPlayingPast } from './support/player';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

type TLiveItem = {
  itemType: string;
  playback: { kind: string } | null;
  transcoding: { state: string } | null;
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
    const key = await createApiKey(suite.server, 'live');
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${suite.server.url}/api/v1${url}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const port = await freeUdpPort();
    feed = startUdpFeed(port);
    const source = await call('POST', '/live-sources', {
      name: 'Newsroom feed',
      type: 'udp',
      location: `udp://127.0.0.1:${port}`,
    });
    expect(source.status).toBe(201);
    const started = await call('POST', `/live-sources/${String(source.body.id)}/crash-recording`);
    expect(started.status).toBe(201);
    const itemId = String(started.body.itemId);

    for (let i = 0; ; i++) {
      const item = (await call('GET', `/items/${itemId}`)).body as unknown as TLiveItem;
      if (item.playback?.kind === 'growing') break;
      if (i > 300) throw new Error(`the recording did not play:\n${suite.server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { context, page } = await openItemAs(suite.browser, suite.server, itemId);
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

    expect((await call('DELETE', `/live-sources/${String(source.body.id)}/crash-recording`)).status).toBe(200);
    for (let i = 0; ; i++) {
      const item = (await call('GET', `/items/${itemId}`)).body as unknown as TLiveItem;
      if (item.itemType === 'video' && item.transcoding?.state === 'COMPLETE') break;
      if (i > 600) throw new Error('the recording was not processed');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await page.reload();
    await page.getByTestId('item-type').getByText('Video').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
