import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import type { Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import type { RunningServer } from './support/server';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

/** An item made the way clients make them: a tus upload in one request (creation-with-upload). */
async function upload(server: RunningServer, key: string, file: string, title?: string): Promise<string> {
  const data = readFileSync(file);
  const metadata = Object.entries({ filename: path.basename(file), ...(title ? { title } : {}) })
    .map(([name, value]) => `${name} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const response = await fetch(`${server.url}/api/v1/uploads`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(data.length),
      'Upload-Metadata': metadata,
      'Content-Type': 'application/offset+octet-stream',
    },
    body: data,
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

async function waitUntilProcessed(server: RunningServer, key: string, itemId: string) {
  const until = Date.now() + 180_000;
  for (;;) {
    const response = await fetch(`${server.url}/api/v1/items/${itemId}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    const item = (await response.json()) as { transcoding: { state: string } | null; itemType: string };
    if (item.transcoding?.state === 'COMPLETE') return item;
    if (item.transcoding?.state === 'ERROR') throw new Error(`processing failed: ${JSON.stringify(item)}`);
    if (Date.now() > until) throw new Error(`still processing: ${JSON.stringify(item)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const titlesOf = async (page: Page) =>
  (await page.getByTestId('item-title').allTextContents()).map((title) => title.trim());

/** Waits for the hits to settle on exactly these titles (in this order when `ordered`). */
async function expectTitles(page: Page, expected: string[], ordered = false) {
  const want = ordered ? expected : [...expected].sort();
  const until = Date.now() + 20_000;
  let shown: string[] = [];
  while (Date.now() < until) {
    shown = await titlesOf(page);
    if (!ordered) shown.sort();
    if (JSON.stringify(shown) === JSON.stringify(want)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`expected ${JSON.stringify(want)}, shown ${JSON.stringify(shown)}`);
}

async function search(page: Page, query: string) {
  const input = page.getByTestId('search-input');
  await input.fill(query);
  await input.press('Enter');
}

const seeded = [
  {
    title: 'Harbour storm footage',
    description: 'Waves break over the pier at night',
    keywords: ['weather', 'harbour'],
  },
  { title: 'Harbour festival crowd', description: 'Summer festival by the water', keywords: ['culture'] },
  { title: 'Election night studio', description: 'Results coverage from the studio', keywords: ['politics'] },
  { title: 'Storm damage report', description: 'Fallen trees after the storm', keywords: ['weather'] },
];
const videoTitle = 'Cup final highlights';
const allTitles = [...seeded.map((s) => s.title), videoTitle];

describe('search page in a browser', () => {
  const suite = browserSuite('search');
  const { dir } = suite;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    const key = await createApiKey(suite.server, 'search seeding');
    for (const [index, item] of seeded.entries()) {
      const file = path.join(dir, `note-${index}.txt`);
      writeFileSync(file, `${item.title}\n`);
      const id = await upload(suite.server, key, file);
      await setMetadata(suite.server, key, id, item);
      ids.set(item.title, id);
    }
    const videoId = await upload(suite.server, key, makeVideo(dir, 'cup-final.mp4', 4, '320x180'));
    await setMetadata(suite.server, key, videoId, { title: videoTitle, keywords: ['sport'] });
    ids.set(videoTitle, videoId);
    // The content decides the item type, so the video is a video once it is processed; it also gets its filmstrip.
    const processed = await waitUntilProcessed(suite.server, key, videoId);
    expect(processed.itemType).toBe('video');
  });

  it('searches words, fields, wildcards and operators, shows errors, filters by facets and previews', async () => {
    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/login`);
    // By organisation name: an e-mail address would get the organisations mailed instead.
    await page.getByLabel('Organisation or email').fill('demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(suite.server.adminEmail);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(suite.server.adminPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // Search is the home screen: everything, newest first.
    await page.getByTestId('search-input').waitFor();
    await expectTitles(page, allTitles);
    expect(await page.getByTestId('search-total').textContent()).toBe('5 results');
    await shot(page, 'search-01-home');

    // A word, kept in the URL.
    await search(page, 'festival');
    await page.waitForURL(/\/\?q=festival$/);
    await expectTitles(page, ['Harbour festival crowd']);
    expect(await page.getByTestId('search-total').textContent()).toBe('1 result');

    // A field query, a wildcard, and a wildcard with an operator, which warns.
    await search(page, 'title:election');
    await expectTitles(page, ['Election night studio']);
    await search(page, 'harb*');
    await expectTitles(page, ['Harbour festival crowd', 'Harbour storm footage']);
    expect(await page.getByTestId('search-warning').count()).toBe(0);
    await search(page, 'harb* AND storm');
    await expectTitles(page, ['Harbour storm footage']);
    await page.getByTestId('search-warning').waitFor();
    expect(await page.getByTestId('search-warning').textContent()).toContain('Wildcards and operators are mixed');
    await shot(page, 'search-02-warning');

    // A broken query: the reason, and the place it went wrong marked in the query.
    await search(page, 'storm AND (harbour');
    const error = page.getByTestId('search-error');
    await error.waitFor();
    expect(await error.getAttribute('data-reason')).toBe('UNBALANCED_PARENTHESIS');
    expect(await error.textContent()).toContain('The search could not be understood at character 11');
    expect(await error.textContent()).toContain('a parenthesis is not closed');
    expect(await page.getByTestId('search-error-mark').textContent()).toBe('(');
    expect(await page.getByTestId('item-tile').count()).toBe(0);
    await shot(page, 'search-03-error');

    // Facets narrow the hits; the filter is a chip, in the URL, and removable.
    await search(page, '');
    await expectTitles(page, allTitles);
    const weather = page.getByTestId('facet-field-keywords').locator('input[data-value="weather"]');
    await weather.click();
    await expectTitles(page, ['Harbour storm footage', 'Storm damage report']);
    expect(page.url()).toContain('f.keywords=weather');
    expect(await page.getByTestId('active-filter').textContent()).toBe('Keywords: weather');
    // The counts follow the hits: both weather items are files.
    const typeFacet = page.getByTestId('facet-itemType');
    expect(
      await typeFacet.getByTestId('facet-option').evaluateAll((inputs) => inputs.map((i) => i.dataset.value)),
    ).toEqual(['file']);
    expect(await typeFacet.getByTestId('facet-count').allTextContents()).toEqual(['2']);
    await shot(page, 'search-04-facets');
    await search(page, 'festival');
    await expectTitles(page, []);
    await page.getByTestId('search-empty').waitFor();
    // Clearing the filters keeps the query.
    await page.getByTestId('clear-filters').click();
    await expectTitles(page, ['Harbour festival crowd']);
    expect(page.url()).not.toContain('f.keywords');
    await search(page, '');
    await expectTitles(page, allTitles);
    await page.getByTestId('facet-itemType').locator('input[data-value="video"]').click();
    await expectTitles(page, [videoTitle]);
    await page.getByTestId('active-filter').getByRole('button').click();
    await expectTitles(page, allTitles);

    // Sort by title.
    await page.getByTestId('sort-menu').click();
    await page.locator('[data-testid="sort-option"][data-sort="title:asc"]').click();
    await expectTitles(page, [...allTitles].sort(), true);
    expect(page.url()).toContain('sort=title%3Aasc');

    // Hover scrubbing: the frame follows the pointer across the video's thumbnail.
    const videoTile = page.locator(`[data-testid="item-tile"][data-item-id="${ids.get(videoTitle)}"]`);
    const scrub = videoTile.getByTestId('scrub-area');
    const box = (await scrub.boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.move(box.x + 4, box.y + box.height / 2);
    const frame = videoTile.getByTestId('scrub-frame');
    await frame.waitFor();
    const firstFrame = await frame.getAttribute('data-frame');
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    const until = Date.now() + 5_000;
    while ((await frame.getAttribute('data-frame')) === firstFrame && Date.now() < until) await page.waitForTimeout(50);
    expect(Number(await frame.getAttribute('data-frame'))).toBeGreaterThan(Number(firstFrame));
    await shot(page, 'search-05-scrub');
    await page.mouse.move(0, 0);

    // Quick preview from the eye button and from the space bar on a focused tile.
    const election = page.locator(`[data-testid="item-tile"][data-item-id="${ids.get('Election night studio')}"]`);
    await election.getByTestId('item-preview').click();
    const preview = page.getByRole('dialog');
    await preview.getByTestId('preview-title').waitFor();
    expect(await preview.getByTestId('preview-title').textContent()).toBe('Election night studio');
    expect(await preview.getByTestId('preview-open-details').getAttribute('href')).toBe(
      `/item-details/${ids.get('Election night studio')}`,
    );
    expect(await preview.getByTestId('preview-description').textContent()).toBe('Results coverage from the studio');
    await shot(page, 'search-06-preview');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    await videoTile.focus();
    await page.keyboard.press(' ');
    await page.getByRole('dialog').getByTestId('preview-title').waitFor();
    expect(await page.getByTestId('preview-title').textContent()).toBe(videoTitle);
    await page.getByRole('dialog').getByTestId('media-player').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Selection feeds the toolbar slot.
    await election.getByTestId('item-select').click();
    expect(await page.getByTestId('selection-count').textContent()).toBe('Selected: 1');

    // The list view, remembered in the URL and across visits.
    await page.getByTestId('view-list').click();
    await page.getByTestId('search-list').waitFor();
    expect(await page.getByTestId('item-row').count()).toBe(5);
    expect(page.url()).toContain('view=list');
    await page.goto(`${suite.server.url}/`);
    await page.getByTestId('search-list').waitFor();
    await expectTitles(page, allTitles);
    await page.getByTestId('view-tiles').click();
    await page.getByTestId('search-tiles').waitFor();

    // The type filter is part of the search.
    await page.getByTestId('type-filter').getByText('All', { exact: true }).click();
    await page.waitForURL(/filter=all/);
    await expectTitles(page, allTitles);

    // Old addresses lead to the search, keeping the query.
    await page.goto(`${suite.server.url}/index.html?q=storm`);
    await page.waitForURL(/\/\?q=storm$/);
    await expectTitles(page, ['Harbour storm footage', 'Storm damage report']);
    await page.goto(`${suite.server.url}/search-item?q=studio`);
    await expectTitles(page, ['Election night studio']);
    await page.goto(`${suite.server.url}/search-person`);
    await page.waitForURL(new RegExp(`${suite.server.url}/$`));
    await expectTitles(page, allTitles);

    // The page speaks the user's language.
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('language-nb').click();
    await page.getByRole('heading', { name: 'Søk' }).waitFor();
    await page.getByTestId('search-total').getByText('5 treff').waitFor();
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('language-en').click();
    await page.getByRole('heading', { name: 'Search' }).waitFor();
    await context.close();
  });

  it('sets Approved on the item page and finds it as an approval facet value in search', async () => {
    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, suite.server);

    await page.goto(`${suite.server.url}/item-details/${ids.get('Election night studio')}`);
    await page.getByTestId('approval-control').click();
    await page.getByTestId('approval-option-approved').click();
    await page.locator('[data-testid="approval-badge"][data-status="approved"]').waitFor();

    await page.goto(`${suite.server.url}/`);
    const approved = page.getByTestId('facet-approval').locator('input[data-value="approved"]');
    await approved.waitFor();
    await approved.click();
    await expectTitles(page, ['Election night studio']);
    await page.locator('[data-testid="approval-badge"][data-status="approved"]').first().waitFor();
    await context.close();
  });

  it('follows new items every 30 seconds, loads more hits on scroll and limits tile selection to 32', async () => {
    const key = await createApiKey(suite.server, 'search seeding 2');
    // Short enough that a first page of 48 tiles ends well beyond the infinite scroll's look-ahead (one viewport):
    // only scrolling loads the next page, never a refresh that happens to leave the sentinel near the view.
    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1440, height: 600 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/login?next=${encodeURIComponent('/?q=archive')}`);
    // By organisation name: an e-mail address would get the organisations mailed instead.
    await page.getByLabel('Organisation or email').fill('demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(suite.server.adminEmail);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(suite.server.adminPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('search-empty').waitFor();

    // Nobody reloads the page: the item shows up with the next refresh.
    const file = path.join(dir, 'archive.txt');
    writeFileSync(file, 'archive\n');
    await upload(suite.server, key, file, 'Archive clip 00');
    await page.getByTestId('item-tile').first().waitFor({ timeout: 40_000 });
    expect(await page.getByTestId('search-total').textContent()).toBe('1 result');

    for (let n = 1; n < 60; n++) await upload(suite.server, key, file, `Archive clip ${String(n).padStart(2, '0')}`);
    await page.getByTestId('refresh-search').click();
    await page.locator('[data-testid="search-total"][data-total="60"]').waitFor();
    expect(await page.getByTestId('item-tile').count()).toBe(48);

    // Scrolling to the end loads the next page.
    await page.getByTestId('search-sentinel').scrollIntoViewIfNeeded();
    const until = Date.now() + 15_000;
    while ((await page.getByTestId('item-tile').count()) < 60 && Date.now() < until) await page.waitForTimeout(100);
    expect(await page.getByTestId('item-tile').count()).toBe(60);
    expect(await page.getByTestId('load-more').count()).toBe(0);

    // Tiles select at most 32; the list view selects them all.
    await page.getByTestId('select-all').click();
    await page.getByText('Selection in tile view is limited to 32 items.').waitFor();
    expect(await page.getByTestId('selection-count').textContent()).toBe('Selected: 32');
    await page.getByTestId('select-all').click();
    expect(await page.getByTestId('selection-count').count()).toBe(0);
    await page.getByTestId('view-list').click();
    await page.getByTestId('search-list').waitFor();
    await page.getByTestId('select-all').click();
    expect(await page.getByTestId('selection-count').textContent()).toBe('Selected: 60');
    await shot(page, 'search-07-selection');
    await context.close();
  });
});
