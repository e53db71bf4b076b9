import { Readable } from 'node:stream';
import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { versionMediaPrefix } from '../services/items/item-view';
import {
  adminActor,
  adminApiKey,
  insertItem,
  rest,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';
import { encodeMetadata } from '../testing/tus-client';

const NUL = 'a\u0000b';
const LONE = 'a\uD800b';

/** The AppError body of a REST answer, or of a tRPC one (where it sits in error.data). */
const appErrorOf = (body: unknown) =>
  (body as { error?: { data?: { appError?: unknown } } }).error?.data?.appError ?? body;

/** A refusal the client can act on: 4xx with the stable body, never a 5xx. */
function expectRefusal(response: { status: number; body: unknown }, status: number, code: string) {
  expect({ status: response.status, code: (response.body as { code?: string }).code }).toEqual({ status, code });
  expect(typeof (response.body as { message?: unknown }).message).toBe('string');
}

describe.each(testBackends)('hostile input on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let admin: TrpcClient;
  let root: string;
  let key: string;
  let item: TItemRow;
  let shareToken: string;

  beforeAll(async () => {
    ({ t, alpha, admin, root } = await twoTenantLibrary(backend));
    key = await adminApiKey(t, alpha);
    const storage = (await t.services.deps.repos.storageLocations.findBuiltIn(alpha.tenant.id))!;
    item = await insertItem(t, alpha, {
      title: 'Clean title',
      folderId: root,
      ownerId: alpha.admin.id,
      storageId: storage.id,
      generatedStorageId: storage.id,
    });
    const files = await t.services.storages.resolve(alpha.tenant.id, storage.id);
    const prefix = versionMediaPrefix(alpha.tenant.id, item.id, item.leadingVersionId!);
    await files.put(`${prefix}/thumb.jpg`, Readable.from([Buffer.from('thumbnail')]));
    const share = await admin.mutate<{ link: string }>('shares.create', { pageTitle: 'Hostile', itemIds: [item.id] });
    if (!share.ok) throw new Error(share.code);
    shareToken = share.data.link.split('/s/')[1]!;
  }, 120_000);
  afterAll(() => t.dispose());

  const inject = async (options: InjectOptions) => {
    const response: LightMyRequestResponse = await t.app.inject(options);
    // Not every refusal says it is JSON (tRPC's own leave the content type out); the body must be JSON anyway.
    return { status: response.statusCode, body: JSON.parse(response.body) as unknown };
  };
  const keyHeaders = () => ({ authorization: `Bearer ${key}` });
  const title = async () => (await t.services.deps.repos.items.findById(alpha.tenant.id, item.id))!.title;
  /** A CSRF cookie and its echo, as the console sends them. */
  const csrf = async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = health.cookies.find((c) => c.name === 'mam_csrf')!.value;
    return { cookie: `mam_csrf=${cookie}`, 'x-csrf-token': cookie };
  };

  describe('invalid text (NUL, lone surrogates) is refused with TEXT_INVALID before anything is written', () => {
    it.each([
      ['a lone surrogate', LONE],
      ['a NUL character', NUL],
    ])('%s in an item title over tRPC', async (_name, hostile) => {
      const result = await admin.mutate('items.update', { itemId: item.id, title: hostile });
      expect(result).toMatchObject({ ok: false, status: 400, code: 'TEXT_INVALID' });
      expect(await title()).toBe('Clean title');
      const history = await t.services.itemLibrary.history(await adminActor(t, alpha), item.id, { limit: 10 });
      expect(history).toEqual([]);
    });

    it.each([
      ['a lone surrogate', LONE],
      ['a NUL character', NUL],
    ])('%s in an item title over REST', async (_name, hostile) => {
      expectRefusal(await rest(t, key, 'PATCH', `/items/${item.id}`, { title: hostile }), 400, 'TEXT_INVALID');
      expect(await title()).toBe('Clean title');
    });

    it.each<[string, () => Promise<{ status: number; body: unknown }>]>([
      ['a REST search query', () => rest(t, key, 'GET', `/search?q=${encodeURIComponent(NUL)}`)],
      ['a REST query key', () => rest(t, key, 'GET', `/search?${encodeURIComponent(NUL)}=1`)],
      [
        'a tRPC search (GET input)',
        async () => {
          const r = await admin.query('search.items', { q: NUL });
          return { status: r.status, body: r.ok ? r.data : { code: r.code, message: r.message } };
        },
      ],
      [
        'a sign-in email',
        async () => {
          const r = await admin.mutate('auth.login', { organisation: 'alpha', email: `x${NUL}@a.test`, password: 'x' });
          return { status: r.status, body: r.ok ? r.data : { code: r.code, message: r.message } };
        },
      ],
      [
        'a sign-in organisation',
        async () => {
          const r = await admin.mutate('auth.login', { organisation: NUL, email: 'x@a.test', password: 'x' });
          return { status: r.status, body: r.ok ? r.data : { code: r.code, message: r.message } };
        },
      ],
      [
        'a public share comment',
        () =>
          inject({
            method: 'POST',
            url: `/api/v1/public/shares/${shareToken}/comments`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ itemId: item.id, name: 'Visitor', text: NUL }),
          }),
      ],
      [
        'a public share unlock',
        () =>
          inject({
            method: 'POST',
            url: `/api/v1/public/shares/${shareToken}${encodeURIComponent(NUL)}/unlock`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ password: 'x' }),
          }),
      ],
      [
        'a file name in tus Upload-Metadata (base64, which the request hook cannot read)',
        () =>
          inject({
            method: 'POST',
            url: '/api/v1/uploads',
            headers: {
              ...keyHeaders(),
              'tus-resumable': '1.0.0',
              'upload-length': '10',
              'upload-metadata': encodeMetadata({ filename: `clip${NUL}.mp4` }),
            },
          }),
      ],
      [
        'a media delivery path (%00)',
        () => inject({ method: 'GET', url: `/api/v1/items/${item.id}/media/thumb%00.jpg`, headers: keyHeaders() }),
      ],
    ])('%s', async (_name, send) => {
      expectRefusal(await send(), 400, 'TEXT_INVALID');
    });
  });

  describe("metadata values are held to the item's text limits", () => {
    it.each<[string, string, number]>([
      ['title', 'over tRPC', 501],
      ['description', 'over tRPC', 20_001],
      ['description', 'over REST', 100_000],
    ])('refuses a %s %s of %d characters with VALUE_TOO_LONG and stores nothing', async (fieldId, via, length) => {
      const values = { [fieldId]: 'x'.repeat(length) };
      const { status, body } = (
        via === 'over REST'
          ? await rest(t, key, 'PATCH', `/items/${item.id}/metadata`, { form: 'common', values })
          : await admin.mutate('items.updateMetadata', { itemId: item.id, formId: 'common', values })
      ) as { status: number; body: unknown };
      expect(status).toBe(400);
      expect(appErrorOf(body)).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [expect.objectContaining({ path: fieldId, code: 'VALUE_TOO_LONG' })],
      });
      const stored = await t.services.deps.repos.items.findById(alpha.tenant.id, item.id);
      expect(JSON.stringify(stored!.metadata)).not.toContain('x'.repeat(length));
    });
  });

  describe('other bad input answers 4xx with {code,message}, never 5xx', () => {
    it.each<[string, () => Promise<{ status: number; body: unknown }>, number, string]>([
      [
        'a year-0 date filter over tRPC',
        async () => {
          const r = await admin.query('search.items', { createdFrom: '0000-01-01T00:00:00Z' });
          return { status: r.status, body: r.ok ? r.data : { code: r.code, message: r.message } };
        },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a year-0 date range in a REST search query',
        () => rest(t, key, 'GET', `/search?q=${encodeURIComponent('created:[0000-01-01 TO 2024-06-30]')}`),
        400,
        'SEARCH_QUERY_INVALID',
      ],
      [
        'a non-UUID media version',
        () =>
          inject({
            method: 'GET',
            url: `/api/v1/items/${item.id}/media/thumb.jpg?version=nope`,
            headers: keyHeaders(),
          }),
        404,
        'NOT_FOUND',
      ],
      [
        'an encoded % in a media path (%2500 decodes to NUL)',
        () => inject({ method: 'GET', url: `/api/v1/items/${item.id}/media/thumb%2500.jpg`, headers: keyHeaders() }),
        404,
        'NOT_FOUND',
      ],
      [
        'a stray % in a media path',
        () => inject({ method: 'GET', url: `/api/v1/items/${item.id}/media/thumb%25.jpg`, headers: keyHeaders() }),
        404,
        'NOT_FOUND',
      ],
      [
        'a non-UUID upload folderId',
        () =>
          inject({
            method: 'POST',
            url: '/api/v1/uploads',
            headers: {
              ...keyHeaders(),
              'tus-resumable': '1.0.0',
              'upload-length': '10',
              'upload-metadata': encodeMetadata({ filename: 'a.mp4', folderId: 'nope' }),
            },
          }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a non-UUID upload itemId (a new version)',
        () =>
          inject({
            method: 'POST',
            url: '/api/v1/uploads',
            headers: {
              ...keyHeaders(),
              'tus-resumable': '1.0.0',
              'upload-length': '10',
              'upload-metadata': encodeMetadata({ filename: 'a.mp4', itemId: 'nope' }),
            },
          }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'an overlong Upload-Length',
        () =>
          inject({
            method: 'POST',
            url: '/api/v1/uploads',
            headers: {
              ...keyHeaders(),
              'tus-resumable': '1.0.0',
              'upload-length': '9'.repeat(30),
              'upload-metadata': encodeMetadata({ filename: 'a.mp4' }),
            },
          }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a REST body of a content type nobody reads',
        () =>
          inject({
            method: 'PATCH',
            url: `/api/v1/items/${item.id}`,
            headers: { ...keyHeaders(), 'content-type': 'application/xml' },
            payload: '<title>x</title>',
          }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'unreadable JSON',
        () =>
          inject({
            method: 'PATCH',
            url: `/api/v1/items/${item.id}`,
            headers: { ...keyHeaders(), 'content-type': 'application/json' },
            payload: '{"title":',
          }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a tRPC mutation sent by GET',
        () =>
          inject({
            method: 'GET',
            url: `/trpc/items.update?input=${encodeURIComponent(JSON.stringify({ itemId: item.id, title: 'x' }))}`,
          }),
        405,
        'METHOD_NOT_ALLOWED',
      ],
      [
        'a text/plain tRPC body',
        async () =>
          inject({
            method: 'POST',
            url: '/trpc/auth.login',
            headers: { ...(await csrf()), 'content-type': 'text/plain' },
            payload: JSON.stringify({ organisation: 'alpha', email: 'x@a.test', password: 'x' }),
          }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
    ])('%s', async (_name, send, status, code) => {
      const response = await send();
      expectRefusal({ status: response.status, body: appErrorOf(response.body) }, status, code);
    });
  });
});
