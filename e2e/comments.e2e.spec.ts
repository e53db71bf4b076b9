import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { waitForTimecode } from './support/player';
import { adminCalls } from './support/console-calls';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';
import { openItemAs } from './support/item-page';

jest.setTimeout(300_000);

const REVIEWER = { email: 'rita@demo.local', name: 'Rita Reviewer', password: 'rita-reviews-every-cut-1' };

describe('comments and tasks in a browser', () => {
  const suite = browserSuite('comments');
  const { dir } = suite;

  it('comments on a range, assigns it, and the assignee finds it in My tasks, jumps to it, replies and resolves', async () => {
    const call = await adminCalls(suite.server);
    const group = await call<{ id: string }>('groups.create', { name: 'Reviewers' });
    await call('users.create', { ...REVIEWER, groupIds: [group.id] });
    const apiKey = await createApiKey(suite.server, 'comments-e2e');
    const itemId = await uploadItem(
      suite.server,
      apiKey,
      'Interview.mp4',
      readFileSync(makeVideo(dir, 'Interview.mp4', 6, '640x360')),
    );
    // Frame-exact seeks are checked on the proxy: a switch from the original to it mid-test is the playback suite's.
    await waitUntilProcessed(suite.server, apiKey, itemId);

    // The producer comments on 10:00:02:00 – 10:00:03:00 and assigns it to the reviewer.
    const { context: producerContext, page: producer } = await openItemAs(suite.browser, suite.server, itemId);
    await producer.getByTestId('tab-comments').click();
    await producer.getByTestId('comment-new-text').fill('Cut the cough before the answer');
    await producer.getByTestId('comment-new-in').fill('10:00:02:00');
    await producer.getByTestId('comment-new-out').fill('10:00:03:00');
    await producer.getByTestId('comment-new-submit').click();
    const thread = producer.getByTestId('comment-thread').filter({ hasText: 'Cut the cough' });
    await thread.waitFor();
    expect((await thread.getByTestId('comment-timecode').textContent())?.trim()).toBe('10:00:02:00 – 10:00:03:00');
    await thread.getByTestId('comment-assignee').click();
    await Promise.all([
      producer.waitForResponse((response) => response.url().includes('comments.assign') && response.ok()),
      producer.getByRole('option', { name: REVIEWER.name }).click(),
    ]);
    // The comment is a marker on the timeline.
    await producer.getByTestId('player-marker').first().waitFor();
    expect(await producer.getByTestId('player-marker').count()).toBe(1);
    await shot(producer, 'comments-01-marker');
    await producerContext.close();

    // The reviewer, in a browser of her own, finds it under My tasks with its SMPTE timecode.
    const reviewerContext = await suite.browser.newContext({ locale: 'en-GB' });
    const reviewer = await reviewerContext.newPage();
    await signIn(reviewer, suite.server, REVIEWER.email, REVIEWER.password);
    await reviewer.getByTestId('nav-my-tasks').click();
    await reviewer.waitForURL(/\/userTasks$/);
    const task = reviewer.getByTestId('task-row').filter({ hasText: 'Cut the cough' });
    await task.waitFor();
    expect(await reviewer.getByTestId('task-row').count()).toBe(1);
    expect(await task.getByTestId('task-status-select').inputValue()).toBe('Open');
    // The assignee changes the status; due date and priority are the assigner's.
    expect(await task.getByTestId('task-priority').textContent()).toBe('Normal');
    expect(await task.getByTestId('task-due').textContent()).toBe('No due date');
    await task.getByTestId('task-timecode').getByText('10:00:02:00 – 10:00:03:00').waitFor();
    await shot(reviewer, 'comments-02-my-tasks');

    // Jumping to it opens the item at the comment's in point with its thread open.
    await task.getByTestId('task-link').click();
    await reviewer.waitForURL(new RegExp(`/item-details/${itemId}\\?t=25600&comment=[0-9a-f-]{36}$`));
    await reviewer.getByTestId('media-player').waitFor({ timeout: 60_000 });
    await waitForTimecode(reviewer, '10:00:02:00');
    const opened = reviewer.locator('[data-testid="comment-thread"][data-highlighted="true"]');
    await opened.waitFor();
    expect(await opened.getByTestId('comment-text').first().textContent()).toBe('Cut the cough before the answer');
    const marker = reviewer.getByTestId('player-marker');
    await marker.waitFor();
    expect(await marker.getAttribute('aria-label')).toMatch(
      /^10:00:02:00 – 10:00:03:00 · .+: Cut the cough before the answer$/,
    );

    // From another tab, the marker opens the Comments tab at the thread and moves the player to its in point.
    await reviewer.getByTestId('tab-metadata').click();
    await opened.waitFor({ state: 'detached' });
    await reviewer.getByTestId('player-next-frame').click();
    await waitForTimecode(reviewer, '10:00:02:01');
    await marker.click();
    await opened.waitFor();
    await waitForTimecode(reviewer, '10:00:02:00');

    // Moving away and clicking the comment's timecode brings the player back to it.
    await reviewer.locator('body').press('ArrowRight');
    await waitForTimecode(reviewer, '10:00:02:01');
    await opened.getByTestId('comment-timecode').click();
    await waitForTimecode(reviewer, '10:00:02:00');

    // She replies and resolves; the marker stays, dimmed.
    await opened.getByTestId('comment-reply').first().click();
    await opened.getByTestId('comment-reply-form-text').fill('Done, cut 8 frames');
    await opened.getByTestId('comment-reply-form-submit').click();
    await opened.getByText('Done, cut 8 frames').waitFor();
    await opened.getByTestId('comment-resolve').click();
    await opened.getByText('Resolved').waitFor();
    await reviewer.locator('[data-testid="player-marker"][data-dimmed="true"]').waitFor();
    await shot(reviewer, 'comments-03-resolved');

    // My tasks: nothing left to do; under Done it is there, and can be moved back to in progress from the list.
    await reviewer.getByTestId('nav-my-tasks').click();
    await reviewer.getByText('No tasks here.').waitFor();
    await reviewer.getByTestId('tasks-filter').getByText('Done', { exact: true }).click();
    const resolved = reviewer.getByTestId('task-row').filter({ hasText: 'Cut the cough' });
    await resolved.waitFor();
    expect(await resolved.getByTestId('task-status-select').inputValue()).toBe('Done');
    await resolved.getByTestId('task-status-select').click();
    await Promise.all([
      reviewer.waitForResponse((response) => response.url().includes('comments.updateTask') && response.ok()),
      reviewer.getByRole('option', { name: 'In progress' }).click(),
    ]);
    await reviewer.getByText('No tasks here.').waitFor();
    await reviewer.getByTestId('tasks-filter').getByText('In progress', { exact: true }).click();
    await reviewer.getByTestId('task-row').filter({ hasText: 'Cut the cough' }).waitFor();
    await reviewerContext.close();

    // The producer has no tasks of her own; with taskListAll she sees everyone's, with the assignee.
    const leadContext = await suite.browser.newContext({ locale: 'en-GB' });
    const lead = await leadContext.newPage();
    await signIn(lead, suite.server, suite.server.adminEmail, suite.server.adminPassword);
    await lead.goto(`${suite.server.url}/userTasks`);
    await lead.getByText('No tasks here.').waitFor();
    await lead.getByTestId('tasks-everyone').click();
    const everyone = lead.getByTestId('task-row').filter({ hasText: 'Cut the cough' });
    await everyone.waitFor();
    await everyone.getByText(REVIEWER.name).waitFor();

    // As the assigner she gives it a priority, and (through the API) a due date already past: it shows overdue.
    await everyone.getByTestId('task-priority-select').click();
    await Promise.all([
      lead.waitForResponse((response) => response.url().includes('comments.updateTask') && response.ok()),
      lead.getByRole('option', { name: 'Urgent' }).click(),
    ]);
    const dueAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    await call('comments.updateTask', { id: (await everyone.getAttribute('data-comment-id'))!, dueAt });
    await lead.reload();
    await lead.getByTestId('tasks-everyone').click();
    await lead.locator('[data-testid="task-row"][data-overdue="true"]').filter({ hasText: 'Cut the cough' }).waitFor();
    await shot(lead, 'comments-04-overdue');

    // The item's History says what changed, before and after, and who did it.
    await lead.goto(`${suite.server.url}/item-details/${itemId}`);
    await lead.getByTestId('tab-history').click();
    const prioritised = lead.getByTestId('history-row').filter({ hasText: 'Priority: Normal → Urgent' });
    await prioritised.getByText(suite.server.adminEmail).waitFor();
    await lead
      .getByTestId('history-row')
      .getByText(/^Due: \(empty\) → .*\d/)
      .waitFor();
    await lead.getByTestId('history-row').getByText('Status: Done → In progress').waitFor();
    await shot(lead, 'comments-05-history');
    await leadContext.close();
  });
});
