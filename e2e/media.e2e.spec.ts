import { makeAudio, makeVideo } from '@mam/api/testing/media-fixtures';
import { timecodeOf, waitForTimecode } from './support/player';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(240_000);

describe('media pipeline in a browser', () => {
  const suite = browserSuite('media');
  const { dir } = suite;

  it('uploads a video, shows progress, plays it, sets marks with the keyboard, and plays an audio file', async () => {
    const video = makeVideo(dir, 'Match highlights.mp4', 6, '640x360');
    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/login`);
    // By organisation name: an e-mail address would get the organisations mailed instead.
    await page.getByLabel('Organisation or email').fill('demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(suite.server.adminEmail);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(suite.server.adminPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('search-input').waitFor();

    await page.goto(`${suite.server.url}/folders`);
    await page.waitForURL(/\/folders\?folderId=[0-9a-f-]{36}/);
    await page.getByTestId('upload-file-input').setInputFiles(video);
    await page.getByTestId('uploads-panel').waitFor();
    await page.getByTestId('upload-row').first().waitFor();
    await shot(page, 'media-01-uploading');

    // The item appears in the folder and settles once processed.
    const tile = page.getByTestId('item-tile').filter({ hasText: 'Match highlights' });
    await tile.waitFor({ timeout: 60_000 });
    await tile.getByTestId('item-thumbnail').waitFor({ timeout: 120_000 });
    await shot(page, 'media-02-folder');
    // Six seconds at the clip's 50 fps, as timecode; the words stay in the tooltip.
    expect(await tile.getByTestId('item-duration').textContent()).toBe('00:00:06:00');
    await tile.click();
    await page.waitForURL(/\/item-details\/[0-9a-f-]{36}/);

    await page.getByTestId('media-player').waitFor({ timeout: 120_000 });
    await page.getByTestId('player-waveform').waitFor();
    expect(await page.getByTestId('technical-metadata').textContent()).toContain('50 fps');
    // The checksum from ingest, the sound track and its measured channel level.
    expect(await page.getByTestId('checksum-sha256').textContent()).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('audio-track').count()).toBe(1);
    expect(await page.getByTestId('audio-level').count()).toBe(1);
    const start = await timecodeOf(page);
    expect(start).toMatch(/^10:00:00[:;]00$/);

    await page.getByTestId('player-play').click();
    await waitForTimecode(page, (timecode) => timecode !== start);
    await page.getByTestId('player-play').click();
    await page.locator('body').press('i');
    const markIn = (await page.getByTestId('player-mark-in').textContent())?.trim() ?? '';
    expect(markIn).toMatch(/^10:00:0\d[:;]\d\d$/);
    for (let i = 0; i < 10; i++) await page.locator('body').press('ArrowRight');
    await page.locator('body').press('o');
    const markOut = (await page.getByTestId('player-mark-out').textContent())?.trim() ?? '';
    expect(markOut).not.toBe(markIn);
    await page.locator('body').press('Shift+I');
    await waitForTimecode(page, (timecode) => timecode === markIn);
    await shot(page, 'media-03-player');

    await page.goto(`${suite.server.url}/activity`);
    await page.getByTestId('operation-row').first().waitFor();
    expect(await page.getByTestId('operation-status').first().textContent()).toBe('Done');
    await page.getByTestId('tab-processing').click();
    await page.locator('[data-testid="operation-row"][data-status="done"]').first().waitFor();

    // Audio plays in the same player, with its waveform under the timeline.
    const audio = makeAudio(dir, 'Stadium ambience.wav', 4);
    await page.goto(`${suite.server.url}/folders`);
    await page.waitForURL(/\/folders\?folderId=[0-9a-f-]{36}/);
    await page.getByTestId('upload-file-input').setInputFiles(audio);
    const audioTile = page.getByTestId('item-tile').filter({ hasText: 'Stadium ambience' });
    await audioTile.waitFor({ timeout: 60_000 });
    await audioTile.getByTestId('item-thumbnail').waitFor({ timeout: 120_000 });
    await audioTile.click();
    await page.getByTestId('media-player').waitFor({ timeout: 120_000 });
    await page.getByTestId('player-waveform').waitFor();
    const audioStart = await timecodeOf(page);
    await page.getByTestId('player-play').click();
    await waitForTimecode(page, (timecode) => timecode !== audioStart);
    await shot(page, 'media-04-audio');
    await context.close();
  });
});
