import { readFileSync } from 'node:fs';
import { makeTruncatedVideo, makeVideo } from '@mam/api/testing/media-fixtures';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(240_000);

describe('Background Jobs in a browser', () => {
  const suite = browserSuite('background-jobs');
  const { dir } = suite;

  it('finds a failed transcode, reads its history, retries it and downloads its history', async () => {
    // The file ends after 3,000 bytes: its transcode fails.
    const broken = makeTruncatedVideo(dir, makeVideo(dir, 'source.mp4'), 'Broken interview.mp4');
    const context = await suite.browser.newContext({ locale: 'en-GB', acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, suite.server);

    await page.goto(`${suite.server.url}/folders`);
    await page.waitForURL(/\/folders\?folderId=[0-9a-f-]{36}/);
    await page.getByTestId('upload-file-input').setInputFiles(broken);
    await page.getByTestId('item-tile').filter({ hasText: 'Broken interview' }).waitFor({ timeout: 60_000 });

    // The operator's way in: the profile menu, Administration, Background jobs.
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-administration').click();
    await page.getByTestId('tab-jobs').click();
    await page.getByTestId('jobs-filter-state').click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await page.keyboard.press('Escape');
    const failed = page.locator('[data-testid="job-row"][data-status="FAILED"]');
    // The run may still be going: refresh until it has failed.
    for (let i = 0; i < 120 && (await failed.count()) === 0; i++) {
      await page.getByTestId('jobs-refresh').click();
      await page.waitForTimeout(500);
    }
    await failed.first().waitFor();
    expect(await failed.count()).toBe(1);
    const row = failed.first();
    expect(await row.textContent()).toContain('Transcode');
    const workflowId = (await row.getAttribute('data-workflow-id'))!;
    expect(workflowId).toMatch(/^demo:item-[0-9a-f-]{36}:v1:transcode$/);
    await shot(page, 'background-jobs-01-list');

    // Its history: a readable timeline, the failing activity with its attempts, and the error.
    await row.click();
    const drawer = page.getByTestId('job-drawer');
    await drawer.getByTestId('job-timeline').waitFor();
    expect(await drawer.getByTestId('job-id').textContent()).toBe(workflowId);
    expect(await drawer.getByTestId('job-status').first().textContent()).toBe('Failed');
    const events = drawer.getByTestId('job-event');
    expect(await events.first().textContent()).toBe('Started');
    expect(await events.last().textContent()).toBe('Failed');
    await drawer.locator('[data-testid="job-event"][data-kind="ActivityFailed"]').first().waitFor();
    const failedActivity = drawer.locator('[data-testid="job-activity"][data-state="FAILED"]').first();
    expect(Number(await failedActivity.getByTestId('job-activity-attempts').textContent())).toBeGreaterThanOrEqual(1);
    expect((await drawer.getByTestId('job-failure').textContent())?.length).toBeGreaterThan(5);
    await shot(page, 'background-jobs-02-history');

    // Download history: the JSON Temporal's CLI and web UI export.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByTestId('job-download-history').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.history\.json$/);
    const history = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      events: Array<{ eventType: string }>;
    };
    expect(history.events[0]!.eventType).toBe('EVENT_TYPE_WORKFLOW_EXECUTION_STARTED');
    expect(history.events.at(-1)!.eventType).toBe('EVENT_TYPE_WORKFLOW_EXECUTION_FAILED');

    // Retry: a new run of the same business id, which fails again (the file is still broken).
    const firstRun = await drawer.getByTestId('job-run-id').textContent();
    await drawer.getByTestId('job-retry').click();
    await page.getByTestId('confirm-button').click();
    await page.getByText('A new run has started.').waitFor();
    const runId = drawer.getByTestId('job-run-id');
    for (let i = 0; i < 100 && (await runId.textContent()) === firstRun; i++) await page.waitForTimeout(100);
    expect(await runId.textContent()).not.toBe(firstRun);
    await drawer.locator('[data-testid="job-status"]', { hasText: 'Failed' }).first().waitFor({ timeout: 60_000 });
    await shot(page, 'background-jobs-03-retried');
    await page.keyboard.press('Escape');
    await page.getByTestId('jobs-refresh').click();
    await page.locator(`[data-testid="job-row"][data-workflow-id="${workflowId}"]`).waitFor();
    expect(await page.locator('[data-testid="job-row"]').count()).toBe(1);
    await context.close();
  });
});
