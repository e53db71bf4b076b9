import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import type { Locator, Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import { consoleCalls } from './support/console-calls';
import { openItemAs } from './support/item-page';
import { uploadItem } from './support/seed-item';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

/** A drag on the drawing surface between two points given as fractions of it. */
async function drag(page: Page, surface: Locator, from: [number, number], to: [number, number]) {
  await surface.scrollIntoViewIfNeeded();
  const area = (await surface.boundingBox())!;
  await page.mouse.move(area.x + area.width * from[0], area.y + area.height * from[1]);
  await page.mouse.down();
  for (const step of [0.5, 1]) {
    const x = from[0] + (to[0] - from[0]) * step;
    const y = from[1] + (to[1] - from[1]) * step;
    await page.mouse.move(area.x + area.width * x, area.y + area.height * y, { steps: 5 });
  }
  await page.mouse.up();
}

/**
 * Opens a share page until its player shows: the page is not polled, so one opened before the media could play
 * (processing is slow on a loaded machine) shows none until the reviewer loads it again.
 */
async function openShare(page: Page, url: string) {
  for (let attempt = 0; ; attempt++) {
    await page.goto(url);
    try {
      await page.getByTestId('media-player').waitFor({ timeout: 15_000 });
      return;
    } catch (error) {
      if (attempt >= 10) throw error;
    }
  }
}

const overlayShapes = (page: Page, type?: string) =>
  page.locator(
    `[data-testid="annotation-overlay"] [data-testid="annotation-shape"]${type ? `[data-shape-type="${type}"]` : ''}`,
  );

describe('drawings on the frame in a browser', () => {
  const suite = browserSuite('review-drawings');
  const { dir } = suite;

  it('an outside reviewer draws a box on a share page and posts; the owner sees the drawing over the player', async () => {
    const apiKey = await createApiKey(suite.server, 'review-drawings-e2e');
    const itemId = await uploadItem(
      suite.server,
      apiKey,
      'Promo.mp4',
      readFileSync(makeVideo(dir, 'Promo.mp4', 4, '640x360')),
    );

    // The owner shares the video with comments allowed.
    const { context: ownerContext, page: owner } = await openItemAs(suite.browser, suite.server, itemId);
    await owner.getByTestId('share-item').click();
    await owner.getByTestId('share-title').fill('Promo for review');
    await owner.getByTestId('share-allow-comments').check();
    await owner.getByTestId('share-create').click();
    await owner.getByTestId('share-created').waitFor();
    const token = /\/s\/([A-Za-z0-9_-]{43})$/.exec(await owner.getByTestId('share-link').inputValue())?.[1];
    expect(token).toBeDefined();
    await owner.getByTestId('share-done').click();

    // A reviewer with no account opens the link, starts drawing, picks the box and yellow, and drags on the frame.
    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const reviewer = await context.newPage();
    await openShare(reviewer, `${suite.server.url}/s/${token}`);
    await reviewer.getByTestId('annotation-draw').click();
    const surface = reviewer.getByTestId('annotation-surface');
    await surface.waitFor();
    await reviewer.getByTestId('annotation-tool-box').click();
    await reviewer.getByTestId('annotation-colour-yellow').click();
    // The tools sit below the player: bring the picture back into view before dragging on it.
    await surface.scrollIntoViewIfNeeded();
    const area = (await surface.boundingBox())!;
    await reviewer.mouse.move(area.x + area.width * 0.2, area.y + area.height * 0.2);
    await reviewer.mouse.down();
    await reviewer.mouse.move(area.x + area.width * 0.4, area.y + area.height * 0.35, { steps: 5 });
    await reviewer.mouse.move(area.x + area.width * 0.6, area.y + area.height * 0.5, { steps: 5 });
    await reviewer.mouse.up();
    await reviewer.getByTestId('annotation-count').filter({ hasText: '1 shape' }).waitFor({ timeout: 5000 });
    expect(await reviewer.locator('[data-testid="annotation-shape"][data-shape-type="box"]').count()).toBe(1);
    // Undo takes it away, a second drag draws it again.
    await reviewer.getByTestId('annotation-undo').click();
    await reviewer.getByTestId('annotation-count').filter({ hasText: '0 shapes' }).waitFor({ timeout: 5000 });
    await reviewer.mouse.move(area.x + area.width * 0.2, area.y + area.height * 0.2);
    await reviewer.mouse.down();
    await reviewer.mouse.move(area.x + area.width * 0.6, area.y + area.height * 0.5, { steps: 5 });
    await reviewer.mouse.up();
    await shot(reviewer, 'review-drawings-01-reviewer-draws');
    await reviewer.getByTestId('annotation-done').click();
    await reviewer.getByTestId('public-share-name').fill('Rhea Reviewer');
    await reviewer.getByTestId('public-share-comment').fill('Move the logo out of this box');
    await reviewer.getByTestId('public-share-comment-send').click();
    await reviewer.getByTestId('public-share-comment-sent').waitFor();
    // Posted: the draft is gone (the button starts a new drawing); the drawing is the listed comment's now.
    await reviewer.getByTestId('annotation-draw').filter({ hasText: 'Draw on frame' }).waitFor();
    await reviewer.getByTestId('share-comment').filter({ hasText: 'Move the logo out of this box' }).waitFor();
    await context.close();

    // The owner opens the item, picks the comment, and the drawing shows over the picture.
    await owner.reload();
    await owner.getByTestId('media-player').waitFor();
    await owner.getByTestId('tab-comments').click();
    const comment = owner.getByTestId('comment').filter({ hasText: 'Move the logo out of this box' });
    await comment.waitFor();
    expect(await comment.getByTestId('comment-external').textContent()).toBe('External');
    await comment.getByTestId('comment-drawing').click();
    const box = owner.locator(
      '[data-testid="annotation-overlay"] [data-testid="annotation-shape"][data-shape-type="box"]',
    );
    await box.waitFor();
    expect(await box.count()).toBe(1);
    // The box sits where it was drawn: over the picture's middle-left, not at the player's corner.
    const drawn = (await box.boundingBox())!;
    const player = (await owner.getByTestId('player-video').boundingBox())!;
    expect(drawn.x - player.x).toBeGreaterThan(player.width * 0.1);
    expect(drawn.width).toBeGreaterThan(player.width * 0.3);
    await shot(owner, 'review-drawings-02-owner-sees');
    await ownerContext.close();
  });

  it("a reviewer sees the owner's earlier drawing at its timecode, draws and edits their own; the owner sees the edit", async () => {
    const apiKey = await createApiKey(suite.server, 'review-drawings-edit-e2e');
    const itemId = await uploadItem(
      suite.server,
      apiKey,
      'Trailer.mp4',
      readFileSync(makeVideo(dir, 'Trailer.mp4', 5, '640x360')),
    );
    const { context: ownerContext, page: owner } = await openItemAs(suite.browser, suite.server, itemId);
    // The owner's earlier comment: a box at 3 s (ticks of 1/12800 s); then a share that takes comments.
    const admin = await consoleCalls(suite.server);
    await admin.mutate('comments.create', {
      itemId,
      text: 'Logo is too big',
      tcIn: 3 * 12_800,
      annotation: { shapes: [{ type: 'box', colour: 'yellow', from: [0.1, 0.1], to: [0.5, 0.5] }] },
    });
    const share = await admin.mutate<{ link: string }>('shares.create', {
      pageTitle: 'Trailer for review',
      itemIds: [itemId],
      allowComments: true,
    });
    const token = share.link.split('/s/')[1];

    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const reviewer = await context.newPage();
    await openShare(reviewer, `${suite.server.url}/s/${token}`);
    const ownerComment = reviewer.getByTestId('share-comment').filter({ hasText: 'Logo is too big' });
    await ownerComment.waitFor();
    // At the start nothing is drawn; the owner's box is due at 3 s.
    expect(await overlayShapes(reviewer).count()).toBe(0);

    // The reviewer draws an arrow on the first frame and posts it.
    await reviewer.getByTestId('annotation-draw').click();
    const surface = reviewer.getByTestId('annotation-surface');
    await surface.waitFor();
    await drag(reviewer, surface, [0.7, 0.7], [0.4, 0.4]);
    await reviewer.getByTestId('annotation-count').filter({ hasText: '1 shape' }).waitFor({ timeout: 5000 });
    await reviewer.getByTestId('annotation-done').click();
    await reviewer.getByTestId('public-share-name').fill('Rhea Reviewer');
    await reviewer.getByTestId('public-share-comment').fill('Arrow to the title');
    await reviewer.getByTestId('public-share-comment-send').click();
    const mine = reviewer.getByTestId('share-comment').filter({ hasText: 'Arrow to the title' });
    await mine.getByTestId('share-comment-mine').waitFor();
    expect(await ownerComment.getByTestId('share-comment-edit').count()).toBe(0);

    // The owner's comment takes the player to 3 s, where the owner's box shows, not the reviewer's arrow.
    await ownerComment.getByTestId('share-comment-timecode').click();
    await overlayShapes(reviewer, 'box').waitFor();
    expect(await overlayShapes(reviewer).count()).toBe(1);
    await shot(reviewer, 'review-drawings-03-reviewer-sees-owner');

    // The reviewer edits their own drawing: it opens on its frame, a green free-hand stroke joins the arrow.
    await mine.getByTestId('share-comment-edit').click();
    await overlayShapes(reviewer, 'arrow').waitFor();
    expect(await overlayShapes(reviewer, 'box').count()).toBe(0);
    await mine.getByTestId('annotation-draw').click();
    await reviewer.getByTestId('annotation-tool-freehand').click();
    await reviewer.getByTestId('annotation-colour-green').click();
    await drag(reviewer, reviewer.getByTestId('annotation-surface'), [0.2, 0.6], [0.35, 0.8]);
    await mine.getByTestId('annotation-count').filter({ hasText: '2 shapes' }).waitFor({ timeout: 5000 });
    await mine.getByTestId('annotation-done').click();
    await mine.getByTestId('share-comment-edit-save').click();
    await mine.getByTestId('share-comment-edited').waitFor();
    await shot(reviewer, 'review-drawings-04-reviewer-edits');
    await context.close();

    // The owner sees the edited drawing on the item page: the arrow and the stroke, marked as edited.
    await owner.reload();
    await owner.getByTestId('media-player').waitFor();
    await owner.getByTestId('tab-comments').click();
    const edited = owner.getByTestId('comment').filter({ hasText: 'Arrow to the title' });
    await edited.getByTestId('comment-edited').waitFor();
    await edited.getByTestId('comment-drawing').click();
    await overlayShapes(owner, 'freehand').waitFor();
    expect(await overlayShapes(owner, 'arrow').count()).toBe(1);
    expect(await overlayShapes(owner).count()).toBe(2);

    // The owner edits their own drawing on the item page: the box gets a red arrow beside it.
    const own = owner.getByTestId('comment').filter({ hasText: 'Logo is too big' });
    await own.getByTestId('comment-edit').click();
    await overlayShapes(owner, 'box').waitFor();
    await own.getByTestId('annotation-draw').click();
    await owner.getByTestId('annotation-tool-arrow').click();
    await drag(owner, owner.getByTestId('annotation-surface'), [0.9, 0.9], [0.6, 0.6]);
    await own.getByTestId('annotation-count').filter({ hasText: '2 shapes' }).waitFor({ timeout: 5000 });
    await own.getByTestId('annotation-done').click();
    await own.getByTestId('comment-edit-form-submit').click();
    await own.getByTestId('comment-edited').waitFor();
    await own.getByTestId('comment-drawing').click();
    await overlayShapes(owner, 'arrow').waitFor();
    expect(await overlayShapes(owner, 'box').count()).toBe(1);
    await shot(owner, 'review-drawings-05-owner-edits');

    // The owner picks the box and recolours it cyan: saved as an edit of the comment.
    await own.getByTestId('comment-edit').click();
    await own.getByTestId('annotation-draw').click();
    await own.getByTestId('annotation-shape-0').click();
    await owner.getByTestId('annotation-colour-cyan').click();
    await own.getByTestId('annotation-done').click();
    await own.getByTestId('comment-edit-form-submit').click();
    await own.getByTestId('comment-edit-form').waitFor({ state: 'detached' });
    const colours = await owner.evaluate(async (id) => {
      const input = encodeURIComponent(JSON.stringify({ itemId: id }));
      const body = (await (await fetch(`/trpc/comments.list?input=${input}`)).json()) as {
        result: { data: Array<{ text: string; annotation: { shapes: Array<{ colour: string }> } | null }> };
      };
      const comment = body.result.data.find((c) => c.text.includes('Logo is too big'));
      return comment?.annotation?.shapes.map((shape) => shape.colour);
    }, itemId);
    expect(colours?.[0]).toBe('cyan');
    await ownerContext.close();
  });
});
