import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { uploadItem } from './support/seed-item';
import { timecodeOf, waitForTimecode } from './support/player';
import { adminCalls } from './support/console-calls';
import { browserSuite } from './support/suite';
import { openItemAs } from './support/item-page';

jest.setTimeout(300_000);

const playsForm = {
  id: 'plays',
  label: 'Plays',
  active: true,
  flavor: 'timed',
  color: '#1c7ed6',
  keyboardShortcut: 'g',
  views: { item: [] },
  fields: [{ id: 'f1', fieldId: 'play', label: 'Play', type: 'Text' }],
};

describe('logging and relations in a browser', () => {
  const suite = browserSuite('logging');
  const { dir } = suite;

  it('logs three markers with a shortcut while playing, finds one by search at its timecode, and relates items', async () => {
    const call = await adminCalls(suite.server);
    await call('metadataForms.create', { form: playsForm });
    const apiKey = await createApiKey(suite.server, 'logging-e2e');
    const matchId = await uploadItem(
      suite.server,
      apiKey,
      'Match.mp4',
      readFileSync(makeVideo(dir, 'Match.mp4', 6, '640x360')),
    );
    const rushesId = await uploadItem(
      suite.server,
      apiKey,
      'Rushes.mp4',
      readFileSync(makeVideo(dir, 'Rushes.mp4', 2, '320x180')),
    );

    const { context, page } = await openItemAs(suite.browser, suite.server, matchId);
    await page.getByTestId('tab-logging').click();
    await page.getByTestId('logging-form-plays').getByText('g').waitFor();

    // Play, and press the form's key at three moments.
    const entries = page.getByTestId('log-entry');
    let previous = await timecodeOf(page);
    await page.getByTestId('player-play').click();
    for (let count = 1; count <= 3; count++) {
      const last = previous;
      previous = await waitForTimecode(page, (timecode) => timecode > last);
      await page.locator('body').press('g');
      await entries.nth(count - 1).waitFor({ timeout: 10_000 });
    }
    await page.getByTestId('player-play').click();
    const timecodes = (await entries.getByTestId('log-entry-timecode').allTextContents()).map((t) => t.trim());
    expect(timecodes).toHaveLength(3);
    expect(new Set(timecodes).size).toBe(3);
    expect([...timecodes].sort()).toEqual(timecodes);
    expect(await page.getByTestId('player-marker').count()).toBe(3);

    // The second entry gets a value.
    const second = entries.nth(1);
    await second.getByTestId('log-entry-edit').click();
    await page.getByTestId('log-entry-editor').getByLabel('Play').fill('Bicycle kick');
    await page.getByTestId('log-entry-save').click();
    await second.getByTestId('log-entry-values').getByText('Bicycle kick').waitFor();

    // A search for it finds the item at that entry's timecode, and the link opens the player there.
    await page.goto(`${suite.server.url}/?q=bicycle`);
    const tile = page.locator(`[data-testid="item-tile"][data-item-id="${matchId}"]`);
    await tile.waitFor();
    const link = tile.getByTestId('log-match');
    expect((await link.textContent())?.trim()).toBe(`at ${timecodes[1]}`);
    await link.click();
    await page.waitForURL(new RegExp(`/item-details/${matchId}\\?t=\\d+$`));
    await page.getByTestId('media-player').waitFor({ timeout: 60_000 });
    await waitForTimecode(page, timecodes[1]!);

    // Relate the match to its rushes and see it from the rushes.
    await page.getByTestId('tab-relations').click();
    await page.getByTestId('relation-kind').click();
    await page.getByRole('option', { name: 'Derived from' }).click();
    await page.getByTestId('relation-item').fill('rush');
    await page.getByRole('option', { name: /^Rushes/ }).click();
    await page.getByTestId('relation-add').click();
    const group = page.getByTestId('relation-group-derived_from.outgoing');
    await group.getByText('Derived from').waitFor();
    await group.getByTestId('relation-link').click();
    await page.waitForURL(new RegExp(`/item-details/${rushesId}$`));
    await page.getByTestId('tab-relations').click();
    const inverse = page.getByTestId('relation-group-derived_from.incoming');
    await inverse.getByText('Source of').waitFor();
    expect((await inverse.getByTestId('relation-link').textContent())?.trim()).toMatch(/^Match/);
    expect(await timecodeOf(page)).not.toBe('');
    await context.close();
  });
});
