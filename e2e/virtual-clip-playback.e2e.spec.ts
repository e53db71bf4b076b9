import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import type { Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import { openItemAs } from './support/item-page';
import { timecodeOf, waitForTimecode, type TPageGlobals } from './support/player';
import { restCaller } from './support/rest-caller';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

const elementTime = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as TPageGlobals).document.querySelector('[data-testid="player-video"]')?.currentTime ?? -1,
  );

const isPaused = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as TPageGlobals).document.querySelector('[data-testid="player-video"]')?.paused ?? false,
  );

/**
 * A 10 s source at 25 fps from 10:00:00:00, clipped to 2 s–5 s: the player opens at the clip's in point with its
 * source's timecode, spans 3 s, plays to the out point and stops there, and plays again from the in point.
 */
async function checkPlaysAsRange(page: Page, name: string) {
  const player = page.getByTestId('media-player');
  await player.waitFor({ timeout: 120_000 });
  expect([await player.getAttribute('data-range-start'), await player.getAttribute('data-range-end')]).toEqual([
    '2',
    '5',
  ]);
  await waitForTimecode(page, '10:00:02:00');
  expect((await page.getByTestId('player-duration').textContent())?.trim()).toBe('00:00:03:00');
  const opened = await elementTime(page);

  await page.getByTestId('player-play').click();
  await waitForTimecode(page, (tc) => tc > '10:00:03:00');
  // Playback goes on to the out point and stops there by itself, on the clip's last frame.
  await page.getByTestId('player-speed').and(page.locator('[data-speed="0"]')).waitFor({ timeout: 30_000 });
  expect(await isPaused(page)).toBe(true);
  const stoppedAt = await timecodeOf(page);
  expect(stoppedAt).toBe('10:00:04:24');
  const stopped = await elementTime(page);
  // The element moved by about the clip's length, whatever offset its stream starts at (known a moment after the
  // picture shows, hence the slack); the frame itself is checked by its timecode above.
  expect(stopped - opened).toBeGreaterThan(2.8);
  expect(stopped - opened).toBeLessThan(3.2);
  await page.waitForTimeout(500);
  expect(await timecodeOf(page)).toBe('10:00:04:24');
  await shot(page, `${name}-stopped`);

  // Stepping cannot leave the range; replay starts at the in point again.
  await page.getByTestId('player-next-frame').click();
  expect(await waitForTimecode(page, '10:00:04:24')).toBe('10:00:04:24');
  await page.getByTestId('player-play').click();
  await waitForTimecode(page, (tc) => tc >= '10:00:02:00' && tc < '10:00:03:00', 10_000);
  await page.getByTestId('player-play').click();
}

describe('virtual clip playback', () => {
  const suite = browserSuite('virtual-clip-playback');

  it('plays only its range on the item page and on its public share page', async () => {
    const apiKey = await createApiKey(suite.server, 'virtual-clip-playback-e2e');
    const rest = restCaller(() => suite.server, apiKey);
    const sourceId = await uploadItem(
      suite.server,
      apiKey,
      'Interview.mp4',
      readFileSync(makeVideo(suite.dir, 'Interview.mp4', 10, '640x360', 25)),
    );
    await waitUntilProcessed(suite.server, apiKey, sourceId);
    const created = await rest('POST', `/items/${sourceId}/virtual-clips`, {
      title: 'Interview answer',
      inFrame: 50,
      outFrame: 125,
    });
    expect(created.status).toBe(201);
    const clipId = created.body.id as string;

    const { context, page } = await openItemAs(suite.browser, suite.server, clipId);
    await checkPlaysAsRange(page, 'virtual-clip-item');

    await page.getByTestId('share-item').click();
    await page.getByTestId('share-title').fill('Interview answer for review');
    await page.getByTestId('share-create').click();
    await page.getByTestId('share-created').waitFor();
    const token = /\/s\/([A-Za-z0-9_-]{43})$/.exec(await page.getByTestId('share-link').inputValue())?.[1];
    expect(token).toBeDefined();
    await page.getByTestId('share-done').click();
    await context.close();

    const visitor = await suite.browser.newContext({ locale: 'en-GB' });
    const shared = await visitor.newPage();
    await shared.goto(`${suite.server.url}/s/${token}`);
    await shared.getByTestId('public-share-item').waitFor();
    await checkPlaysAsRange(shared, 'virtual-clip-share');
    await visitor.close();
  });
});
