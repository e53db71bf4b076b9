import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { consoleCalls } from './support/console-calls';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

describe('high-res deletion of a selection', () => {
  const suite = browserSuite('bulk-lifecycle');

  it('schedules two processed videos from the folder list, shows it on the item page, and unschedules in bulk', async () => {
    const apiKey = await createApiKey(suite.server, 'bulk lifecycle');
    const calls = await consoleCalls(suite.server);
    const folderId = (await calls.mutate<{ id: string }>('folders.create', { name: 'Bulk lifecycle' })).id;
    const itemIds: string[] = [];
    for (const name of ['Dawn.mp4', 'Dusk.mp4']) {
      const source = readFileSync(makeVideo(suite.dir, name, 2, '320x180'));
      itemIds.push(await uploadItem(suite.server, apiKey, name, source));
    }
    await calls.mutate('items.move', { itemIds, folderId });
    for (const itemId of itemIds) await waitUntilProcessed(suite.server, apiKey, itemId);
    const scheduleOf = async (itemId: string) => {
      const response = await fetch(`${suite.server.url}/api/v1/items/${itemId}/highres-deletion`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      return ((await response.json()) as { schedule: { state: string } | null }).schedule;
    };

    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, suite.server);
    const selectBoth = async () => {
      await page.goto(`${suite.server.url}/folders?folderId=${folderId}`);
      for (const title of ['Dawn', 'Dusk']) await page.getByRole('checkbox', { name: `Select ${title}` }).check();
      await page.getByTestId('selection-count').getByText('Selected: 2').waitFor();
      await page.getByTestId('highres-selected').click();
    };

    await selectBoth();
    const modal = page.getByTestId('bulk-highres-modal');
    await modal.getByText('High resolution of 2 items').waitFor();
    await modal.getByTestId('bulk-highres-days').fill('30');
    await shot(page, 'bulk-lifecycle-01-schedule');
    await modal.getByTestId('bulk-highres-schedule').click();
    await modal.getByText('Deletion scheduled for 2 of 2 items.').waitFor();
    expect(await modal.getByTestId('bulk-highres-refused').count()).toBe(0);
    await modal.getByTestId('bulk-highres-close').click();
    for (const itemId of itemIds) expect(await scheduleOf(itemId)).toMatchObject({ state: 'scheduled' });

    // The item page shows the schedule; unscheduled there, the bulk unschedule then refuses that one with its reason.
    await page.goto(`${suite.server.url}/item-details/${itemIds[0]}`);
    const panel = page.getByTestId('highres-deletion');
    await panel
      .getByTestId('highres-deletion-status')
      .getByText(/The high resolution will be deleted on/)
      .waitFor();
    await shot(page, 'bulk-lifecycle-02-item-page');
    await panel.getByRole('button', { name: 'Unschedule' }).click();
    await panel.getByText('The deletion was unscheduled.').waitFor();

    await selectBoth();
    await modal.getByTestId('bulk-highres-unschedule').click();
    await modal.getByText('Deletion unscheduled for 1 of 2 items.').waitFor();
    const refused = modal.getByTestId('bulk-highres-refused');
    expect(await refused.count()).toBe(1);
    const [title, reason] = await refused.locator('td').allTextContents();
    expect(title).toBe('Dawn');
    expect(reason).toBe('Not found.');
    await shot(page, 'bulk-lifecycle-03-unscheduled');
    for (const itemId of itemIds) expect(await scheduleOf(itemId)).toMatchObject({ state: 'cancelled' });
    await context.close();
  });

  it('archives the items of a search result to the location chosen, refusing with a reason what is archived already', async () => {
    const apiKey = await createApiKey(suite.server, 'bulk archive');
    const itemIds: string[] = [];
    for (const name of ['Harbour north.mp4', 'Harbour south.mp4']) {
      const source = readFileSync(makeVideo(suite.dir, name, 2, '320x180'));
      itemIds.push(await uploadItem(suite.server, apiKey, name, source));
    }
    for (const itemId of itemIds) await waitUntilProcessed(suite.server, apiKey, itemId);
    const itemOf = async (itemId: string) => {
      const response = await fetch(`${suite.server.url}/api/v1/items/${itemId}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      return (await response.json()) as { isArchived: boolean; archiveFileTransfer: { state: string } | null };
    };
    const settled = async (itemId: string) => {
      for (let i = 0; i < 600; i++) {
        const item = await itemOf(itemId);
        if (item.archiveFileTransfer?.state === 'COMPLETE' || item.archiveFileTransfer?.state === 'ERROR') return item;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the transfer did not end');
    };

    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, suite.server);
    const selectResult = async () => {
      await page.goto(`${suite.server.url}/search-item?q=harbour`);
      await page.locator('[data-testid="search-total"][data-total="2"]').waitFor({ timeout: 30_000 });
      await page.getByTestId('select-all').click();
      await page.getByTestId('selection-count').getByText('Selected: 2').waitFor();
      await page.getByTestId('archive-selected').click();
    };

    // The default archive location first; the built-in cold storage is there to choose too.
    await selectResult();
    const modal = page.getByTestId('bulk-archive-modal');
    await modal.getByText('Archive of 2 items').waitFor();
    const location = modal.getByTestId('bulk-archive-location');
    expect(await location.inputValue()).toBe('Local archive');
    await shot(page, 'bulk-lifecycle-04-archive');
    await modal.getByTestId('bulk-archive-archive').click();
    await modal.getByText('Archive started for 2 of 2 items.').waitFor();
    await modal.getByTestId('bulk-archive-close').click();
    for (const itemId of itemIds) expect(await settled(itemId)).toMatchObject({ isArchived: true });

    // One comes back from its own page; archiving both again refuses the one still archived.
    await page.goto(`${suite.server.url}/item-details/${itemIds[0]}`);
    await page.getByTestId('unarchive-item').click();
    await page
      .locator('[data-testid="archive-panel"][data-state="COMPLETE"][data-archived="false"]')
      .waitFor({ timeout: 60_000 });
    await selectResult();
    await modal.getByTestId('bulk-archive-archive').click();
    await modal.getByText('Archive started for 1 of 2 items.').waitFor();
    const refused = modal.getByTestId('bulk-archive-refused');
    expect(await refused.locator('td').allTextContents()).toEqual(['Harbour south', 'The item is already archived.']);
    await shot(page, 'bulk-lifecycle-05-refused');
    await modal.getByTestId('bulk-archive-close').click();
    expect(await settled(itemIds[0]!)).toMatchObject({ isArchived: true });
    await context.close();
  });
});
