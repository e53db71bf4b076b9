import type { Page } from 'playwright-core';

export const timecodeOf = async (page: Page) => (await page.getByTestId('player-timecode').textContent())?.trim() ?? '';

/** Waits until the player's timecode is the expected one (or passes the test); resolves with it. */
export async function waitForTimecode(
  page: Page,
  expected: string | ((timecode: string) => boolean),
  timeoutMs = 30_000,
): Promise<string> {
  const accept = typeof expected === 'string' ? (timecode: string) => timecode === expected : expected;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const timecode = await timecodeOf(page);
    if (accept(timecode)) return timecode;
    if (Date.now() > until) throw new Error(`timecode stayed at ${timecode}`);
    await page.waitForTimeout(100);
  }
}
