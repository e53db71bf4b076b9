import type { Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import { consoleCalls, type TConsoleCalls } from './support/console-calls';
import { uploadItem } from './support/seed-item';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(600_000);

// This file compiles without the DOM library: the page globals the in-page code uses.
declare const document: { documentElement: { lang: string } };
declare const localStorage: { setItem(key: string, value: string): void };

const longTitle =
  'Evening news opener with the harbour at dusk, the ferry leaving the quay and the weather map for the whole coast';

/** Each column's width in px, by its data-column, as the list draws it. */
const columnWidths = (page: Page) =>
  page
    .getByTestId('item-list')
    .locator('th[data-column]')
    .evaluateAll((cells) =>
      Object.fromEntries(cells.map((th) => [th.getAttribute('data-column'), th.getBoundingClientRect().width])),
    );

/** [scrollWidth, clientWidth] of the page and of the list's scroll container: equal when nothing scrolls sideways. */
const sideways = (page: Page) =>
  Promise.all([
    page.locator('html').evaluate((html) => [html.scrollWidth, html.clientWidth]),
    page.getByTestId('item-list').evaluate((table) => {
      const scroller = table.closest('.mantine-Table-scrollContainer') ?? table.parentElement!;
      return [scroller.scrollWidth, scroller.clientWidth];
    }),
  ]);

describe('the folder item list', () => {
  const suite = browserSuite('folder-list');
  let calls: TConsoleCalls;
  const folders: Record<'short' | 'long', string> = { short: '', long: '' };

  beforeAll(async () => {
    const key = await createApiKey(suite.server, 'folder list seeding');
    calls = await consoleCalls(suite.server);
    folders.short = (await calls.mutate<{ id: string }>('folders.create', { name: 'Short titles' })).id;
    folders.long = (await calls.mutate<{ id: string }>('folders.create', { name: 'Long titles' })).id;
    const short = await uploadItem(suite.server, key, 'a.txt');
    const long = await uploadItem(suite.server, key, 'b.txt');
    await calls.mutate('items.update', { itemId: long, title: longTitle });
    await calls.mutate('items.move', { itemIds: [short], folderId: folders.short });
    await calls.mutate('items.move', { itemIds: [long], folderId: folders.long });
  });

  it.each(['en', 'nb', 'nn', 'fr'])(
    'keeps its columns in place from folder to folder and fits 1280 px in %s',
    async (lng) => {
      await calls.mutate('profile.update', { name: 'Administrator', language: lng });
      const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
      await context.addInitScript(() => localStorage.setItem('mam.folders.view', 'list'));
      const page = await context.newPage();
      await signIn(page, suite.server);
      await page.waitForFunction((lng) => document.documentElement.lang.startsWith(lng), lng);
      const seen: Array<Record<string, number>> = [];
      for (const folderId of [folders.short, folders.long]) {
        await page.goto(`${suite.server.url}/folders?folderId=${folderId}`);
        await page.getByTestId('item-row').waitFor();
        seen.push(await columnWidths(page));
        for (const [scroll, client] of await sideways(page)) expect(scroll).toBeLessThanOrEqual(client!);
        // No header cut off in this language.
        const cut = await page
          .getByTestId('item-list')
          .locator('th')
          .evaluateAll((cells) =>
            cells.filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent),
          );
        expect(cut).toEqual([]);
      }
      expect(Object.keys(seen[0]!)).toEqual(expect.arrayContaining(['title', 'duration', 'status', 'created']));
      expect(seen[1]).toEqual(seen[0]);
      // The long title is cut with an ellipsis rather than widening its column.
      const title = page.getByTestId('item-title').filter({ hasText: 'Evening news opener' });
      expect(await title.evaluate((a) => a.scrollWidth > a.clientWidth)).toBe(true);
      await shot(page, `folder-list-${lng}`);
      await context.close();
    },
  );
});
