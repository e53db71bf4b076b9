import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createApiKey } from './support/api-key';
import { consoleCalls } from './support/console-calls';
import { uploadItem } from './support/seed-item';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

describe('administration in a browser', () => {
  const suite = browserSuite('administration');

  async function setFlag(page: Page, flag: string, on: boolean) {
    await page.goto(`${suite.server.url}/settings/flags`);
    const row = page.getByTestId(`flag-row-${flag}`);
    await row.getByRole('button', { name: 'Edit' }).click();
    const all = page.getByTestId('flag-all');
    if ((await all.isChecked()) !== on) await all.click();
    await page.getByTestId('flag-save').click();
    await row.getByText(on ? 'Enabled for all' : 'Nobody').waitFor();
  }

  it('gathers every section in one Administration area, and keeps the old routes working', async () => {
    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, suite.server);

    await page.getByTestId('nav-administration').click();
    await page.waitForURL(/\/settings\/team$/);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    const sections = page.getByTestId('admin-sections');
    expect(await sections.getByTestId('admin-group').allTextContents()).toEqual([
      'Organisation',
      'Content',
      'Storage',
      'Live',
      'Sign-in and security',
      'Tenant',
      'Activity',
      'System',
    ]);
    await shot(page, 'admin-01-users');

    // Each section has its own address; the dashboard keeps the spec's /admin.
    for (const [testId, path, heading] of [
      ['tab-groups', '/settings/groups', 'Groups'],
      ['tab-forms', '/settings/forms', 'Metadata forms'],
      ['tab-presets', '/settings/presets', 'Render presets'],
      ['tab-storage', '/settings/storage', 'Storage'],
      ['tab-live', '/dvr-settings', 'Live sources'],
      ['tab-sso', '/settings/sso', 'Single sign-on'],
      ['tab-activity', '/settings/activity', 'Activity and audit'],
      ['tab-dashboard', '/admin', 'Dashboard'],
      ['tab-tenants', '/settings/tenants', 'Tenants'],
      ['tab-flags', '/settings/flags', 'Feature flags'],
      ['tab-jobs', '/settings/jobs', 'Background jobs'],
      ['tab-tenant-config', '/settings/tenant', 'Tenant configuration'],
    ] as const) {
      await sections.getByTestId(testId).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    }

    // Tenant configuration: grouped, explained, and languages picked by name.
    await page.getByText('Languages and transcription').waitFor();
    await page.getByText('Transcripts are translated into this language first.').waitFor();
    await page.getByTestId('config-secondary-language').click();
    await page.getByTestId('config-secondary-language').fill('Norwegian Nyn');
    await page.getByRole('option', { name: 'Norwegian Nynorsk (nn)' }).click();
    await page.getByTestId('config-crash-duration-unit').click();
    await page.getByRole('option', { name: 'hours' }).click();
    await page.getByTestId('config-crash-duration').fill('2');
    await page.getByTestId('save-config').click();
    await page.getByText('Saved').first().waitFor();
    await page.reload();
    expect(await page.getByTestId('config-secondary-language').inputValue()).toBe('Norwegian Nynorsk (nn)');
    expect(await page.getByTestId('config-crash-duration').inputValue()).toBe('2');
    expect(await page.getByTestId('config-crash-duration-unit').inputValue()).toBe('hours');
    // A value the server refuses shows at its field.
    await page.getByLabel('Max file-name length for export').fill('5');
    await page.getByTestId('save-config').click();
    await page.getByTestId('config-error').getByText('Invalid configuration').waitFor();
    await shot(page, 'admin-02-tenant-config');

    // The routes of the areas this one replaced lead into the right section.
    await page.goto(`${suite.server.url}/my-organisation?tab=groups`);
    await page.waitForURL(/\/settings\/groups$/);
    await page.goto(`${suite.server.url}/system?tab=flags`);
    await page.waitForURL(/\/settings\/flags$/);
    await page.goto(`${suite.server.url}/my-account`);
    await page.waitForURL(/\/settings\/team$/);
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-administration').click();
    await page.waitForURL(/\/settings\/team$/);

    // A colleague without administration rights has no entry, and the sections refuse her.
    await page.getByTestId('add-user').click();
    await page.getByTestId('user-email').fill('reporter@demo.local');
    await page.getByTestId('user-name').fill('Rita Reporter');
    await page.getByText('Set a password').click();
    await page.getByTestId('user-password').fill('reporter-password-1');
    await page.getByTestId('user-submit').click();
    await page.getByTestId('user-row-reporter@demo.local').waitFor();

    const other = await suite.browser.newContext({ locale: 'en-GB' });
    const reporter = await other.newPage();
    await signIn(reporter, suite.server, 'reporter@demo.local', 'reporter-password-1');
    await reporter.getByTestId('nav-home').waitFor();
    expect(await reporter.getByTestId('nav-administration').count()).toBe(0);
    await reporter.getByTestId('profile-menu').click();
    await reporter.getByTestId('menu-user-settings').waitFor();
    expect(await reporter.getByTestId('menu-administration').count()).toBe(0);
    await reporter.keyboard.press('Escape');
    await reporter.goto(`${suite.server.url}/settings/tenant`);
    await reporter.getByText("You don't have permission to execute this operation").waitFor();
    expect(await reporter.getByTestId('save-config').count()).toBe(0);
    await other.close();
    await context.close();
  });

  it('shows /browse and /export only while their feature flags are on', async () => {
    const apiKey = await createApiKey(suite.server, 'browse-e2e');
    await uploadItem(suite.server, apiKey, 'Rundown notes.txt');
    const calls = await consoleCalls(suite.server);
    await calls.mutate('folders.create', { name: 'Sport' });
    const context = await suite.browser.newContext({ locale: 'en-GB', acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, suite.server);

    // Off (as every flag starts): no entry, and the route says why.
    expect(await page.getByTestId('nav-browse').count()).toBe(0);
    await page.goto(`${suite.server.url}/browse`);
    await page
      .getByTestId('feature-disabled')
      .getByText('Browsing is not switched on for your organisation.', { exact: false })
      .waitFor();

    await setFlag(page, 'browse', true);
    await page.getByTestId('nav-browse').click();
    await page.waitForURL(/\/browse\?folderId=[0-9a-f-]{36}$/);
    await page.getByTestId('library-folder').first().waitFor();
    await page.locator('[data-testid="browse-item"][data-title^="Rundown notes"]').waitFor();
    // A subfolder opens in place, and the tree follows.
    await page.locator('[data-testid="browse-subfolder"][data-name="Sport"]').click();
    await page.getByTestId('browse-empty').waitFor();
    await page.getByTestId('library-path').getByText('Sport').waitFor();
    await page.getByTestId('library-path').getByText('Demo').click();
    await shot(page, 'admin-03-browse');

    await setFlag(page, 'export', true);
    await page.getByTestId('nav-export').click();
    await page.waitForURL(/\/export\?folderId=/);
    await page.locator('[data-testid="export-item"][data-title^="Rundown notes"]').getByRole('checkbox').check();
    await page.getByTestId('export-format').getByText('JSON').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-run').click()]);
    expect(download.suggestedFilename()).toMatch(/^Common-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = await download.path();
    const content = JSON.parse(readFileSync(saved, 'utf8')) as {
      items: Array<{ values: { title: string } }>;
    };
    expect(content.items.map((i) => i.values.title)).toEqual([expect.stringMatching(/^Rundown notes/)]);

    // Off again: the entry goes, the page says so.
    await setFlag(page, 'browse', false);
    // The session reloads after the flag list: the entry goes then.
    await page.getByTestId('nav-browse').waitFor({ state: 'detached' });
    await page.getByTestId('nav-export').waitFor();
    await page.goto(`${suite.server.url}/browse`);
    await page.getByTestId('feature-disabled').waitFor();
    await setFlag(page, 'export', false);
    await context.close();
  });

  it('builds share links on the address the console is on, and the share page shows its title once', async () => {
    const context = await suite.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.goto(`${suite.server.url}/folders`);
    await page.waitForURL(/\/folders\?folderId=/);
    await page.getByTestId('share-folder').click();
    await page.getByTestId('share-title').fill('Morning rundown');
    await page.getByTestId('share-create').click();
    await page.getByTestId('share-created').waitFor();
    const link = await page.getByTestId('share-link').inputValue();
    // PUBLIC_URL is unset: not http://localhost:<port> but the address this browser used.
    expect(link.startsWith(`${suite.server.url}/s/`)).toBe(true);
    expect(suite.server.url).toMatch(/^http:\/\/127\.0\.0\.1:/);

    const visitorContext = await suite.browser.newContext({ locale: 'en-GB' });
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    await visitor.getByTestId('public-share-title').waitFor();
    expect(await visitor.getByText('Morning rundown', { exact: true }).count()).toBe(1);
    expect(await visitor.title()).toBe('Morning rundown');
    await visitorContext.close();
    await context.close();
  });
});
