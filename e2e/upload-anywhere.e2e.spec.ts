import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import type { Page } from 'playwright-core';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(420_000);

/*
 * Browser code goes to page.evaluate as source text: the e2e project compiles for Node, without the DOM's types.
 */

/** What a person dragging files from their desktop onto the page makes the browser fire, with a real DataTransfer. */
async function dragOver(page: Page, files: Array<{ name: string; type: string; base64: string }>, text?: string) {
  await page.evaluate(`(() => {
    const files = ${JSON.stringify(files)};
    const text = ${JSON.stringify(text ?? null)};
    const transfer = new DataTransfer();
    for (const file of files) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    if (text) transfer.setData('text/plain', text);
    const target = document.querySelector('main') || document.body;
    const fire = (type) =>
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    fire('dragenter');
    fire('dragover');
    window.__drop = () => fire('drop');
  })()`);
}

const drop = (page: Page) => page.evaluate('window.__drop()');

const CSRF = `decodeURIComponent((/(?:^|; )mam_csrf=([^;]*)/.exec(document.cookie) || [])[1] || '')`;

/** A tRPC mutation from the signed-in page, as the console sends it (session cookie and CSRF header). */
async function mutate<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const body = (await page.evaluate(`(async () => {
    const response = await fetch('/trpc/${procedure}', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': ${CSRF} },
      body: ${JSON.stringify(JSON.stringify(input))},
    });
    return response.json();
  })()`)) as { result?: { data: T } };
  if (!body.result) throw new Error(`${procedure} failed: ${JSON.stringify(body)}`);
  return body.result.data;
}

