import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeImage } from '@mam/api/testing/media-fixtures';
import {
  adminSectionIds,
  allPermissions,
  auditActions,
  builtInFields,
  builtInForms,
  builtInGroupNames,
  sectionPath,
} from '@mam/core';
import type { BrowserContext, Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import { consoleCalls, type TConsoleCalls } from './support/console-calls';
import { uploadItem } from './support/seed-item';
import { signIn } from './support/sign-in';

import { browserSuite, shot } from './support/suite';

jest.setTimeout(900_000);

// This file compiles without the DOM library: the page globals the in-page checks (page.evaluate) use.
type TElement = {
  textContent: string | null;
  parentElement: TElement | null;
  closest(selector: string): TElement | null;
  getAttribute(name: string): string | null;
  checkVisibility?(options: object): boolean;
  scrollWidth: number;
  clientWidth: number;
  innerHTML: string;
  append(child: TElement): void;
};
declare const document: {
  body: TElement & { innerText: string };
  documentElement: { lang: string };
  createTreeWalker(root: TElement, what: number): { nextNode(): TElement | null };
  querySelectorAll(selector: string): Iterable<TElement> & { length: number };
  createElement(tag: string): TElement;
};
declare const NodeFilter: { SHOW_TEXT: number };
declare const localStorage: { getItem(key: string): string | null };
declare const window: object;

type Tree = { [key: string]: string | Tree };
const LANGUAGES = ['nb', 'nn', 'fr'] as const;
type TLanguage = (typeof LANGUAGES)[number];

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [full]: value } : { ...flat, ...flatten(value, full) };
  }, {});
}
const locale = (lng: string) =>
  flatten(
    JSON.parse(
      readFileSync(path.resolve(__dirname, `../console/public/locales/${lng}/translation.json`), 'utf8'),
    ) as Tree,
  );
const english = locale('en');

/**
 * English texts that must not show in another language: those the language words differently, long enough to be
 * a phrase rather than a shared word, and not a word that language also uses elsewhere ('Status', 'Logo').
 */
function englishOnly(lng: TLanguage): string[] {
  const own = locale(lng);
  const ownValues = new Set(Object.values(own));
  return [
    ...new Set(
      Object.entries(english)
        .filter(([key, en]) => own[key] !== en && !ownValues.has(en))
        .map(([, en]) => en)
        .filter((en) => !en.includes('{{') && en.length >= 4 && /[a-z]/.test(en)),
    ),
  ];
}

/** Ids that only a tooltip or the API may show: camelCase permissions, audit actions, shipped English names. */
const rawIds = [
  ...allPermissions.filter((id) => /[A-Z]/.test(id)),
  ...auditActions,
  ...builtInForms().map((form) => form.label),
  ...Object.values(builtInGroupNames),
  ...[...builtInFields().values()].map((field) => field.label).filter((label) => /\s/.test(label)),
];

type TFinding = { page: string; kind: string; text: string };

/**
 * What the reader sees that is wrong for their language: untranslated keys, raw ids, English left in, and labels
 * of buttons, tabs, badges and table headers cut off. Code and keyboard elements (a form's key, a field id in the
 * form designer) are ids on purpose.
 */
async function findings(page: Page, where: string, english: string[]): Promise<TFinding[]> {
  const found = await page.evaluate(
    ({ english, rawIds }) => {
      const out: Array<{ kind: string; text: string }> = [];
      const englishSet = new Set(english);
      const idSet = new Set(rawIds);
      const visible = (el: TElement) => el.checkVisibility?.({ checkOpacity: false, checkVisibilityCSS: true }) ?? true;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = (node.textContent ?? '').trim();
        if (!parent || !text || !visible(parent)) continue;
        if (parent.closest('code, kbd, pre, script, style, [data-user-text]')) continue;
        if (/^[a-z][a-zA-Z]*(\.[a-zA-Z_]+){1,4}$/.test(text) && !idSet.has(text)) out.push({ kind: 'key', text });
        if (idSet.has(text)) out.push({ kind: 'id', text });
        if (englishSet.has(text)) out.push({ kind: 'english', text });
      }
      for (const el of document.querySelectorAll(
        'input[placeholder], textarea[placeholder], [aria-label]:is(button, a, input)',
      )) {
        if (!visible(el)) continue;
        for (const text of [el.getAttribute('placeholder'), el.getAttribute('aria-label')])
          if (text && englishSet.has(text.trim())) out.push({ kind: 'english', text: text.trim() });
      }
      const labels =
        '.mantine-Button-label, .mantine-Tabs-tabLabel, th, .mantine-Badge-label, .mantine-NavLink-label, .mantine-SegmentedControl-label';
      for (const el of document.querySelectorAll(labels)) {
        if (!visible(el) || !el.textContent?.trim()) continue;
        if (el.scrollWidth > el.clientWidth + 1) out.push({ kind: 'cut off', text: el.textContent.trim() });
      }
      return out;
    },
    { english, rawIds },
  );
  return found.map((f) => ({ page: where, ...f }));
}

