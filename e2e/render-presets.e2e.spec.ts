import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(180_000);

describe('render presets in a browser', () => {
  const suite = browserSuite('render-presets');

  it('lets an administrator create and edit presets, refuses deleting one in use, and moves the default', async () => {
    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.goto(`${suite.server.url}/settings/presets`);
    await page.getByRole('heading', { name: 'Render presets', exact: true }).waitFor();

    // The tenant's default set, the web render its default and the rewrap's fallback.
    const web = page.getByTestId('preset-row-Web MP4 (H.264)');
    await web.getByTestId('preset-default').waitFor();
    expect(await page.getByTestId('preset-default').count()).toBe(1);
    expect(await page.getByTestId('preset-row-Rewrap to MOV').getByTestId('preset-fallback').textContent()).toBe(
      'Web MP4 (H.264)',
    );
    expect(await page.getByTestId('preset-row-XDCAM HD422 1080i50').getByTestId('preset-mode').textContent()).toBe(
      'Broadcast',
    );
    await shot(page, 'presets-01-list');

    // A new broadcast preset; a start timecode the 25 fps format cannot have is refused at its field first.
    await page.getByTestId('add-preset').click();
    await page.getByTestId('preset-name').fill('News 1080i50');
    await page.getByTestId('preset-mode-choice').getByText('Broadcast', { exact: true }).click();
    await page.getByTestId('preset-audio-tracks').fill('4');
    await page.getByTestId('preset-start-timecode').fill('09:59:50:30');
    await page.getByTestId('preset-submit').click();
    await page.getByTestId('preset-error').getByText('The render preset is not valid.').waitFor();
    await page.getByText('Check this value.').waitFor();
    await page.getByTestId('preset-start-timecode').fill('09:59:50:00');
    await page.getByTestId('preset-submit').click();
    const news = page.getByTestId('preset-row-News 1080i50');
    await news.waitFor();
    expect(await news.getByTestId('preset-mode').textContent()).toBe('Broadcast');
    expect(await news.locator('code').textContent()).toBe('09:59:50:00');

    // Edit it: renamed, with a fallback; reopened, it shows what was saved.
    await news.getByTestId('preset-edit').click();
    await page.getByTestId('preset-name').fill('News MXF');
    await page.getByTestId('preset-fallback-choice').click();
    await page.getByRole('option', { name: 'Web MP4 (H.264)' }).click();
    await page.getByTestId('preset-submit').click();
    const renamed = page.getByTestId('preset-row-News MXF');
    await renamed.waitFor();
    expect(await renamed.getByTestId('preset-fallback').textContent()).toBe('Web MP4 (H.264)');
    await renamed.getByTestId('preset-edit').click();
    expect(await page.getByTestId('preset-audio-tracks').inputValue()).toBe('4');
    expect(await page.getByTestId('preset-fallback-choice').inputValue()).toBe('Web MP4 (H.264)');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The web render cannot go: two presets fall back to it (and it is the default).
    await web.getByTestId('preset-delete').click();
    await page.getByTestId('confirm-button').click();
    const refusal = page.getByTestId('preset-refusal');
    await refusal.getByText('This render preset is in use and cannot be deleted.').waitFor();
    await refusal.getByText('It is the fallback preset of News MXF, Rewrap to MOV.').waitFor();
    await shot(page, 'presets-02-refused');
    await web.waitFor();

    // The new preset becomes the default; the web render no longer is.
    await renamed.getByTestId('preset-set-default').click();
    await renamed.getByTestId('preset-default').waitFor();
    await page.reload();
    await page.getByTestId('preset-row-News MXF').getByTestId('preset-default').waitFor();
    expect(await page.getByTestId('preset-default').count()).toBe(1);
    expect(await page.getByTestId('preset-row-ProRes 422 HQ (MOV)').getByTestId('preset-delete').isEnabled()).toBe(
      true,
    );

    // An unused preset goes.
    await page.getByTestId('preset-row-ProRes 422 HQ (MOV)').getByTestId('preset-delete').click();
    await page.getByTestId('confirm-button').click();
    await page.getByTestId('preset-row-ProRes 422 HQ (MOV)').waitFor({ state: 'detached' });
    await context.close();
  });
});
