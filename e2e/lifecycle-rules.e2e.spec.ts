import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

type TItem = { isArchived: boolean; archiveFileTransfer: { state: string } | null };

describe('lifecycle rules in System Settings', () => {
  const suite = browserSuite('lifecycle-rules');

  it('adds a rule, runs it now and shows its last run; the item it selected is archived', async () => {
    const apiKey = await createApiKey(suite.server, 'lifecycle');
    const source = readFileSync(makeVideo(suite.dir, 'Old news.mp4', 1, '320x180'));
    const itemId = await uploadItem(suite.server, apiKey, 'Old news.mp4', source);
    await waitUntilProcessed(suite.server, apiKey, itemId);
    const item = async () =>
      (await (
        await fetch(`${suite.server.url}/api/v1/items/${itemId}`, { headers: { authorization: `Bearer ${apiKey}` } })
      ).json()) as TItem;

    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.goto(`${suite.server.url}/settings/storage`);
    await page.getByText('Lifecycle rules', { exact: true }).waitFor();
    await page.getByText('No lifecycle rules yet.').waitFor();

    await page.getByTestId('add-lifecycle-rule').click();
    await page.getByTestId('lifecycle-rule-name').fill('Archive everything old');
    await page.getByTestId('lifecycle-rule-folder').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('lifecycle-rule-age').fill('0');
    // Disabled: only "Run now" runs it, so the result below is that run's.
    await page.getByTestId('lifecycle-rule-enabled').click();
    await page.getByTestId('lifecycle-rule-save').click();
    const row = page.getByTestId('lifecycle-rule-row').filter({ hasText: 'Archive everything old' });
    await row.getByText('Disabled').waitFor();
    await row.getByText('Never run').waitFor();

    await row.getByTestId('lifecycle-rule-run').click();
    await row.getByTestId('lifecycle-rule-result').filter({ hasText: '1 applied, 0 skipped, 0 failed' }).waitFor({
      timeout: 60_000,
    });
    await shot(page, 'lifecycle-rules-01-run');
    const until = Date.now() + 120_000;
    while (!(await item()).isArchived) {
      if (Date.now() > until) throw new Error(`not archived: ${JSON.stringify(await item())}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    await row.getByTestId('lifecycle-rule-delete').click();
    await page.getByTestId('confirm-button').click();
    await page.getByText('No lifecycle rules yet.').waitFor();
    await context.close();
  });
});
