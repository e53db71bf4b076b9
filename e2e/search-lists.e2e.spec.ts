import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import type { RunningServer } from './support/server';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

async function upload(server: RunningServer, key: string, file: string): Promise<string> {
  const metadata = `filename ${Buffer.from(path.basename(file)).toString('base64')}`;
  const response = await fetch(`${server.url}/api/v1/uploads`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': '5',
      'Upload-Metadata': metadata,
      'Content-Type': 'application/offset+octet-stream',
    },
    body: 'text\n',
  });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return response.headers.get('item-id')!;
}

async function setMetadata(server: RunningServer, key: string, itemId: string, values: Record<string, unknown>) {
  const response = await fetch(`${server.url}/api/v1/items/${itemId}/metadata`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ form: 'common', values }),
  });
  if (!response.ok) throw new Error(`metadata answered ${response.status}: ${await response.text()}`);
}

const longTitle =
  'Harbour storm footage from the northern pier at night with waves breaking over the lighthouse and the old ferry quay';
const seeded = [
  { title: longTitle, keywords: ['weather', 'harbour'] },
  { title: 'Storm damage report', keywords: ['weather'] },
  { title: 'Festival crowd by the water', keywords: ['culture'] },
];

/** Waits until the condition holds (the page settles after each request), or fails with what it last saw. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/** The keyword facet's values with their counts, as shown (every value shown here has one). */
async function keywordCounts(page: Page) {
  const group = page.getByTestId('facet-field-keywords');
  const values = await group.getByTestId('facet-option').evaluateAll((inputs) => inputs.map((i) => i.dataset.value));
  const counts = await group.getByTestId('facet-count').allTextContents();
  return Object.fromEntries(values.map((value, index) => [value, counts[index]]));
}

const total = (page: Page) => page.getByTestId('search-total').getAttribute('data-total');

describe('search and lists in a browser', () => {
  const suite = browserSuite('search-lists');
  let page: Page;

  beforeAll(async () => {
    const key = await createApiKey(suite.server, 'search lists seeding');
    for (const [index, item] of seeded.entries()) {
      const file = path.join(suite.dir, `note-${index}.txt`);
      writeFileSync(file, 'text\n');
      await setMetadata(suite.server, key, await upload(suite.server, key, file), item);
    }
    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signIn(page, suite.server);
    await page.getByTestId('search-input').waitFor();
  });

  it('keeps the counts of a facet’s other values when values of it are ticked (multi-select)', async () => {
    await until(
      () => total(page),
      (n) => n === '3',
    );
    expect(await keywordCounts(page)).toEqual({ weather: '2', harbour: '1', culture: '1' });
    await page.getByTestId('facet-field-keywords').locator('input[data-value="weather"]').click();
    await until(
      () => total(page),
      (n) => n === '2',
    );
    // Culture keeps its count beside the ticked weather: ticking it would add its item.
    expect(await keywordCounts(page)).toEqual({ weather: '2', harbour: '1', culture: '1' });
    await page.getByTestId('facet-field-keywords').locator('input[data-value="culture"]').click();
    await until(
      () => total(page),
      (n) => n === '3',
    );
    expect(await keywordCounts(page)).toEqual({ weather: '2', harbour: '1', culture: '1' });
    await shot(page, 'search-lists-01-multi-select');
    await page.goto(`${suite.server.url}/`);
    await until(
      () => total(page),
      (n) => n === '3',
    );
  });

  it('offers “Did you mean …?” for a mistyped word and runs the corrected query', async () => {
    const input = page.getByTestId('search-input');
    await input.fill('festivl');
    await input.press('Enter');
    const link = page.getByTestId('did-you-mean-link');
    await link.waitFor();
    expect(await page.getByTestId('did-you-mean').textContent()).toBe('Did you mean festival?');
    await shot(page, 'search-lists-02-did-you-mean');
    await link.click();
    await page.waitForURL(/[?&]q=festival(&|$)/);
    await until(
      () => total(page),
      (n) => n === '1',
    );
    expect(await page.getByTestId('did-you-mean').count()).toBe(0);
  });

  it('fits the list view in 1280 px without scrolling sideways, the long title cut with its whole text on hover', async () => {
    await page.goto(`${suite.server.url}/`);
    await until(
      () => total(page),
      (n) => n === '3',
    );
    await page.getByTestId('view-list').click();
    await page.getByTestId('search-list').waitFor();
    const widths = {
      page: await page.locator('html').evaluate((html) => [html.scrollWidth, html.clientWidth]),
      list: await page.getByTestId('search-list').evaluate((table) => {
        const scroller = table.closest('.mantine-Table-scrollContainer') ?? table.parentElement!;
        return [scroller.scrollWidth, scroller.clientWidth];
      }),
    };
    expect(widths.page[0]).toBeLessThanOrEqual(widths.page[1]!);
    expect(widths.list[0]).toBeLessThanOrEqual(widths.list[1]!);
    const title = page.getByTestId('item-title').filter({ hasText: 'northern pier' });
    expect(await title.evaluate((a) => a.scrollWidth > a.clientWidth)).toBe(true);
    await title.hover();
    await page.getByRole('tooltip').filter({ hasText: longTitle }).waitFor();
    // The modified column gives way at this width; created stays.
    expect(await page.locator('th[data-column="modified"]').isVisible()).toBe(false);
    expect(await page.locator('th[data-column="created"]').isVisible()).toBe(true);
    await shot(page, 'search-lists-03-list-1280');
  });

  it('closes the query help and the quick preview on Escape', async () => {
    await page.getByTestId('search-help').click();
    const panel = page.getByTestId('search-help-panel');
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.getByTestId('item-preview').first().click();
    const preview = page.getByTestId('quick-preview');
    await page.getByTestId('preview-title').waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    await page.getByTestId('preview-title').waitFor({ state: 'detached' });
  });

  it('explains a malformed or unknown item id and a missing folder, with ways back', async () => {
    await page.goto(`${suite.server.url}/item-details/not-an-id`);
    const missing = page.getByTestId('missing-target');
    await missing.waitFor();
    expect(await missing.getAttribute('data-reason')).toBe('malformed');
    expect(await missing.textContent()).toContain("This item can't be shown");
    await shot(page, 'search-lists-04-bad-item-id');
    await page.getByTestId('missing-to-search').click();
    await page.getByTestId('search-input').waitFor();

    await page.goto(`${suite.server.url}/item-details/${randomUUID()}`);
    await missing.waitFor();
    expect(await missing.getAttribute('data-reason')).toBe('not-found');
    expect(await missing.textContent()).toContain("or you don't have access to it");

    const unknownFolder = randomUUID();
    await page.goto(`${suite.server.url}/folders?folderId=${unknownFolder}`);
    const folder = page.getByTestId('folder-missing');
    await folder.waitFor();
    expect(await folder.textContent()).toContain("This folder can't be shown");
    await page.getByTestId('missing-to-folders').click();
    await page.waitForURL((url) => {
      const id = url.searchParams.get('folderId');
      return url.pathname === '/folders' && id !== null && id !== unknownFolder;
    });
    await folder.waitFor({ state: 'detached' });
  });
});
