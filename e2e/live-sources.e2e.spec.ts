import { freeUdpPort, startUdpFeed, type TUdpFeed } from '@mam/workers/testing/udp-feed';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(240_000);

describe('live sources in a browser', () => {
  const suite = browserSuite('live-sources');
  let feed: TUdpFeed | undefined;
  afterAll(() => feed?.stop());

  it('lets an administrator add a UDP source, see its signal, picture and input, edit it and delete it', async () => {
    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, suite.server);

    // Reached from Administration's navigation, at the spec's /dvr-settings; empty, it says how to start.
    await page.getByTestId('nav-administration').click();
    await page.getByTestId('tab-live').click();
    await page.waitForURL((url) => url.pathname === '/dvr-settings');
    await page.getByRole('heading', { name: 'Live sources', exact: true }).waitFor();
    await page.getByTestId('live-sources-empty').getByText('No live sources yet').waitFor();
    await shot(page, 'live-01-empty');

    // A listening SRT source on a privileged port without a passphrase: refused, each problem at its field.
    await page.getByTestId('add-live-source').click();
    await page.getByTestId('live-source-name').fill('Studio feed');
    await page.getByTestId('live-source-type').click();
    await page.getByRole('option', { name: 'SRT', exact: true }).click();
    await page.getByText('The server waits on this port; encoders connect to it with the passphrase.').waitFor();
    await page.getByTestId('live-source-location').fill('srt://0.0.0.0:80');
    await page.getByTestId('live-source-submit').click();
    await page.getByTestId('live-source-error').getByText('The live source is not valid.').waitFor();
    await page.getByText('A listening SRT source needs a passphrase of 10 to 79 characters.').waitFor();
    await page
      .getByText(/^Check the address\. For this type and connection it looks like srt:\/\/0\.0\.0\.0:9000/)
      .waitFor();
    await shot(page, 'live-02-refused');

    // UDP on a local port: saved, listed with the address encoders send to.
    const port = await freeUdpPort();
    await page.getByTestId('live-source-type').click();
    await page.getByRole('option', { name: 'UDP (MPEG-TS)', exact: true }).click();
    expect(await page.getByTestId('live-source-passphrase').count()).toBe(0);
    await page.getByTestId('live-source-location').fill(`udp://127.0.0.1:${port}`);
    await page.getByTestId('live-source-submit').click();
    const row = page.getByTestId('live-source-row-Studio feed');
    await row.waitFor();
    expect(await row.getByTestId('live-source-ingest-url').textContent()).toBe(`udp://127.0.0.1:${port}`);
    expect(await row.getByTestId('live-source-kind').textContent()).toBe('UDP (MPEG-TS) · Listener');
    // Nothing is sent yet: offline, no picture.
    await row.getByTestId('live-source-state').getByText('Offline – no signal').waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('live-source-thumbnail').count()).toBe(0);

    // An encoder starts sending: the row turns ready with its input and a picture that keeps changing.
    feed = startUdpFeed(port);
    await row.getByTestId('live-source-state').getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await row.getByTestId('live-source-video').textContent()).toBe('H.264 320×180');
    expect(await row.getByTestId('live-source-rate').textContent()).toMatch(/^25 fps · \d+ kbit\/s$/);
    expect(await row.getByTestId('live-source-audio').textContent()).toBe('AAC, 1 channel');
    const thumbnail = row.getByTestId('live-source-thumbnail');
    await thumbnail.waitFor();
    const first = await thumbnail.getAttribute('src');
    expect(first).toMatch(/^data:image\/jpeg;base64,/);
    // Asked again every few seconds, the picture shows the moving test pattern anew and decodes as an image.
    let next = first;
    for (const deadline = Date.now() + 30_000; next === first && Date.now() < deadline;) {
      await page.waitForTimeout(500);
      next = await thumbnail.getAttribute('src');
    }
    expect(next).not.toBe(first);
    expect(next).toMatch(/^data:image\/jpeg;base64,/);
    type TImage = { decode(): Promise<void>; naturalWidth: number };
    const width = await thumbnail.evaluate((img) =>
      (img as unknown as TImage).decode().then(() => (img as unknown as TImage).naturalWidth),
    );
    expect(width).toBe(320);
    await shot(page, 'live-03-ready');

    // Edit: renamed; the address stays, and reopening shows what was saved.
    await row.getByTestId('live-source-edit').click();
    expect(await page.getByTestId('live-source-location').inputValue()).toBe(`udp://127.0.0.1:${port}`);
    await page.getByTestId('live-source-name').fill('Studio feed B');
    await page.getByTestId('live-source-submit').click();
    const renamed = page.getByTestId('live-source-row-Studio feed B');
    await renamed.waitFor();
    await row.waitFor({ state: 'detached' });
    await renamed.getByTestId('live-source-edit').click();
    expect(await page.getByTestId('live-source-name').inputValue()).toBe('Studio feed B');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // In French the row reads in French, and still fits at 1280 px.
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('language-fr').click();
    await page.locator('html[lang="fr"]').waitFor({ state: 'attached' });
    await renamed.getByTestId('live-source-state').getByText('Prête', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await renamed.getByTestId('live-source-audio').textContent()).toBe('AAC, 1 canal');
    expect(await renamed.getByTestId('live-source-kind').textContent()).toBe('UDP (MPEG-TS) · Écoute');
    await renamed.getByTestId('live-source-delete').waitFor();
    expect(await renamed.getByTestId('live-source-delete').isVisible()).toBe(true);
    await shot(page, 'live-04-fr');

    // Delete: gone after the confirmation, and the page says how to start again.
    await renamed.getByTestId('live-source-delete').click();
    await page.getByTestId('confirm-button').click();
    await renamed.waitFor({ state: 'detached' });
    await page.getByTestId('live-sources-empty').waitFor();
    await page.reload();
    await page.getByTestId('live-sources-empty').waitFor();
    await context.close();
  });
});