describe('upload from anywhere in a browser', () => {
  const suite = browserSuite('upload-anywhere');
  const { dir } = suite;

  it('a new user drops a 1080p H.264 file on the empty home page; it appears, is processed and opens', async () => {
    const video = makeVideo(dir, 'First light.mp4', 2, '1920x1080');
    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.waitForURL((url) => url.pathname === '/');

    // Nothing in the organisation yet: the home page says how to start.
    const start = page.getByTestId('home-getting-started');
    await start.waitFor();
    expect(await start.textContent()).toContain('Drop files anywhere on this page');
    await shot(page, 'upload-anywhere-01-empty-home');

    // Text dragged about the page is not an upload: no overlay.
    await dragOver(page, [], 'some words');
    expect(await page.getByTestId('window-drop-overlay').count()).toBe(0);

    const file = { name: 'First light.mp4', type: 'video/mp4', base64: readFileSync(video).toString('base64') };
    await dragOver(page, [file]);
    const overlay = page.getByTestId('window-drop-overlay');
    await overlay.waitFor();
    expect(await overlay.textContent()).toMatch(/^Drop files to upload them to /);
    await shot(page, 'upload-anywhere-02-dragging');
    await drop(page);
    await overlay.waitFor({ state: 'detached' });

    // The tray says where the file went, and the item shows on the home page.
    const row = page.locator('[data-testid="upload-row"][data-file-name="First light.mp4"]');
    await row.waitFor();
    await page.locator('[data-testid="upload-row"][data-status="done"]').waitFor({ timeout: 120_000 });
    expect(await row.getByTestId('upload-destination').textContent()).toMatch(/^To /);
    const tile = page.getByTestId('item-tile').filter({ hasText: 'First light' });
    await tile.waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('home-getting-started').count()).toBe(0);

    // Everything went through: the tray folds itself away, and leaves room below the page for itself.
    await page.locator('[data-testid="uploads-panel"][data-expanded="false"]').waitFor({ timeout: 30_000 });
    const room = (await page.evaluate(
      `getComputedStyle(document.documentElement).getPropertyValue('--uploads-tray-room')`,
    )) as string;
    const trayHeight = await page.getByTestId('uploads-panel').evaluate((el) => el.getBoundingClientRect().height);
    expect(Number.parseFloat(room)).toBeGreaterThanOrEqual(trayHeight);
    await shot(page, 'upload-anywhere-03-home-with-item');

    // It opens on its item page, and processing completes there.
    await tile.getByTestId('item-title').click();
    await page.waitForURL(/\/item-details\/[0-9a-f-]{36}/);
    // The item page itself (the search page's tiles have titles and state badges too).
    await page.getByTestId('item-type').waitFor();
    await page.getByTestId('item-details-state').waitFor({ state: 'detached', timeout: 240_000 });
    expect(await page.getByTestId('item-upload-actions').count()).toBe(0);
    await page.getByTestId('media-player').waitFor({ timeout: 120_000 });
    await shot(page, 'upload-anywhere-04-item');
    await context.close();
  });

  it('uploads with the header button to the default folder the user chose, and cancels an unfinished upload from its item page', async () => {
    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, suite.server);
    const inbox = await mutate<{ id: string }>(page, 'folders.create', { name: 'Inbox' });

    // User settings → Settings: the default upload folder.
    await page.goto(`${suite.server.url}/user-settings?tab=settings`);
    const select = page.getByTestId('pref-upload-folder');
    await select.click();
    await page.getByRole('option', { name: 'Inbox' }).click();
    // The choice is saved when the select shows it again from the server's answer.
    for (let i = 0; (await select.inputValue()) !== 'Inbox'; i++) {
      if (i > 100) throw new Error(`the default upload folder shows ${await select.inputValue()}`);
      await page.waitForTimeout(100);
    }

    // From a page that is no folder, the header's button sends the file there.
    await page.goto(`${suite.server.url}/activity`);
    const notes = path.join(dir, 'Running order.txt');
    writeFileSync(notes, 'Item 1: headlines\n');
    await page.locator('input[name="header-upload"]').setInputFiles(notes);
    const row = page.locator('[data-testid="upload-row"][data-file-name="Running order.txt"]');
    await row.waitFor();
    await page.locator('[data-testid="upload-row"][data-file-name="Running order.txt"][data-status="done"]').waitFor({
      timeout: 60_000,
    });
    expect(await row.getByTestId('upload-destination').textContent()).toBe('To Inbox');
    await row.getByTestId('upload-destination').getByRole('link').click();
    await page.waitForURL(new RegExp(`/folders\\?folderId=${inbox.id}`));
    await page.getByTestId('item-tile').filter({ hasText: 'Running order' }).waitFor({ timeout: 60_000 });

    // An upload whose tab went away before its first byte: its owner finds Resume and Cancel on its page.
    const itemId = (await page.evaluate(`(async () => {
      const response = await fetch('/api/v1/uploads', {
        method: 'POST',
        headers: {
          'x-csrf-token': ${CSRF},
          'tus-resumable': '1.0.0',
          'upload-length': '1000',
          'upload-metadata': 'filename ' + btoa('Abandoned.mov'),
        },
      });
      return response.headers.get('item-id');
    })()`)) as string | null;
    expect(itemId).toMatch(/^[0-9a-f-]{36}$/);
    await page.goto(`${suite.server.url}/item-details/${itemId}`);
    const actions = page.getByTestId('item-upload-actions');
    await actions.waitFor();
    await actions.getByTestId('item-upload-resume').waitFor();
    await actions.getByTestId('item-upload-cancel').click();
    await page.getByTestId('confirm-button').click();
    await page.waitForURL(/\/folders\?folderId=/);
    const gone = await page.evaluate(`(async () => {
      const input = encodeURIComponent(JSON.stringify({ itemId: ${JSON.stringify(itemId)} }));
      const body = await (await fetch('/trpc/items.get?input=' + input)).json();
      return (body.error && body.error.data && body.error.data.appError && body.error.data.appError.code) || null;
    })()`);
    expect(gone).toBe('NOT_FOUND');
    await context.close();
  });
});
