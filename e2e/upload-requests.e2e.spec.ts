import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { adminCalls } from './support/console-calls';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

type TItem = { id: string; title: string; folderId: string; transcoding: { state: string } | null };

describe('upload requests in a browser', () => {
  const suite = browserSuite('upload-requests');
  const { dir } = suite;

  it('an outside contributor uploads a video with a value through the link; it lands transcoded in the folder', async () => {
    const call = await adminCalls(suite.server);
    const folderId = (await call<{ id: string }>('folders.create', { name: 'Reader videos' })).id;
    const apiKey = await createApiKey(suite.server, 'upload-requests-e2e');

    // The administrator asks for uploads into the folder, with a password.
    const adminContext = await suite.browser.newContext({ locale: 'en-GB' });
    const admin = await adminContext.newPage();
    await signIn(admin, suite.server);
    await admin.goto(`${suite.server.url}/folders?folderId=${folderId}`);
    await admin.getByTestId('request-upload').click();
    await admin.getByTestId('upload-request-title').fill('Storm pictures from readers');
    await admin.getByTestId('upload-request-message').fill('Send us your videos of the storm.');
    await admin.getByTestId('upload-request-password').fill('short');
    await admin.getByTestId('upload-request-create').click();
    await admin.getByText('The share password must be at least 6 characters long.').waitFor();
    await admin.getByTestId('upload-request-password').fill('storm-2026');
    await admin.getByTestId('upload-request-create').click();
    const linkInput = admin.getByTestId('upload-request-link');
    await linkInput.waitFor();
    await shot(admin, 'upload-request-created');
    const link = await linkInput.inputValue();
    expect(link).toMatch(/\/u\/[A-Za-z0-9_-]{40,}$/);
    const publicUrl = `${suite.server.url}${new URL(link).pathname}`;

    // A fresh browser without an account: the password first, then the upload page.
    const outsideContext = await suite.browser.newContext({ locale: 'en-GB' });
    const outside = await outsideContext.newPage();
    await outside.goto(publicUrl);
    await outside.getByTestId('public-upload-password').fill('wrong-password');
    await outside.getByTestId('public-upload-unlock').click();
    await outside.getByText('The password is not correct.').waitFor();
    await outside.getByTestId('public-upload-password').fill('storm-2026');
    await outside.getByTestId('public-upload-unlock').click();
    await outside.getByTestId('public-upload-title').filter({ hasText: 'Storm pictures from readers' }).waitFor();
    await outside.getByText('Send us your videos of the storm.').waitFor();
    await outside.getByTestId('public-upload-name').fill('Kari Nordmann');
    const keywords = outside.getByTestId('metadata-field-keywords');
    await keywords.fill('stormwatch');
    await keywords.press('Enter');
    await outside
      .getByTestId('upload-file-input')
      .setInputFiles({ name: 'storm.mp4', mimeType: 'video/mp4', buffer: readFileSync(makeVideo(dir, 'storm.mp4')) });
    await outside.locator('[data-testid="upload-row"][data-status="done"]').waitFor({ timeout: 120_000 });
    await shot(outside, 'upload-request-contributor');
    // The contributor has no session: the library stays closed.
    await outside.goto(`${suite.server.url}/folders?folderId=${folderId}`);
    await outside.waitForURL(/\/login/);

    // The administrator finds the item in the folder, transcoded, with the value.
    let item: TItem | undefined;
    for (let i = 0; i < 600; i++) {
      const search = await fetch(`${suite.server.url}/api/v1/search?q=${encodeURIComponent('keywords:stormwatch')}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      const hit = ((await search.json()) as { hits: Array<{ id: string }> }).hits[0];
      if (hit) {
        const response = await fetch(`${suite.server.url}/api/v1/items/${hit.id}`, {
          headers: { authorization: `Bearer ${apiKey}` },
        });
        item = (await response.json()) as TItem;
        if (item.transcoding?.state === 'COMPLETE' || item.transcoding?.state === 'ERROR') break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(item).toMatchObject({ title: 'storm', folderId, transcoding: { state: 'COMPLETE' } });
    await admin.goto(`${suite.server.url}/folders?folderId=${folderId}`);
    await admin.getByTestId('item-tile').filter({ hasText: 'storm' }).waitFor({ timeout: 60_000 });
    await admin.goto(`${suite.server.url}/item-details/${item!.id}`);
    await admin.getByTestId('media-player').waitFor({ timeout: 60_000 });
    // Created by the request: the history names the contributor and the request.
    await admin.getByTestId('tab-history').click();
    // Both the upload's start and its end name them.
    await admin
      .getByTestId('history-row')
      .filter({ hasText: 'Kari Nordmann · Storm pictures from readers' })
      .first()
      .waitFor();
    await shot(admin, 'upload-request-item');
    // My shares lists the request with the file it received.
    await admin.goto(`${suite.server.url}/share`);
    const row = admin.locator('[data-testid="upload-request-row"][data-title="Storm pictures from readers"]');
    await row.getByTestId('upload-request-files').filter({ hasText: '1' }).waitFor();
    await shot(admin, 'upload-request-my-shares');
    await adminContext.close();
    await outsideContext.close();
  });

  it('continues an interrupted upload from where it stopped after the contributor reloads the page', async () => {
    const call = await adminCalls(suite.server);
    const apiKey = await createApiKey(suite.server, 'upload-requests-resume');
    // A name of its own per attempt, so a retry starts from an empty folder.
    const name = `Large deliveries ${Date.now()}`;
    const folderId = (await call<{ id: string }>('folders.create', { name })).id;
    const request = await call<{ link: string }>('uploadRequests.create', { folderId, pageTitle: name });
    const publicUrl = `${suite.server.url}${new URL(request.link).pathname}`;
    // More than one tus chunk (8 MiB), so the first chunk can land and the second be cut off. A file on disk keeps
    // its modification time, which is part of the resume fingerprint.
    const big = path.join(dir, 'delivery.bin');
    writeFileSync(big, Buffer.alloc(9 * 1024 * 1024, 7));

    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const log: string[] = [];
    const answers: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/uploads')) log.push(`${r.method()} ${r.headers()['upload-offset'] ?? ''}`);
    });
    // What the server answered, so a failure says why tus did what it did.
    page.on('requestfinished', (q) => {
      if (!q.url().includes('/api/v1/uploads')) return;
      void q
        .response()
        .then((r) => answers.push(`${q.method()} ${q.headers()['upload-offset'] ?? ''} → ${r?.status()}`));
    });
    page.on('requestfailed', (q) => {
      if (q.url().includes('/api/v1/uploads')) answers.push(`${q.method()} → ${q.failure()?.errorText}`);
    });
    // The second chunk never reaches the server while the first page is open, as if the connection dropped each
    // time. The switch is read when the browser holds the request, so it may only change once the page is gone.
    let cut = true;
    let firstCut!: () => void;
    const chunkCut = new Promise<void>((resolve) => (firstCut = resolve));
    await page.route('**/api/v1/uploads/**', async (route) => {
      const offset = route.request().headers()['upload-offset'];
      if (cut && route.request().method() === 'PATCH' && offset !== '0') {
        await route.abort('connectionreset');
        firstCut();
      } else await route.continue();
    });
    try {
      await page.goto(publicUrl);
      await page.getByTestId('public-upload-name').fill('Per Hansen');
      await page.getByTestId('upload-file-input').setInputFiles(big);
      await chunkCut;

      // After a reload the browser still knows the upload: choosing the same file continues it. The page asks
      // before leaving while a file is sending; the contributor leaves anyway.
      page.on('dialog', (dialog) => void dialog.accept());
      await page.reload();
      cut = false;
      await page.getByTestId('interrupted-upload').filter({ hasText: 'delivery.bin' }).waitFor();
      await page.getByTestId('public-upload-name').fill('Per Hansen');
      const afterReload = log.length;
      // tus asks the server where the upload stands and goes on from there (whatever of the cut chunk arrived).
      const resumed = page.waitForResponse(
        (r) =>
          r.request().method() === 'PATCH' &&
          Number(r.request().headers()['upload-offset']) >= 8 * 1024 * 1024 &&
          r.status() === 204,
        { timeout: 120_000 },
      );
      await page.getByTestId('upload-file-input').setInputFiles(big);
      await resumed;
      expect(log.slice(afterReload)[0]).toBe('HEAD ');
      expect(log.slice(afterReload)).not.toContain('POST ');
      await page.locator('[data-testid="upload-row"][data-status="done"]').waitFor({ timeout: 120_000 });
      await shot(page, 'upload-request-resumed');
    } catch (error) {
      await shot(page, 'upload-request-resume-failed');
      throw new Error(`${String(error)}\ntus requests: ${log.join(', ')}\nanswers: ${answers.join(', ')}`);
    }

    const listed = await fetch(`${suite.server.url}/api/v1/items?folderId=${folderId}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const items = ((await listed.json()) as { items: Array<{ title: string }> }).items;
    expect({ titles: items.map((i) => i.title), log }).toMatchObject({ titles: ['delivery'] });
    await context.close();
  });
});
