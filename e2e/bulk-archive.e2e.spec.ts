import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { consoleCalls } from './support/console-calls';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

describe('archive of a selection', () => {
  const suite = browserSuite('bulk-archive');

  it('archives two videos from the folder list, then says per item why they cannot be archived or restored', async () => {
    const apiKey = await createApiKey(suite.server, 'bulk archive');
    const calls = await consoleCalls(suite.server);
    const folderId = (await calls.mutate<{ id: string }>('folders.create', { name: 'Bulk archive' })).id;
    const itemIds: string[] = [];
    for (const name of ['Morning.mp4', 'Evening.mp4']) {
      const source = readFileSync(makeVideo(suite.dir, name, 1, '320x180'));
      itemIds.push(await uploadItem(suite.server, apiKey, name, source));
    }
    await calls.mutate('items.move', { itemIds, folderId });
    for (const itemId of itemIds) await waitUntilProcessed(suite.server, apiKey, itemId);
    const archived = async (itemId: string) => {
      const response = await fetch(`${suite.server.url}/api/v1/items/${itemId}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      return ((await response.json()) as { isArchived: boolean }).isArchived;
    };

    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, suite.server);
    const modal = page.getByTestId('bulk-archive-modal');
    const selectBoth = async () => {
      await page.goto(`${suite.server.url}/folders?folderId=${folderId}`);
      for (const title of ['Morning', 'Evening']) await page.getByRole('checkbox', { name: `Select ${title}` }).check();
      await page.getByTestId('selection-count').getByText('Selected: 2').waitFor();
      await page.getByTestId('archive-selected').click();
      await modal.getByText('Archive of 2 items').waitFor();
    };

    await selectBoth();
    await modal.getByTestId('bulk-archive-archive').click();
    await modal.getByText('Archive started for 2 of 2 items.').waitFor();
    expect(await modal.getByTestId('bulk-archive-refused').count()).toBe(0);
    await shot(page, 'bulk-archive-01-started');
    await modal.getByTestId('bulk-archive-close').click();
    const until = Date.now() + 120_000;
    for (const itemId of itemIds) {
      while (!(await archived(itemId))) {
        if (Date.now() > until) throw new Error(`${itemId} not archived`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }

    await selectBoth();
    await modal.getByTestId('bulk-archive-archive').click();
    await modal.getByText('Archive started for 0 of 2 items.').waitFor();
    const refused = modal.getByTestId('bulk-archive-refused');
    expect(await refused.count()).toBe(2);
    expect(await refused.first().locator('td').nth(1).textContent()).toBe('The item is already archived.');
    await modal.getByTestId('bulk-archive-close').click();

    // Archived to an archive location, not a cold one: a restore from cold storage is refused item by item.
    await selectBoth();
    await modal.getByTestId('bulk-archive-restore').click();
    await modal.getByText('Restore requested for 0 of 2 items.').waitFor();
    const [title, reason] = await refused.first().locator('td').allTextContents();
    expect(['Morning', 'Evening']).toContain(title);
    expect(reason).toBe('The item is not archived in cold storage.');
    await shot(page, 'bulk-archive-02-refused');
    await context.close();
  });
});