/**
 * Waits for the page's data: translations in, no loader showing, and the text unchanged over a few polls (lazy
 * pages and queries render in steps; a check of a half-drawn page would see nothing wrong).
 */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => delete (window as unknown as { __settle?: unknown }).__settle);
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __settle?: { text: number; same: number } };
      const text = document.body.innerText.length;
      const busy = document.querySelectorAll('.mantine-Loader-root, .mantine-Skeleton-root').length > 0;
      const previous = w.__settle ?? { text: -1, same: 0 };
      w.__settle = { text, same: !busy && text > 0 && text === previous.text ? previous.same + 1 : 0 };
      return w.__settle.same >= 3;
    },
    undefined,
    { timeout: 60_000, polling: 250 },
  );
}

describe('the console in Norwegian and French', () => {
  const suite = browserSuite('languages');
  let calls: TConsoleCalls;
  let itemId: string;
  let shareLink: string;

  beforeAll(async () => {
    const apiKey = await createApiKey(suite.server, 'languages-e2e');
    itemId = await uploadItem(suite.server, apiKey, 'Still.png', readFileSync(makeImage(suite.dir, 'Still.png')));
    calls = await consoleCalls(suite.server);
    // Events for System Activity and the item's History, a group, and a share to open as a visitor.
    await calls.mutate('groups.create', { name: 'Editors' });
    const share = await calls.mutate<{ link: string }>('shares.create', {
      pageTitle: 'Stills',
      itemIds: [itemId],
      metadataAccess: 'view',
    });
    shareLink = `${suite.server.url}/s/${/\/s\/([A-Za-z0-9_-]+)$/.exec(share.link)![1]}`;
  });

  const places: string[] = [];
  async function visit(page: Page, url: string, where: string, english: string[]): Promise<TFinding[]> {
    await page.goto(`${suite.server.url}${url}`);
    await settled(page);
    places.push(where);
    const all = await findings(page, where, english);
    // Every tab of the page in turn: settings, system overview, organisation, user settings, the item's tabs.
    const tabs = page.locator('[role="tab"]:not([data-disabled])');
    const count = await tabs.count();
    for (let i = 0; i < count; i += 1) {
      const tab = tabs.nth(i);
      if (!(await tab.isVisible())) continue;
      const name = ((await tab.textContent()) ?? '').trim();
      await tab.click();
      await settled(page);
      places.push(`${where} › ${name}`);
      all.push(...(await findings(page, `${where} › ${name}`, english)));
    }
    return all;
  }

  it('sees English on an English page, and a raw key, a raw id and a cut-off label put into one', async () => {
    await calls.mutate('profile.update', { name: 'Administrator', language: 'en' });
    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.goto(`${suite.server.url}/settings/groups`);
    await settled(page);
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.innerHTML =
        '<span>search.filters.itemType</span><span>item.metadata_changed</span><span>Common</span>' +
        '<button><span class="mantine-Button-label" style="display:block;width:30px;overflow:hidden;white-space:nowrap">A label far too long</span></button>';
      document.body.append(box);
    });
    const found = await findings(page, 'control', englishOnly('fr'));
    const kinds = (kind: string) => found.filter((f) => f.kind === kind).map((f) => f.text);
    expect(kinds('english')).toContain(english['nav.home']);
    expect(kinds('key')).toEqual(['search.filters.itemType']);
    // English readers see the shipped English group names; only what was put in is an id.
    expect(kinds('id').filter((id) => !['Everyone', 'Administrators'].includes(id))).toEqual([
      'item.metadata_changed',
      'Common',
    ]);
    expect(kinds('cut off')).toEqual(['A label far too long']);
    await context.close();
  });

  it.each(LANGUAGES)(
    'shows %s readers no untranslated keys, raw ids, English or cut-off labels at 1280 px',
    async (lng) => {
      await calls.mutate('profile.update', { name: 'Administrator', language: lng });
      const context: BrowserContext = await suite.browser.newContext({
        locale: 'en-GB',
        viewport: { width: 1280, height: 800 },
      });
      const page = await context.newPage();
      await signIn(page, suite.server);
      await page.waitForFunction((lng) => document.documentElement.lang === lng, lng);
      const words = englishOnly(lng);
      const found: TFinding[] = [];
      places.length = 0;
      for (const [url, where] of [
        ['/', 'search'],
        [`/item-details/${itemId}`, 'item'],
        ['/folders', 'folders'],
        ['/userTasks', 'tasks'],
        ['/activity', 'activity'],
        ['/share', 'my shares'],
        ['/recycle-bin', 'recycle bin'],
        // Every section of the Administration area (the old settings, system overview and organisation pages).
        ...adminSectionIds.map((id) => [sectionPath(id), `administration › ${id}`]),
        ['/user-settings', 'user settings'],
      ] as [string, string][])
        found.push(...(await visit(page, url, where, words)));
      await shot(page, `languages-${lng}`);
      await context.close();

      // A visitor whose browser speaks the language, on a public share page.
      const visitor = await suite.browser.newContext({
        locale: lng === 'fr' ? 'fr-FR' : `${lng}-NO`,
        viewport: { width: 1280, height: 800 },
      });
      const share = await visitor.newPage();
      await share.goto(shareLink);
      await share.getByTestId('public-share-item').waitFor();
      // Not signed in: the detection order picks the browser's language, written as the browser tags it (nb-NO).
      await share.waitForFunction((lng) => document.documentElement.lang.startsWith(lng), lng);
      await settled(share);
      found.push(...(await findings(share, 'public share', words)));
      await visitor.close();

      // The walk reached the tabs of the pages, not only the pages.
      expect(places.length).toBeGreaterThan(25);
      console.log(`${lng}: ${places.join(' | ')}`);
      const unique = [...new Map(found.map((f) => [`${f.kind}|${f.text}`, f])).values()];
      expect(unique).toEqual([]);
    },
  );

  it("follows the browser when the profile says 'Browser language', whatever was chosen and cached before", async () => {
    const context = await suite.browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    // Signed out, the query string outranks the French browser: the login page in English, and en cached.
    await page.goto(`${suite.server.url}/login?lng=en&organisation=demo&email=${suite.server.adminEmail}`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(suite.server.adminPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // Choosing Bokmål in the menu applies it, caches it in this browser and saves it in the profile.
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('language-nb').click();
    await page.waitForFunction(() => document.documentElement.lang === 'nb');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('nb');
    // The profile goes back to the browser's language (elsewhere, through the API); the cache here still says nb.
    await calls.mutate('profile.update', { name: 'Administrator', language: null });
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang.startsWith('fr'));
    await page.getByTestId('search-input').waitFor();
    // And in the same browser through User settings: Nynorsk, then 'Browser language' again.
    await calls.mutate('profile.update', { name: 'Administrator', language: 'nn' });
    await page.goto(`${suite.server.url}/user-settings?tab=profile`);
    await page.waitForFunction(() => document.documentElement.lang === 'nn');
    await page.getByTestId('profile-language').click();
    await page.getByRole('option', { name: /nettlesar|navigateur|browser/i }).click();
    await page.getByTestId('profile-save').click();
    await page.waitForFunction(() => document.documentElement.lang.startsWith('fr'));
    await page.reload();
    await page.getByTestId('profile-language').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang.slice(0, 2))).toBe('fr');
    await context.close();
  });
});
