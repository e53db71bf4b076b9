import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The directives of a Content-Security-Policy header by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectLockedDown(response: LightMyRequestResponse) {
  const csp = directives(response);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

describe('security headers on the console, the API reference and public pages', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'mam-console-dist-'));

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'index.js'), 'console.log(1)');
    t = await createTestApp('pglite', { consoleDist: dist });
  });
  afterAll(async () => {
    await t.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/s/some-share-token', '/u/some-upload-token', '/search-item', '/assets/index.js'])(
    'the console at %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expectLockedDown(response);
    },
  );

  it('lets the console play media from object URLs and show data: previews, with Mantine’s inline styles', async () => {
    const csp = directives(await t.app.inject({ method: 'GET', url: '/' }));
    expect(csp.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp.get('worker-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('serves the API reference with its script as a file, not inline', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expectLockedDown(page);
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/[^"]+"/);
      expect(content!.trim()).toBe('');
    }
    const src = /\bsrc="([^"]+)"/.exec(scripts[0]![1]!)![1]!;
    const script = await t.app.inject({ method: 'GET', url: src });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("fetch('/api/v1/openapi.json')");
  });

  it('on API answers and public API calls too', async () => {
    expectLockedDown(await t.app.inject({ method: 'GET', url: '/api/health' }));
    expectLockedDown(await t.app.inject({ method: 'GET', url: '/api/v1/public/shares/not-a-token' }));
    expectLockedDown(await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }));
  });

  it('renders every operation of the API document with the served script', async () => {
    const script = (await t.app.inject({ method: 'GET', url: '/api/docs/reference.js' })).body;
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const rendered: Array<{ innerHTML?: string }> = [];
    const root = { textContent: '', appendChild: (element: { innerHTML?: string }) => rendered.push(element) };
    vm.runInNewContext(script, {
      document: { getElementById: () => root, createElement: () => ({}) },
      fetch: async () => ({ json: async () => document }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(root.textContent).toBe('');
    const operations = Object.values(document.paths).reduce((sum, ops) => sum + Object.keys(ops).length, 0);
    expect(rendered).toHaveLength(operations);
  });
});
