import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { openItemAs } from './support/item-page';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('send to storage from the item page', () => {
  const suite = browserSuite('send-to-storage');

  it('sends a video to an export location as a file named after its title, verified, and keeps it', async () => {
    const apiKey = await createApiKey(suite.server, 'send-to-storage');
    const call = async (method: string, url: string, body?: unknown) =>
      fetch(`${suite.server.url}/api/v1${url}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const created = await call('POST', '/storages', {
      name: 'Playout outbox',
      kind: 'local',
      types: ['export'],
      pathPrefix: 'playout-outbox',
    });
    expect(created.status).toBe(201);
    const source = readFileSync(makeVideo(suite.dir, 'Send me.mp4', 2, '320x180'));
    const itemId = await uploadItem(suite.server, apiKey, 'Send me.mp4', source);
    await waitUntilProcessed(suite.server, apiKey, itemId);

    const { context, page } = await openItemAs(suite.browser, suite.server, itemId);
    const panel = page.getByTestId('send-to-storage-panel');
    await panel.waitFor();
    // The picker offers the export location (the tenant's only one) once the locations have loaded.
    const picker = page.getByTestId('send-to-storage-location');
    for (let tries = 0; (await picker.inputValue()) === '' && tries < 100; tries += 1) await page.waitForTimeout(100);
    expect(await page.getByTestId('send-to-storage-location').inputValue()).toBe('Playout outbox');
    await shot(page, 'send-to-storage-01-picker');
    await page.getByTestId('send-to-storage').click();
    await page.locator('[data-testid="send-to-storage-row"][data-status="COMPLETED"]').waitFor({ timeout: 120_000 });
    const title = (await (await call('GET', `/items/${itemId}`)).json()) as { title: string };
    const fileName = `${title.title}.mp4`;
    await page.getByText(`Sent to Playout outbox as ${fileName}`).waitFor();
    expect(await page.getByTestId('send-to-storage-file').textContent()).toBe(`Sent as ${fileName}`);
    await shot(page, 'send-to-storage-02-sent');

    const { sends } = (await (await call('GET', `/items/${itemId}/send-to-storage`)).json()) as {
      sends: { status: string; key: string; sha256: string }[];
    };
    expect(sends).toEqual([expect.objectContaining({ status: 'COMPLETED', sha256: sha256(source) })]);
    const sent = readFileSync(path.join(suite.server.dataDir, 'storage', 'playout-outbox', sends[0]!.key));
    expect(sent.equals(source)).toBe(true);
    // Kept in the MAM: the original still downloads.
    const item = (await (await call('GET', `/items/${itemId}`)).json()) as { urls: { original: string } };
    const original = await fetch(`${suite.server.url}${item.urls.original}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(Buffer.from(await original.arrayBuffer()).equals(source)).toBe(true);
    await context.close();
  });
});
