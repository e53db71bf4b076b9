import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(180_000);

describe('storage quota in a browser', () => {
  const suite = browserSuite('storage-quota');

  it("refuses an upload over the tenant's quota the super administrator set, with the reason in the uploads tray", async () => {
    // 2 MiB against a quota of 0.001 GiB (about 1 MiB): over by the original alone.
    const file = path.join(suite.dir, 'Too big.wav');
    writeFileSync(file, Buffer.alloc(2 * 1024 ** 2, 7));
    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, suite.server);

    await page.goto(`${suite.server.url}/system?tab=tenants`);
    const row = page.getByTestId('tenant-row-demo');
    await row.getByTestId('tenant-edit-quota').click();
    await page.getByTestId('tenant-quota-input').fill('0.001');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await row
      .getByTestId('tenant-storage')
      .filter({ hasText: /\/ 1(\.0)?\sMiB/ })
      .waitFor();
    await shot(page, 'storage-quota-01-set');

    await page.goto(`${suite.server.url}/folders`);
    await page.waitForURL(/\/folders\?folderId=[0-9a-f-]{36}/);
    await page.getByTestId('upload-file-input').setInputFiles(file);
    const upload = page.getByTestId('upload-row').filter({ hasText: 'Too big.wav' });
    await upload.getByTestId('upload-error').waitFor();
    expect(await upload.getByTestId('upload-error-title').textContent()).toBe('Upload rejected');
    expect(await upload.getByTestId('upload-error-message').textContent()).toContain(
      "the organisation's storage quota of 1 MiB would be exceeded",
    );
    await shot(page, 'storage-quota-02-rejected');
    // Refused before a byte was stored: no item was left behind.
    expect(await page.getByTestId('item-tile').filter({ hasText: 'Too big' }).count()).toBe(0);
    await context.close();
  });
});
