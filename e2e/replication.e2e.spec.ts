import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createApiKey } from './support/api-key';
import { restCaller } from './support/rest-caller';
import { uploadItem } from './support/seed-item';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

/** Every file under `dir`, as paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('replication settings in a browser', () => {
  const suite = browserSuite('replication');

  it('marks a location externally replicated, and replicates uploads to another location from the Storage page', async () => {
    const apiKey = await createApiKey(suite.server, 'replication');
    const rest = restCaller(() => suite.server, apiKey);
    expect(
      (await rest('POST', '/storages', { name: 'Mirror', kind: 'local', types: ['archive'], pathPrefix: 'mirror' }))
        .status,
    ).toBe(201);
    const content = Buffer.from('Notes worth keeping twice\n');
    await uploadItem(suite.server, apiKey, 'Notes.txt', content);

    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.goto(`${suite.server.url}/settings/storage`);

    // Another system replicates the local archive: flagged on its form, shown in the list, never offered as a source.
    const archiveRow = page.getByTestId('storage-row-Local archive');
    await archiveRow.getByTestId('storage-edit').click();
    await page.getByTestId('storage-externally-replicated-switch').click();
    await page.getByTestId('storage-submit').click();
    await archiveRow.getByTestId('storage-externally-replicated').waitFor();

    const section = page.getByTestId('replication-section');
    await section.getByText('No replications.').waitFor();
    await page.getByTestId('add-replication').click();
    await page.getByTestId('replication-source').click();
    expect(await page.getByRole('option').allTextContents()).not.toContain('Local archive');
    await page.getByRole('option', { name: 'Local storage', exact: true }).click();
    await page.getByTestId('replication-target').click();
    await page.getByRole('option', { name: 'Mirror', exact: true }).click();
    await page.getByTestId('replication-shards').fill('2');
    await page.getByTestId('replication-api-token').fill('target-token');
    await shot(page, 'replication-01-form');
    await page.getByTestId('replication-submit').click();

    const row = section.getByTestId('replication-row');
    await row.getByText('Local storage').waitFor();
    await row.getByTestId('replication-copied').getByText('1 copied').waitFor({ timeout: 60_000 });
    await shot(page, 'replication-02-copied');
    const copies = filesUnder(path.join(suite.server.dataDir, 'storage', 'mirror'));
    expect(copies).toHaveLength(1);
    expect(readFileSync(copies[0]!).equals(content)).toBe(true);

    const listed = await rest('GET', '/replications');
    expect(JSON.stringify(listed.body)).not.toContain('target-token');
    expect(listed.body.replications).toEqual([expect.objectContaining({ shardCount: 2, apiTokenSet: true })]);
    await context.close();
  });
});
