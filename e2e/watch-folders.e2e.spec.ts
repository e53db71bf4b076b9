import { copyFileSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

describe('watch folders in a browser', () => {
  const suite = browserSuite('watch-folders');

  it('creates a watch folder under Storage, and a file dropped into the location appears in the target folder', async () => {
    const apiKey = await createApiKey(suite.server, 'watch-folders');
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${suite.server.url}/api/v1${url}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const storage = await call('POST', '/storages', {
      name: 'Drop share',
      kind: 'local',
      types: ['upload'],
      pathPrefix: 'drop-share',
    });
    expect(storage.status).toBe(201);
    const folder = await call('POST', '/folders', { name: 'Watched drops' });
    expect(folder.status).toBe(201);
    const me = await call('GET', '/me');
    const tenantId = (me.body.tenant as { id: string }).id;

    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.goto(`${suite.server.url}/settings/storage`);
    await page.getByTestId('add-watch-folder').click();
    await page.getByTestId('watch-folder-storage').click();
    await page.getByRole('option', { name: 'Drop share' }).click();
    await page.getByTestId('watch-folder-subpath').fill('incoming');
    await page.getByTestId('watch-folder-target').click();
    await page.getByRole('option', { name: 'Watched drops' }).click();
    await page.getByTestId('watch-folder-stable').fill('1');
    await shot(page, 'watch-folders-01-add');
    await page.getByTestId('watch-folder-save').click();
    const row = page.getByTestId('watch-folder-row');
    await row.getByText('Drop share').waitFor();
    await row.getByTestId('watch-folder-state').getByText('Watching').waitFor();
    expect(await row.getByTestId('watch-folder-ingested').textContent()).toBe('0');

    // A copy tool writes under a temporary name and renames when done, as most do.
    const incoming = path.join(suite.server.dataDir, 'storage', 'drop-share', tenantId, 'incoming');
    mkdirSync(incoming, { recursive: true });
    copyFileSync(makeVideo(suite.dir, 'Dropped clip.mp4', 1, '160x90'), path.join(incoming, 'Dropped clip.part'));
    renameSync(path.join(incoming, 'Dropped clip.part'), path.join(incoming, 'Dropped clip.mp4'));

    await row.getByTestId('watch-folder-ingested').getByText('1', { exact: true }).waitFor({ timeout: 60_000 });
    await shot(page, 'watch-folders-02-ingested');
    await page.goto(`${suite.server.url}/folders?folderId=${folder.body.id as string}`);
    await page.getByText('Dropped clip').first().waitFor({ timeout: 30_000 });
    const items = await call('GET', `/items?folderId=${folder.body.id as string}`);
    expect((items.body.items as Array<{ title: string }>).map((item) => item.title)).toEqual(['Dropped clip']);
    await context.close();
  });
});
