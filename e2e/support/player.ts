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
    if (Date.now() > until)
      throw new Error(`timecode stayed at ${timecode}${typeof expected === 'string' ? `, not ${expected}` : ''}`);
    await page.waitForTimeout(100);
  }
}

/** The player's media element as the page sees it (the e2e project has no DOM typings). */
export type TVideo = { currentTime: number; paused: boolean; readyState: number };
/** Functions passed to the page run there (the console's CSP forbids evaluating strings); its globals, typed. */
export type TPageGlobals = { document: { querySelector(selector: string): TVideo | null } };

/** Waits until the player's element has moved past a time: the media is really playing. */
export async function waitForPlayingPast(page: Page, seconds: number) {
  await page.waitForFunction(
    (past) =>
      ((globalThis as unknown as TPageGlobals).document.querySelector('[data-testid="player-video"]')?.currentTime ??
        0) > past,
    seconds,
    { timeout: 60_000 },
  );
}
