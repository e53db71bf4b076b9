import type { TAnnotation } from '@mam/core';
import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import type { TCommentThread, TCommentView } from '../services/comment.service';
import type { THistoryEvent } from '../services/items/item-library.service';
import type { TShareView } from '../services/shares/share.service';
import {
  addMember,
  adminApiKey,
  insertItem,
  rest,
  twoTenantLibrary,
  type TMember,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const box: TAnnotation = { shapes: [{ type: 'box', colour: 'yellow', from: [0.1, 0.2], to: [0.4, 0.5] }] };
const scribble: TAnnotation = {
  shapes: [
    { type: 'arrow', colour: 'red', from: [0.9, 0.9], to: [0.5, 0.5] },
    {
      type: 'freehand',
      colour: 'cyan',
      points: [
        [0.2, 0.2],
        [0.25, 0.3],
        [0.3, 0.28],
      ],
    },
  ],
};
const twoSeconds = 25_600;

describe.each(testBackends)('comment drawings on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let root: string;
  let editor: TMember;
  let clip: TItemRow;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin, root } = await twoTenantLibrary(backend));
    editor = await addMember(t, alpha, 'editor', {});
    clip = await insertItem(t, alpha, { title: 'Cup final', folderId: root, ownerId: alpha.admin.id });
  }, 120_000);
  afterAll(() => t.dispose());

  async function threads(client: TrpcClient): Promise<TCommentThread[]> {
    const result = await client.query<TCommentThread[]>('comments.list', { itemId: clip.id });
    if (!result.ok) throw new Error(result.code);
    return result.data;
  }

  it('stores a drawing with the comment and returns it in the list (tRPC and REST)', async () => {
    const created = await editor.client.mutate<TCommentView>('comments.create', {
      itemId: clip.id,
      text: 'Crop here',
      tcIn: twoSeconds,
      annotation: box,
    });
    expect(created).toMatchObject({ ok: true, data: { annotation: box, tcIn: twoSeconds } });
    const id = created.ok ? created.data.id : '';
    expect((await threads(admin)).find((c) => c.id === id)?.annotation).toEqual(box);

    const key = await adminApiKey(t, alpha);
    const posted = await rest(t, key, 'POST', `/items/${clip.id}/comments`, {
      text: 'Watch the corner',
      tcIn: twoSeconds,
      annotation: scribble,
    });
    expect(posted).toMatchObject({ status: 201, body: { annotation: scribble } });
    const listed = await rest(t, key, 'GET', `/items/${clip.id}/comments`);
    const rows = (listed.body as { threads: Array<{ id: string; annotation: unknown }> }).threads;
    expect(rows.find((c) => c.id === id)?.annotation).toEqual(box);
    expect(rows.find((c) => c.id === posted.body.id)?.annotation).toEqual(scribble);
    // A comment without a drawing says so.
    const plain = await rest(t, key, 'POST', `/items/${clip.id}/comments`, { text: 'No drawing' });
    expect(plain).toMatchObject({ status: 201, body: { annotation: null } });
  });

  /** The editor's comment with the box drawn at two seconds. */
  async function boxComment(text: string): Promise<string> {
    const created = await editor.client.mutate<TCommentView>('comments.create', {
      itemId: clip.id,
      text,
      tcIn: twoSeconds,
      annotation: box,
    });
    if (!created.ok) throw new Error(created.code);
    return created.data.id;
  }

  it('keeps the drawing through a text edit and drops it with the timecode', async () => {
    const id = await boxComment('First');
    expect(await editor.client.mutate('comments.edit', { id, text: 'Second' })).toMatchObject({
      ok: true,
      data: { annotation: box },
    });
    expect(await editor.client.mutate('comments.edit', { id, text: 'Third', tcIn: null })).toMatchObject({
      ok: true,
      data: { annotation: null, tcIn: null },
    });
  });

  it('lets the author edit the drawing, and only the author, with the drawing before and after in the History', async () => {
    const id = await boxComment('Watch this');
    const both: TAnnotation = { shapes: [...box.shapes, ...scribble.shapes] };
    const edited = await editor.client.mutate<TCommentView>('comments.edit', {
      id,
      text: 'Watch this',
      annotation: both,
    });
    expect(edited).toMatchObject({ ok: true, data: { annotation: both } });
    expect(edited.ok && edited.data.editedAt).toBeTruthy();
    const history = await admin.query<THistoryEvent[]>('items.history', { itemId: clip.id });
    const event = history.ok ? history.data.find((e) => e.action === 'comment.edited') : undefined;
    expect(event).toMatchObject({
      actorEmail: editor.email,
      changes: { drawing: { from: 'box yellow', to: 'box yellow, arrow red, freehand cyan' } },
    });
    expect(event?.changes.text).toBeUndefined();
    // Someone else cannot touch it; the author can take the drawing away.
    expect(await admin.mutate('comments.edit', { id, text: 'Watch this', annotation: null })).toMatchObject({
      ok: false,
      code: 'COMMENT_FORBIDDEN',
    });
    expect(await editor.client.mutate('comments.edit', { id, text: 'Watch this', annotation: null })).toMatchObject({
      ok: true,
      data: { annotation: null },
    });
  });

  it('recolours a drawn shape as a comment edit, the colour before and after in the History', async () => {
    const id = await boxComment('Recolour me');
    const red: TAnnotation = { shapes: [{ ...box.shapes[0]!, colour: 'red' }] };
    const edited = await editor.client.mutate<TCommentView>('comments.edit', {
      id,
      text: 'Recolour me',
      annotation: red,
    });
    expect(edited).toMatchObject({ ok: true, data: { annotation: red } });
    const history = await admin.query<THistoryEvent[]>('items.history', { itemId: clip.id });
    const event = history.ok
      ? history.data.find(
          (e) => e.action === 'comment.edited' && e.what.kind === 'fields' && /Recolour/.test(e.what.subject ?? ''),
        )
      : undefined;
    expect(event?.changes).toEqual({ drawing: { from: 'box yellow', to: 'box red' } });
  });

  it('refuses drawings off the frame, over the limits or without a timecode, saying why', async () => {
    const off = await editor.client.mutate('comments.create', {
      itemId: clip.id,
      text: 'x',
      tcIn: 0,
      annotation: { shapes: [{ type: 'box', colour: 'red', from: [0, 0], to: [1.5, 0.5] }] },
    });
    expect(off).toMatchObject({ ok: false, status: 400 });
    const tooMany = await editor.client.mutate('comments.create', {
      itemId: clip.id,
      text: 'x',
      tcIn: 0,
      annotation: { shapes: Array(51).fill(box.shapes[0]) },
    });
    expect(tooMany).toMatchObject({ ok: false, status: 400 });
    const untimed = await editor.client.mutate('comments.create', { itemId: clip.id, text: 'x', annotation: box });
    expect(untimed).toMatchObject({ ok: false, status: 400, code: 'ANNOTATION_INVALID' });
    expect(JSON.stringify(untimed.ok ? null : untimed.body)).toContain('A drawing needs the timecode of its frame.');
    const key = await adminApiKey(t, alpha);
    const restOff = await rest(t, key, 'POST', `/items/${clip.id}/comments`, {
      text: 'x',
      tcIn: 0,
      annotation: { shapes: [{ type: 'circle', colour: 'red', from: [0, 0], to: [1, 1] }] },
    });
    expect(restOff.status).toBe(400);
    expect((await threads(admin)).some((c) => c.text === 'x')).toBe(false);
  });

  it("gives tenant B neither tenant A's drawings nor a way to draw on A's item", async () => {
    expect(await bravoAdmin.query('comments.list', { itemId: clip.id })).toMatchObject({ ok: false, status: 404 });
    expect(
      await bravoAdmin.mutate('comments.create', { itemId: clip.id, text: 'x', tcIn: 0, annotation: box }),
    ).toMatchObject({ ok: false, status: 404 });
    const bravoKey = await adminApiKey(t, bravo);
    expect((await rest(t, bravoKey, 'GET', `/items/${clip.id}/comments`)).status).toBe(404);
    expect(
      (await rest(t, bravoKey, 'POST', `/items/${clip.id}/comments`, { text: 'x', tcIn: 0, annotation: box })).status,
    ).toBe(404);
    expect(JSON.stringify(await threads(admin))).not.toContain('"text":"x"');
  });

  it("takes a share reviewer's drawing, refuses a bad one, and shows it to the owner", async () => {
    const share = await admin.mutate<TShareView>('shares.create', {
      pageTitle: 'Review',
      itemIds: [clip.id],
      allowComments: true,
    });
    if (!share.ok) throw new Error(share.code);
    const token = share.data.link.split('/s/')[1]!;
    const opened = await t.app.inject({ method: 'GET', url: `/api/v1/public/shares/${token}` });
    const cookie = opened.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const post = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/public/shares/${token}/comments`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ itemId: clip.id, name: 'Olga Outside', ...body }),
      });

    const bad = await post({ text: 'Bad', tcIn: twoSeconds, annotation: { shapes: [{ type: 'box' }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'ANNOTATION_INVALID' });
    const good = await post({ text: 'Logo here', tcIn: twoSeconds, annotation: scribble });
    expect(good.statusCode).toBe(200);

    const seen = (await threads(admin)).find((c) => c.id === good.json<{ id: string }>().id);
    expect(seen).toMatchObject({ externalAuthor: 'Olga Outside', tcIn: twoSeconds, annotation: scribble });
    expect((await threads(admin)).some((c) => c.text === 'Bad')).toBe(false);
    // Tenant B's administrator cannot read it through tenant A's item either.
    expect(await bravoAdmin.query('comments.list', { itemId: clip.id })).toMatchObject({ ok: false, status: 404 });
  });
});
