import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import type { Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import { timecodeOf } from './support/player';
import { uploadItem } from './support/seed-item';
import { browserSuite, shot } from './support/suite';
import { openItemAs } from './support/item-page';

jest.setTimeout(300_000);

const PASSWORD = 'first-cut-2026';

describe('shares in a browser', () => {
  const suite = browserSuite('shares');
  const { dir } = suite;

  /** A browser nobody has used: no session, no visitor cookie. */
  async function freshVisitor(link: string): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(link);
    return { page, close: () => context.close() };
  }

  async function unlock(page: Page) {
    await page.getByTestId('public-share-password').fill(PASSWORD);
    await page.getByTestId('public-share-unlock').click();
    await page.getByTestId('public-share-item').waitFor();
  }

  it('shares a video with a password and two views: an outside reviewer plays and comments, the third browser is refused, revoking closes the link', async () => {
    const apiKey = await createApiKey(suite.server, 'shares-e2e');
    const itemId = await uploadItem(
      suite.server,
      apiKey,
      'Trailer.mp4',
      readFileSync(makeVideo(dir, 'Trailer.mp4', 6, '640x360')),
    );

    // The administrator shares the processed video with a password and two views, comments allowed.
    const { context: adminContext, page: admin } = await openItemAs(suite.browser, suite.server, itemId);
    await admin.getByTestId('share-item').click();
    await admin.getByTestId('share-title').fill('Trailer for review');
    await admin.getByTestId('share-password').fill('short');
    // The password must be valid before anything is shared or sent.
    expect(await admin.getByTestId('share-create').isDisabled()).toBe(true);
    await admin.getByTestId('share-password').fill(PASSWORD);
    await admin.getByTestId('share-max-views').fill('2');
    await admin.getByTestId('share-allow-comments').check();
    await admin.getByTestId('share-create').click();
    await admin.getByTestId('share-created').waitFor();
    const shown = await admin.getByTestId('share-link').inputValue();
    // The link is built on PUBLIC_URL; the test server answers on its own address.
    const token = /\/s\/([A-Za-z0-9_-]{43})$/.exec(shown)?.[1];
    expect(token).toBeDefined();
    const link = `${suite.server.url}/s/${token}`;
    await shot(admin, 'shares-01-created');
    await admin.getByTestId('share-done').click();

    // A fresh browser opens the link, gives the password, plays the video and comments at the current timecode.
    const olga = await freshVisitor(link);
    await olga.page.getByTestId('public-share-password').waitFor();
    expect(await olga.page.getByTestId('player-video').count()).toBe(0);
    await unlock(olga.page);
    expect(await olga.page.getByTestId('public-share-title').textContent()).toBe('Trailer for review');
    await olga.page.getByTestId('media-player').waitFor();
    const start = await timecodeOf(olga.page);
    await olga.page.getByTestId('player-play').click();
    const until = Date.now() + 30_000;
    while ((await timecodeOf(olga.page)) === start) {
      if (Date.now() > until) throw new Error(`the player stayed at ${start}`);
      await olga.page.waitForTimeout(100);
    }
    await olga.page.getByTestId('player-play').click();
    const at = await timecodeOf(olga.page);
    await olga.page.getByTestId('public-share-name').fill('Olga Outside');
    await olga.page.getByTestId('public-share-comment').fill('Music is too loud here');
    await olga.page.getByTestId('public-share-comment-send').click();
    await olga.page.getByTestId('public-share-comment-sent').waitFor();
    expect(await olga.page.getByTestId('public-share-comment-sent').textContent()).toContain(at);
    await shot(olga.page, 'shares-02-reviewer');

    // The team sees it in the Comments tab, marked external.
    await admin.reload();
    await admin.getByTestId('tab-comments').click();
    const external = admin.getByTestId('comment').filter({ hasText: 'Music is too loud here' });
    await external.waitFor();
    expect(await external.getByTestId('comment-external').textContent()).toBe('External');
    expect(await external.textContent()).toContain('Olga Outside');
    await shot(admin, 'shares-03-external-comment');

    // A second fresh browser uses the second view.
    const second = await freshVisitor(link);
    await unlock(second.page);
    await second.close();

    // A third is refused: the used-up page and no media.
    const third = await freshVisitor(link);
    const closed = third.page.getByTestId('public-share-closed');
    await closed.waitFor();
    expect(await closed.getAttribute('data-state')).toBe('exhausted');
    expect(await third.page.getByTestId('player-video').count()).toBe(0);
    await shot(third.page, 'shares-04-used-up');
    await third.close();

    // Olga's own browser comes back for free.
    await olga.page.reload();
    // A busy machine may take a while to reload a page that was playing.
    await olga.page.getByTestId('public-share-item').first().waitFor({ timeout: 60_000 });

    // My shares: two views used, none left; revoking closes the link for Olga too.
    await admin.getByTestId('nav-my-shares').click();
    await admin.waitForURL(/\/share$/);
    const row = admin.getByTestId('share-row').filter({ hasText: 'Trailer for review' });
    await row.waitFor();
    expect(await row.getByTestId('share-views').textContent()).toBe('2 used, 0 left');
    expect(await row.getByTestId('share-state').textContent()).toBe('Used up');
    await row.getByTestId('share-revoke').click();
    await admin.getByTestId('confirm-button').click();
    await row.getByTestId('share-state').getByText('Revoked').waitFor();
    await shot(admin, 'shares-05-my-shares');

    await olga.page.reload();
    await olga.page.getByTestId('public-share-closed').waitFor();
    expect(await olga.page.getByTestId('public-share-closed').getAttribute('data-state')).toBe('revoked');
    expect(await olga.page.getByTestId('player-video').count()).toBe(0);
    await olga.close();
    await adminContext.close();
  });
});
