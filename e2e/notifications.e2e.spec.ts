import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import type { Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import { consoleCalls } from './support/console-calls';
import { waitForTimecode } from './support/player';
import { uploadItem } from './support/seed-item';
import { signIn } from './support/sign-in';
import type { RunningServer } from './support/server';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

const REVIEWER = { email: 'rita@demo.local', name: 'Rita Reviewer', password: 'rita-reviews-every-cut-1' };
const EDITOR = { email: 'ed@demo.local', name: 'Ed Editor', password: 'ed-edits-every-cut-1' };

async function signInListening(page: Page, server: RunningServer, email: string, password: string) {
  const listening = page.waitForResponse((r) => r.url().includes('/api/v1/notifications/stream') && r.ok());
  await signIn(page, server, email, password);
  await listening;
}

const bell = (page: Page, unread: number) =>
  page.locator(`[data-testid="notification-bell"][data-unread="${unread}"]`).waitFor();

describe('notifications in a browser', () => {
  const suite = browserSuite('notifications');
  const { dir } = suite;
  let itemId = '';

  beforeAll(async () => {
    const admin = await consoleCalls(suite.server);
    const reviewers = await admin.mutate<{ id: string }>('groups.create', { name: 'Reviewers' });
    const editors = await admin.mutate<{ id: string }>('groups.create', { name: 'Editors' });
    await admin.mutate('users.create', { ...REVIEWER, groupIds: [reviewers.id] });
    await admin.mutate('users.create', { ...EDITOR, groupIds: [editors.id] });
    const apiKey = await createApiKey(suite.server, 'notifications-e2e');
    itemId = await uploadItem(
      suite.server,
      apiKey,
      'Interview.mp4',
      readFileSync(makeVideo(dir, 'Interview.mp4', 6, '640x360')),
    );
    // The uploader (the administrator's key) hears when processing finishes; cleared so the tests count from 0.
    for (let i = 0; ; i++) {
      const { notifications } = await admin.query<{
        notifications: Array<{ kind: string; item: { id: string } | null }>;
      }>('notifications.list', { state: 'unread' });
      if (notifications.some((n) => n.kind === 'operation_finished' && n.item?.id === itemId)) break;
      if (i > 900) throw new Error('no operation_finished notification for the upload');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await admin.mutate('notifications.markAllRead', null);
  });

  it('rings the assignee live, opens the item at the timecode, and rings the producer on the reply', async () => {
    // The reviewer is signed in elsewhere with nothing new.
    const reviewerContext = await suite.browser.newContext({ locale: 'en-GB' });
    const reviewer = await reviewerContext.newPage();
    await signInListening(reviewer, suite.server, REVIEWER.email, REVIEWER.password);
    await bell(reviewer, 0);

    // The producer comments on 10:00:02:00 – 10:00:03:00 and assigns it to the reviewer.
    const producerContext = await suite.browser.newContext({ locale: 'en-GB' });
    const producer = await producerContext.newPage();
    await signInListening(producer, suite.server, suite.server.adminEmail, suite.server.adminPassword);
    await producer.goto(`${suite.server.url}/item-details/${itemId}`);
    await producer.getByTestId('media-player').waitFor({ timeout: 180_000 });
    await producer.getByTestId('tab-comments').click();
    await producer.getByTestId('comment-new-text').fill('Cut the cough before the answer');
    await producer.getByTestId('comment-new-in').fill('10:00:02:00');
    await producer.getByTestId('comment-new-out').fill('10:00:03:00');
    await producer.getByTestId('comment-new-submit').click();
    const producerThread = producer.getByTestId('comment-thread').filter({ hasText: 'Cut the cough' });
    await producerThread.waitFor();
    await producerThread.getByTestId('comment-assignee').click();
    await Promise.all([
      producer.waitForResponse((response) => response.url().includes('comments.assign') && response.ok()),
      producer.getByRole('option', { name: REVIEWER.name }).click(),
    ]);

    // Without a reload, the reviewer's bell shows one unread notification.
    await bell(reviewer, 1);
    expect(await reviewer.getByTestId('notification-count').textContent()).toBe('1');
    await reviewer.getByTestId('notification-bell').click();
    const row = reviewer.getByTestId('notification-row').first();
    await row.waitFor();
    expect(await row.getAttribute('data-kind')).toBe('assigned');
    expect(await row.getByTestId('notification-message').textContent()).toMatch(
      /^.+ assigned you a comment on Interview/,
    );
    await shot(reviewer, 'notifications-01-bell');

    // The click marks it read and opens the item at the comment's in point with the thread open.
    await row.click();
    await reviewer.waitForURL(new RegExp(`/item-details/${itemId}\\?t=25600&comment=[0-9a-f-]{36}$`));
    await bell(reviewer, 0);
    await reviewer.getByTestId('media-player').waitFor({ timeout: 60_000 });
    await waitForTimecode(reviewer, '10:00:02:00');
    const opened = reviewer.locator('[data-testid="comment-thread"][data-highlighted="true"]');
    await opened.waitFor();
    expect(await opened.getByTestId('comment-text').first().textContent()).toBe('Cut the cough before the answer');

    // She replies and resolves.
    await opened.getByTestId('comment-reply').first().click();
    await opened.getByTestId('comment-reply-form-text').fill('Done, cut 8 frames');
    await opened.getByTestId('comment-reply-form-submit').click();
    await opened.getByText('Done, cut 8 frames').waitFor();
    await opened.getByTestId('comment-resolve').click();
    await opened.getByText('Resolved').waitFor();

    // The producer's bell rings with the reply; under Read the reviewer finds the assignment again.
    await bell(producer, 1);
    await producer.getByTestId('notification-bell').click();
    const reply = producer.getByTestId('notification-row').first();
    expect(await reply.getAttribute('data-kind')).toBe('reply');
    expect(await reply.getByTestId('notification-message').textContent()).toMatch(
      /^Rita Reviewer replied to a comment on Interview/,
    );
    await shot(producer, 'notifications-02-reply');
    await producer.getByTestId('notification-mark-all').click();
    await bell(producer, 0);
    await producer.getByTestId('notification-empty').waitFor();

    await reviewer.getByTestId('notification-bell').click();
    await reviewer.getByTestId('notification-state').getByText('Read', { exact: true }).click();
    await reviewer.locator('[data-testid="notification-row"][data-kind="assigned"][data-read="true"]').waitFor();
    await reviewerContext.close();
    await producerContext.close();
  });

  it('offers users and groups after @, shows mentions as names and notifies the members', async () => {
    const reviewerContext = await suite.browser.newContext({ locale: 'en-GB' });
    const reviewer = await reviewerContext.newPage();
    await signInListening(reviewer, suite.server, REVIEWER.email, REVIEWER.password);
    const before = Number(await reviewer.getByTestId('notification-bell').getAttribute('data-unread'));

    const producerContext = await suite.browser.newContext({ locale: 'en-GB' });
    const producer = await producerContext.newPage();
    await signIn(producer, suite.server, suite.server.adminEmail, suite.server.adminPassword);
    await producer.goto(`${suite.server.url}/item-details/${itemId}`);
    await producer.getByTestId('tab-comments').click();
    const text = producer.getByTestId('comment-new-text');
    await text.click();
    await text.pressSequentially('Please check @Rit');
    await producer.getByTestId('mention-option').filter({ hasText: REVIEWER.name }).click();
    await text.pressSequentially('and @Edi');
    const group = producer.getByTestId('mention-option').filter({ hasText: 'Editors' });
    await group.waitFor();
    await text.press('Enter');
    await group.waitFor({ state: 'hidden' });
    // The editor shows names, highlighted, not the tokens it saves.
    const chips = producer.getByTestId('comment-new').getByTestId('mention-chip');
    expect(await text.inputValue()).toBe('Please check @Rita Reviewer and @Editors ');
    expect(await chips.allTextContents()).toEqual(['@Rita Reviewer', '@Editors']);
    // Backspace after a name takes the whole mention.
    await text.press('Backspace');
    await text.press('Backspace');
    expect(await text.inputValue()).toBe('Please check @Rita Reviewer and ');
    expect(await chips.allTextContents()).toEqual(['@Rita Reviewer']);
    // The arrow keys walk the suggestions and Enter takes the one chosen.
    await text.pressSequentially('@Ed');
    const options = producer.getByTestId('mention-option');
    await options.filter({ hasText: 'Editors' }).waitFor();
    const names = await options.allTextContents();
    const index = names.findIndex((name) => name.startsWith('Editors'));
    expect(index).toBeGreaterThan(0);
    for (let i = 0; i < index; i++) await text.press('ArrowDown');
    await text.press('Enter');
    await group.waitFor({ state: 'hidden' });
    expect(await text.inputValue()).toBe('Please check @Rita Reviewer and @Editors ');
    expect(await chips.allTextContents()).toEqual(['@Rita Reviewer', '@Editors']);
    await producer.getByTestId('comment-new-submit').click();
    const thread = producer.getByTestId('comment-thread').filter({ hasText: 'Please check' });
    await thread.waitFor();
    const mentions = thread.getByTestId('comment-mention');
    expect(await mentions.allTextContents()).toEqual(['@Rita Reviewer', '@Editors']);
    expect(await thread.getByTestId('comment-text').first().textContent()).toBe(
      'Please check @Rita Reviewer and @Editors',
    );
    await shot(producer, 'notifications-03-mentions');

    // The mentioned user hears of it live; the group's member finds it in their list.
    await bell(reviewer, before + 1);
    await reviewer.getByTestId('notification-bell').click();
    const row = reviewer.getByTestId('notification-row').first();
    expect(await row.getAttribute('data-kind')).toBe('mentioned');
    expect(await row.getByTestId('notification-message').textContent()).toMatch(/mentioned you on Interview$/);
    const editor = await consoleCalls(suite.server, EDITOR.email, EDITOR.password);
    const list = await editor.query<{ notifications: Array<{ kind: string; item: { id: string } | null }> }>(
      'notifications.list',
      { state: 'unread' },
    );
    expect(list.notifications).toEqual([
      expect.objectContaining({ kind: 'mentioned', item: expect.objectContaining({ id: itemId }) }),
    ]);

    // Editing the posted comment shows the names the same way; the edit saves the mentions that are left.
    await thread.getByTestId('comment-edit').click();
    const editText = thread.getByTestId('comment-edit-form-text');
    expect(await editText.inputValue()).toBe('Please check @Rita Reviewer and @Editors');
    const editChips = thread.getByTestId('comment-edit-form').getByTestId('mention-chip');
    expect(await editChips.allTextContents()).toEqual(['@Rita Reviewer', '@Editors']);
    await editText.press('End');
    await editText.press('Backspace');
    await editText.pressSequentially('everyone');
    expect(await editChips.allTextContents()).toEqual(['@Rita Reviewer']);
    await shot(producer, 'notifications-04-mention-chips');
    await thread.getByTestId('comment-edit-form-submit').click();
    await thread.getByTestId('comment-edited').waitFor();
    expect(await thread.getByTestId('comment-mention').allTextContents()).toEqual(['@Rita Reviewer']);
    expect(await thread.getByTestId('comment-text').first().textContent()).toBe(
      'Please check @Rita Reviewer and everyone',
    );
    await reviewerContext.close();
    await producerContext.close();
  });
});
