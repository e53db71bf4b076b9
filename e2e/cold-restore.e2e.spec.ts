import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { openItemAs } from './support/item-page';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

type TItem = {
  isArchived: boolean;
  archiveFileTransfer: { state: string; direction: string; coldStorage: boolean } | null;
  urls: { original: string | null };
};

describe('restore from cold storage on the item page', () => {
  const suite = browserSuite('cold-restore');

  it('archives a video to a cold location chosen on the item page and restores it, sped up from standard to express', async () => {
    const apiKey = await createApiKey(suite.server, 'cold-restore');
    const call = async (method: string, url: string, body?: unknown) =>
      fetch(`${suite.server.url}${url}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const created = await call('POST', '/api/v1/storages', {
      name: 'Cold vault',
      kind: 'local',
      types: ['cold'],
      pathPrefix: 'cold-vault',
      restoreExpressSeconds: 3600,
    });
    expect(created.status).toBe(201);
    const source = readFileSync(makeVideo(suite.dir, 'Cold one.mp4', 2, '320x180'));
    const itemId = await uploadItem(suite.server, apiKey, 'Cold one.mp4', source);
    await waitUntilProcessed(suite.server, apiKey, itemId);
    const item = async () => (await (await call('GET', `/api/v1/items/${itemId}`)).json()) as TItem;
    const { context, page } = await openItemAs(suite.browser, suite.server, itemId);
    // The administrator makes the vault's express restore take seconds instead of an hour, in the storage form.
    await page.goto(`${suite.server.url}/settings/storage`);
    const row = page.getByTestId('storage-row-Cold vault');
    expect(await row.getByTestId('storage-cold-summary').textContent()).toMatch(
      /^Restore: standard 3\shrs, express 1\shr$/,
    );
    await row.getByTestId('storage-edit').click();
    await page.getByTestId('storage-cold-express').fill('3');
    await page.getByTestId('storage-submit').click();
    await row
      .getByTestId('storage-cold-summary')
      .getByText(/^Restore: standard 3\shrs, express 3\ssecs$/)
      .waitFor();
    await shot(page, 'cold-restore-00-vault');
    // Archive to… offers every archive and cold location: the vault it is.
    await page.goto(`${suite.server.url}/item-details/${itemId}`);
    await page.getByTestId('archive-item').click();
    await page.getByTestId('archive-to-Cold vault').click();
    await page
      .locator('[data-testid="archive-panel"][data-state="COMPLETE"][data-archived="true"]')
      .waitFor({ timeout: 120_000 });
    expect(await item()).toMatchObject({ isArchived: true, archiveFileTransfer: { coldStorage: true } });
    await page.getByText('The high resolution is in cold storage; restore it to use it').waitFor();
    expect(await page.getByTestId('unarchive-item').count()).toBe(0);
    // Standard first: hours. Then sped up to express while it waits: seconds.
    await page.getByTestId('restore-item').click();
    await page.getByTestId('restore-standard').click();
    const state = page.getByTestId('restore-state');
    await state.getByText(/^Standard restore requested\. The media is expected back by .+\.$/).waitFor();
    expect(await page.getByTestId('archive-label').textContent()).toBe('Transfer pending');
    await shot(page, 'cold-restore-01-pending-standard');
    await page.getByTestId('restore-speed-up').click();
    await state.getByText(/^Express restore requested\. The media is expected back by .+\.$/).waitFor();
    expect(await page.getByTestId('restore-speed-up').count()).toBe(0);
    await shot(page, 'cold-restore-02-pending-express');

    await page
      .locator('[data-testid="archive-panel"][data-state="COMPLETE"][data-archived="false"]')
      .waitFor({ timeout: 120_000 });
    const back = await item();
    expect(back).toMatchObject({ isArchived: false, archiveFileTransfer: { direction: 'unarchive' } });
    const original = Buffer.from(await (await call('GET', back.urls.original!)).arrayBuffer());
    expect(original.equals(source)).toBe(true);
    await context.close();
  });
});
