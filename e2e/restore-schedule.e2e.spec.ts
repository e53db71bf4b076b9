import { createApiKey } from './support/api-key';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

describe('high-res deletion from the item page', () => {
  const suite = browserSuite('restore-schedule');

  it('schedules a deletion, unschedules it, then has it done and answers a late unschedule with the spec’s message', async () => {
    const apiKey = await createApiKey(suite.server, 'highres');
    const itemId = await uploadItem(suite.server, apiKey, 'Rushes.txt');
    await waitUntilProcessed(suite.server, apiKey, itemId);

    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.goto(`${suite.server.url}/item-details/${itemId}`);
    const panel = page.getByTestId('highres-deletion');
    const status = panel.getByTestId('highres-deletion-status');
    await status.getByText('No deletion scheduled.').waitFor();

    await panel.getByText('Days after ingest').first().click();
    await panel.getByTestId('highres-deletion-days').fill('30');
    await panel.getByRole('button', { name: 'Schedule deletion' }).click();
    await status.getByText(/The high resolution will be deleted on/).waitFor();
    await shot(page, 'highres-deletion-01-scheduled');

    await panel.getByRole('button', { name: 'Unschedule' }).click();
    await status.getByText('The deletion was unscheduled.').waitFor();

    // Zero days after ingest has passed already: the deletion runs at once.
    await panel.getByTestId('highres-deletion-days').fill('0');
    await panel.getByRole('button', { name: 'Schedule deletion' }).click();
    await status.getByText(/The high resolution was deleted on/).waitFor({ timeout: 60_000 });
    await shot(page, 'highres-deletion-02-deleted');

    const response = await fetch(`${suite.server.url}/api/v1/items/${itemId}/highres-deletion`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: 'HIGHRES_ALREADY_DELETED',
      message: 'Highres has already been deleted',
    });
    await context.close();
  });
});
