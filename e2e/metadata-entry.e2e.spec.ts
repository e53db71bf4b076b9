import { createApiKey } from './support/api-key';
import { uploadItem } from './support/seed-item';
import { signIn } from './support/sign-in';
import { browserSuite } from './support/suite';

jest.setTimeout(180_000);

describe('metadata entry, bulk edit and bookmarks in a browser', () => {
  const suite = browserSuite('metadata-entry');
  let apiKey: string;

  beforeAll(async () => {
    apiKey = await createApiKey(suite.server, 'metadata-e2e');
  });

  it('fills in the common form with its checks, bookmarks the item, and edits metadata of a selection', async () => {
    const itemId = await uploadItem(suite.server, apiKey, 'harbour-notes.txt');
    const second = await uploadItem(suite.server, apiKey, 'press-notes.txt');
    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, suite.server);

    // Entry: the title is required ('Value required'); the values stay after a reload.
    await page.goto(`${suite.server.url}/item-details/${itemId}`);
    const title = page.getByTestId('metadata-field-title');
    await title.waitFor();
    await title.fill('');
    await page.getByTestId('save-metadata').click();
    await page.getByText('Value required').waitFor();
    await title.fill('Harbour fire');
    await page.getByTestId('metadata-field-description').fill('Fire at the harbour, live from the quay');
    const keywords = page.getByTestId('metadata-field-keywords');
    await keywords.fill('fire');
    await keywords.press('Enter');
    await page.getByTestId('save-metadata').click();
    await page.getByText('Saved').first().waitFor();
    await page.reload();
    await page.getByTestId('metadata-field-title').waitFor();
    expect(await page.getByTestId('metadata-field-title').inputValue()).toBe('Harbour fire');
    expect(await page.getByTestId('metadata-field-description').inputValue()).toContain('Fire at the harbour');

    // A bookmark of this item: the title is required, then it is in the left menu and leads back.
    await page.getByTestId('bookmark-page').click();
    await page.getByTestId('bookmark-title').fill('');
    await page.getByTestId('bookmark-save').click();
    await page.getByText('Bookmark title is required').waitFor();
    await page.getByTestId('bookmark-title').fill('Harbour fire story');
    await page.getByTestId('bookmark-save').click();
    const bookmark = page.getByTestId('bookmark-link').filter({ hasText: 'Harbour fire story' });
    await bookmark.waitFor();
    await page.goto(`${suite.server.url}/activity`);
    await bookmark.click();
    await page.waitForURL(new RegExp(`/item-details/${itemId}$`));

    // Bulk: add a keyword to both items; every item reports its result.
    await page.goto(`${suite.server.url}/folders`);
    await page.waitForURL(/folderId=/);
    await page.getByTestId('select-all').click();
    await page.getByTestId('edit-metadata-selected').click();
    await page.getByTestId('bulk-field').click();
    await page.getByRole('option', { name: 'Keywords' }).click();
    await page.getByTestId('bulk-op').getByText('Add', { exact: true }).click();
    const value = page.getByTestId('metadata-field-keywords').last();
    await value.fill('breaking');
    await value.press('Enter');
    await page.getByTestId('bulk-apply').click();
    await page.getByTestId('bulk-summary').filter({ hasText: '2 changed' }).waitFor();

    const search = await fetch(`${suite.server.url}/api/v1/search?q=${encodeURIComponent('keywords:breaking')}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const found = (await search.json()) as { total: number; hits: Array<{ id: string }> };
    expect(found.hits.map((hit) => hit.id).sort()).toEqual([itemId, second].sort());
    const both = await fetch(
      `${suite.server.url}/api/v1/search?q=${encodeURIComponent('keywords:fire AND breaking')}`,
      {
        headers: { authorization: `Bearer ${apiKey}` },
      },
    );
    expect(((await both.json()) as { hits: Array<{ id: string }> }).hits.map((hit) => hit.id)).toEqual([itemId]);

    // Upload view: values entered once go with each new file and are searchable at once.
    await page.goto(`${suite.server.url}/folders`);
    await page.waitForURL(/folderId=/);
    await page.getByTestId('upload-metadata-toggle').click();
    const uploadKeywords = page.getByTestId('metadata-field-keywords').first();
    await uploadKeywords.fill('quayside');
    await uploadKeywords.press('Enter');
    await page.getByTestId('upload-metadata-count').waitFor();
    await page.getByTestId('upload-file-input').setInputFiles({
      name: 'quay-notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Notes from the quay\n'),
    });
    await page.getByTestId('item-tile').filter({ hasText: 'quay-notes' }).waitFor({ timeout: 60_000 });
    const quay = await fetch(`${suite.server.url}/api/v1/search?q=${encodeURIComponent('keywords:quayside')}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(((await quay.json()) as { hits: Array<{ title: string }> }).hits.map((hit) => hit.title)).toEqual([
      'quay-notes',
    ]);
    await context.close();
  });
});
