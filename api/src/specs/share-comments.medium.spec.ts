import { mentionToken, type TAnnotation } from '@mam/core';
import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import type { TCommentThread, TCommentView } from '../services/comment.service';
import type { THistoryEvent } from '../services/items/item-library.service';
import type { TPublicShareThread } from '../services/shares/share-comments';
import type { TShareView } from '../services/shares/share.service';
import {
  addMember,
  insertItem,
  rootFolderId,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const box: TAnnotation = { shapes: [{ type: 'box', colour: 'yellow', from: [0.1, 0.2], to: [0.4, 0.5] }] };
const arrow: TAnnotation = { shapes: [{ type: 'arrow', colour: 'red', from: [0.9, 0.9], to: [0.5, 0.5] }] };
const twoSeconds = 25_600;

/**
 * Issue 22: an outside reviewer on a share page sees the item's earlier comments and drawings, through the share's
 * own API and rules, and edits the comments written from their browser (text and drawing), audited.
 */
describe.each(testBackends)('comments on share pages on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let root: string;
  let editor: TMember;
  let clip: TItemRow;
  let other: TItemRow;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    editor = await addMember(t, alpha, 'editor', {});
    clip = await insertItem(t, alpha, { title: 'Cup final', folderId: root, ownerId: alpha.admin.id });
    other = await insertItem(t, alpha, { title: 'Not shared', folderId: root, ownerId: alpha.admin.id });
  }, 120_000);
  afterAll(() => t.dispose());

  async function share(client: TrpcClient, itemIds: string[], allowComments = true): Promise<string> {
    const created = await client.mutate<TShareView>('shares.create', { pageTitle: 'Review', itemIds, allowComments });
    if (!created.ok) throw new Error(created.code);
    return created.data.link.split('/s/')[1]!;
  }

  /** A browser on the share page: it opens the link once (its visitor cookie), then calls the page's API. */
  async function visit(token: string) {
    const opened = await t.app.inject({ method: 'GET', url: `/api/v1/public/shares/${token}` });
    const cookie = opened.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const base = `/api/v1/public/shares/${token}`;
    const send = (method: 'POST' | 'PATCH', url: string, body: Record<string, unknown>) =>
      t.app.inject({
        method,
        url: `${base}${url}`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    return {
      list: (itemId = clip.id) =>
        t.app.inject({ method: 'GET', url: `${base}/items/${itemId}/comments`, headers: { cookie } }),
      threads: async (itemId = clip.id) => {
        const answer = await t.app.inject({
          method: 'GET',
          url: `${base}/items/${itemId}/comments`,
          headers: { cookie },
        });
        expect(answer.statusCode).toBe(200);
        return answer.json<{ threads: TPublicShareThread[] }>().threads;
      },
      post: (body: Record<string, unknown>) => send('POST', '/comments', { itemId: clip.id, name: 'Olga', ...body }),
      edit: (commentId: string, body: Record<string, unknown>) =>
        send('PATCH', `/comments/${commentId}`, { itemId: clip.id, ...body }),
    };
  }

  it("shows the team's earlier comments and drawings, names only, and the reviewer's own as theirs", async () => {
    const mention = mentionToken('user', editor.id, 'editor');
    const owner = await admin.mutate<TCommentView>('comments.create', {
      itemId: clip.id,
      text: `Logo too big, ${mention}?`,
      tcIn: twoSeconds,
      annotation: box,
    });
    if (!owner.ok) throw new Error(owner.code);
    await editor.client.mutate('comments.reply', { commentId: owner.data.id, text: 'Agreed' });
    const gone = await admin.mutate<TCommentView>('comments.create', { itemId: clip.id, text: 'Deleted remark' });
    if (gone.ok) await admin.mutate('comments.delete', { id: gone.data.id });
    await admin.mutate('comments.create', { itemId: other.id, text: 'On another item' });

    const token = await share(admin, [clip.id]);
    const olga = await visit(token);
    const mine = await olga.post({ text: 'Colour is off', tcIn: twoSeconds, annotation: arrow });
    expect(mine.statusCode).toBe(200);

    const threads = await olga.threads();
    const raw = JSON.stringify(threads);
    expect(threads.map((c) => c.text)).toEqual(['Logo too big, @editor?', 'Colour is off']);
    expect(threads[0]).toMatchObject({
      author: alpha.admin.name,
      external: false,
      tcIn: twoSeconds,
      annotation: box,
      mine: false,
      replies: [{ text: 'Agreed', author: 'editor', mine: false }],
    });
    expect(threads[1]).toMatchObject({ author: 'Olga', external: true, annotation: arrow, mine: true });
    // No e-mail, no user id, nothing deleted, nothing of the other item.
    expect(raw).not.toContain('@alpha.test');
    expect(raw).not.toContain(editor.id);
    expect(raw).not.toContain('Deleted remark');
    expect(raw).not.toContain('On another item');

    // Another browser on the same share sees the same comments, none of them as its own.
    const rhea = await visit(token);
    expect((await rhea.threads()).map((c) => c.mine)).toEqual([false, false]);
  });

  it('lets the reviewer edit the text and drawing of their own comment only, audited before and after', async () => {
    const token = await share(admin, [clip.id]);
    const olga = await visit(token);
    const posted = await olga.post({ text: 'Box here', tcIn: twoSeconds, annotation: box });
    const id = posted.json<{ id: string }>().id;

    const edited = await olga.edit(id, { text: 'Arrow here', annotation: arrow });
    expect(edited.statusCode).toBe(200);
    const seen = (await olga.threads()).find((c) => c.id === id)!;
    expect(seen).toMatchObject({ text: 'Arrow here', annotation: arrow, mine: true });
    expect(seen.editedAt).not.toBeNull();
    const team = await admin.query<TCommentThread[]>('comments.list', { itemId: clip.id });
    expect(team.ok && team.data.find((c) => c.id === id)).toMatchObject({ annotation: arrow, text: 'Arrow here' });

    const history = await admin.query<THistoryEvent[]>('items.history', { itemId: clip.id });
    const event = history.ok ? history.data.find((e) => e.action === 'comment.edited') : undefined;
    expect(event).toMatchObject({
      what: { kind: 'fields', subject: `${clip.title} · “Arrow here”`, count: 2 },
      changes: {
        text: { from: 'Box here', to: 'Arrow here' },
        drawing: { from: 'box yellow', to: 'arrow red' },
      },
    });

    // Null removes the drawing; a bad one is refused with the reason.
    expect(
      (await olga.edit(id, { text: 'No drawing', annotation: { shapes: [{ type: 'box' }] } })).json(),
    ).toMatchObject({ code: 'ANNOTATION_INVALID' });
    expect((await olga.edit(id, { text: 'No drawing', annotation: null })).statusCode).toBe(200);
    expect((await olga.threads()).find((c) => c.id === id)?.annotation).toBeNull();

    // Another browser on the same share, the team's comments, and a made-up id: not found.
    const rhea = await visit(token);
    expect((await rhea.edit(id, { text: 'Hijacked' })).statusCode).toBe(404);
    const ownerComment = await admin.mutate<TCommentView>('comments.create', { itemId: clip.id, text: 'Team' });
    if (!ownerComment.ok) throw new Error(ownerComment.code);
    expect((await olga.edit(ownerComment.data.id, { text: 'Hijacked' })).statusCode).toBe(404);
    expect((await olga.edit('not-an-id', { text: 'Hijacked' })).statusCode).toBe(404);
    expect(JSON.stringify(await olga.threads())).not.toContain('Hijacked');
  });

  it('keeps each share to its own items and comments, and refuses shares without comments', async () => {
    const first = await share(admin, [clip.id]);
    const second = await share(admin, [clip.id, other.id]);
    const olga = await visit(first);
    const posted = await olga.post({ text: 'From the first share', tcIn: twoSeconds });
    const id = posted.json<{ id: string }>().id;
    // The first share does not hold the other item: its comments are not found through it.
    expect((await olga.list(other.id)).statusCode).toBe(404);
    // The same browser on another share of the same item sees the comment, but not as editable there.
    const again = await visit(second);
    expect((await again.threads()).find((c) => c.id === id)?.mine).toBe(false);
    expect((await again.edit(id, { text: 'Via the second share' })).statusCode).toBe(404);

    const closed = await visit(await share(admin, [clip.id], false));
    expect((await closed.list()).json()).toMatchObject({ code: 'COMMENT_FORBIDDEN' });
    expect((await closed.edit(id, { text: 'x' })).json()).toMatchObject({ code: 'COMMENT_FORBIDDEN' });
  });

  it("gives a share of tenant B nothing of tenant A's item or comments", async () => {
    const bravoItem = await insertItem(t, bravo, {
      title: 'Bravo clip',
      folderId: await rootFolderId(t, bravo),
      ownerId: bravo.admin.id,
    });
    const bravoShare = await visit(await share(bravoAdmin, [bravoItem.id]));
    expect((await bravoShare.list(clip.id)).statusCode).toBe(404);
    const alphaComment = await admin.mutate<TCommentView>('comments.create', { itemId: clip.id, text: 'Alpha only' });
    if (!alphaComment.ok) throw new Error(alphaComment.code);
    expect((await bravoShare.edit(alphaComment.data.id, { itemId: bravoItem.id, text: 'x' })).statusCode).toBe(404);
    expect(JSON.stringify(await bravoShare.threads(bravoItem.id))).not.toContain('Alpha only');
  });
});
