import type { Locator, Page } from 'playwright-core';
import { waitForTimecode, type TPageGlobals } from './player';

/** Presses a key `times` times, letting the player land each frame step before the next. */
export async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Opens an item of the cutter's library in its source player, once the media can be stepped frame by frame. */
export async function loadSource(page: Page, title: string) {
  await page.getByTestId('item-tile').filter({ hasText: title }).click();
  const source = page.getByTestId('cutter-source');
  await source.getByTestId('player-video').waitFor();
  // Frame steps before the media has loaded would be lost.
  await page.waitForFunction(
    () =>
      ((globalThis as unknown as TPageGlobals).document.querySelector('[data-testid="cutter-source"] video')
        ?.readyState ?? 0) >= 2,
    undefined,
    { timeout: 60_000 },
  );
  await waitForTimecode(page, '10:00:00:00');
  expect(await source.textContent()).toContain(title);
}

/** Marks frames `inFrame` to `outFrame` (both shown, as the player counts them) with I, O and the frame keys, then S. */
export async function cutRange(page: Page, inFrame: number, outFrame: number) {
  await press(page, '.', inFrame);
  await waitForTimecode(page, `10:00:00:${String(inFrame).padStart(2, '0')}`);
  await press(page, 'i');
  await press(page, 'ArrowRight', outFrame - inFrame);
  await waitForTimecode(page, `10:00:00:${String(outFrame).padStart(2, '0')}`);
  await press(page, 'o');
  await press(page, 's');
}

/** Waits for the locator to match exactly `count` elements. */
export async function expectCount(locator: Locator, count: number) {
  const until = Date.now() + 10_000;
  while ((await locator.count()) !== count) {
    if (Date.now() > until) expect(await locator.count()).toBe(count);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
