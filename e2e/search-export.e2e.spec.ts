import { readFileSync } from 'node:fs';
import { createApiKey } from './support/api-key';
import { consoleCalls } from './support/console-calls';
import { uploadItem } from './support/seed-item';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

describe('exporting a search result', () => {
  const suite = browserSuite('search-export');

  it('downloads every hit of the current search as the CSV a folder export writes, once the flag is on', async () => {
    const key = await createApiKey(suite.server, 'search export seeding');
    const calls = await consoleCalls(suite.server);
    const goal = await uploadItem(suite.server, key, 'goal.txt');
    await uploadItem(suite.server, key, 'weather.txt');
    await calls.mutate('items.update', { itemId: goal, title: 'Goal of the week' });
    const context = await suite.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.goto(`${suite.server.url}/?q=goal&typeFilter=all`);
    await page.getByTestId('item-row').or(page.getByTestId('item-tile')).first().waitFor();
    // Off by default: no export button.
    expect(await page.getByTestId('search-export').count()).toBe(0);
    await calls.mutate('featureFlags.upsert', {
      id: 'export',
      description: 'export',
      enabledForAll: true,
      tenantIds: [],
    });
    await page.reload();
    const button = page.getByTestId('search-export');
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]!.startsWith('id,title')).toBe(true);
    expect(csv).toContain(`${goal},Goal of the week`);
    expect(csv).not.toContain('weather');
    await shot(page, 'search-export');
    await context.close();
  });
});
