import type { TUdpFeed } from '@mam/workers/testing/udp-feed';
import { fedSourcePage } from './support/live-source';
import type { Page } from 'playwright-core';
import type { TPageGlobals } from './support/player';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

/** Where the preview's element plays now; runs in the page, so it names nothing from this file. */
const previewTime = () =>
  (globalThis as unknown as TPageGlobals).document.querySelector('[data-testid="live-preview-video"]')?.currentTime ??
  0;

/** Waits until the preview has played past `past` seconds: the picture really moves. */
async function waitForPreviewPast(page: Page, past: number, timeout: number) {
  await page.waitForFunction(
    (after) =>
      ((globalThis as unknown as TPageGlobals).document.querySelector('[data-testid="live-preview-video"]')
        ?.currentTime ?? 0) > after,
    past,
    { timeout },
  );
}

describe('the live preview in the console', () => {
  const suite = browserSuite('live-preview');
  let feed: TUdpFeed | undefined;
  afterAll(async () => feed?.stop());

  it('plays the live picture of a source, muted, in a modal, and the recording while it records', async () => {
    const fed = await fedSourcePage(suite, 'Gallery feed');
    feed = fed.feed;
    const { context, page, row } = fed;
    await row.getByTestId('live-source-preview').click();

    const modal = page.getByTestId('live-preview');
    await modal.getByTestId('live-preview-live').getByText('Live').waitFor();
    expect(await modal.getByTestId('live-preview-name').textContent()).toBe('Gallery feed');
    const video = modal.getByTestId('live-preview-video');
    expect(await video.evaluate((element) => (element as unknown as { muted: boolean }).muted)).toBe(true);

    // It plays by itself and keeps advancing: a live picture, not one frame.
    await waitForPreviewPast(page, 1, 60_000);
    await waitForPreviewPast(page, (await page.evaluate(previewTime)) + 2, 30_000);
    await shot(page, 'live-preview-00-playing');

    // Heartbeats keep it running past the server's idle time while the modal stays open.
    await page.waitForTimeout(25_000);
    await waitForPreviewPast(page, (await page.evaluate(previewTime)) + 1, 30_000);

    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // While the source records, the preview plays the recording as it grows.
    await row.getByTestId('live-source-record').click();
    await page
      .locator('[data-testid="live-source-row-Gallery feed"][data-state="recording"]')
      .waitFor({ timeout: 30_000 });
    await row.getByTestId('live-source-preview').click();
    await modal.getByTestId('live-preview-recording').waitFor({ timeout: 60_000 });
    await waitForPreviewPast(page, 1, 60_000);
    await waitForPreviewPast(page, (await page.evaluate(previewTime)) + 2, 30_000);
    await shot(page, 'live-preview-01-recording');
    await page.keyboard.press('Escape');
    await row.getByTestId('live-source-stop').click();
    await row.getByTestId('live-source-record').waitFor({ timeout: 60_000 });
    await context.close();
  });
});
