import { readFileSync } from 'node:fs';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { openItemAs } from './support/item-page';
import { uploadItem } from './support/seed-item';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

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
    await reviewer.goto(`${suite.server.url}/s/${token}`);
    await reviewer.getByTestId('media-player').waitFor();
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
    // Posted: the draft is gone from the picture.
    expect(await reviewer.getByTestId('annotation-shape').count()).toBe(0);
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
});
