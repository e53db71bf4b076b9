import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import type { Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import { openItemAs } from './support/item-page';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

type TItem = {
  isArchived: boolean;
  archiveFileTransfer: { state: string } | null;
  proxy: { mp4: string | null };
  urls: { original: string | null };
};

/** Waits for the item page's archive panel to settle in the given state. */
async function settled(page: Page, archived: boolean) {
  await page
    .locator(`[data-testid="archive-panel"][data-state="COMPLETE"][data-archived="${String(archived)}"]`)
    .waitFor({ timeout: 120_000 });
}

describe('archive from the item page', () => {
  const suite = browserSuite('archive');

  it('archives a video (its proxy still plays, the high res is gone online) and unarchives it byte-identical', async () => {
    const apiKey = await createApiKey(suite.server, 'archive');
    const source = readFileSync(makeVideo(suite.dir, 'Archive me.mp4', 2, '320x180'));
    const itemId = await uploadItem(suite.server, apiKey, 'Archive me.mp4', source);
    await waitUntilProcessed(suite.server, apiKey, itemId);
    const get = async (url: string) =>
      fetch(`${suite.server.url}${url}`, { headers: { authorization: `Bearer ${apiKey}` } });
    const item = async () => (await (await get(`/api/v1/items/${itemId}`)).json()) as TItem;

    const { context, page } = await openItemAs(suite.browser, suite.server, itemId);
    // A fresh organisation has an archive and a cold storage location: Archive to… offers both, the default first.
    await page.getByTestId('archive-item').click();
    const first = page.getByRole('menuitem').first();
    expect(await first.getAttribute('data-testid')).toBe('archive-to-Local archive');
    await page.getByTestId('archive-to-Local cold storage').waitFor();
    await first.click();
    await settled(page, true);
    expect(await page.getByTestId('archive-label').textContent()).toBe('Archived item');
    await page.getByText('The high resolution is in an archive bucket').waitFor();
    await shot(page, 'archive-01-archived');

    const archived = await item();
    expect(archived).toMatchObject({ isArchived: true, archiveFileTransfer: { state: 'COMPLETE' } });
    expect(archived.urls.original).toBeNull();
    expect((await get(archived.proxy.mp4!)).status).toBe(200);
    await page.getByTestId('media-player').waitFor();

    await page.getByTestId('unarchive-item').click();
    await settled(page, false);
    const back = await item();
    expect(back.isArchived).toBe(false);
    const original = Buffer.from(await (await get(back.urls.original!)).arrayBuffer());
    expect(original.equals(source)).toBe(true);
    await context.close();
  });
});
