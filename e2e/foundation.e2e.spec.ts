import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { totp } from './support/totp';

jest.setTimeout(180_000);

const shots = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** The newest e-mail to `to` in the server's outbox (no SMTP in tests), optionally one whose subject has `subject`. */
async function mailTo(to: string, subject = ''): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((f) => f.includes(to))
          .sort()
      : [];
    const texts = files.map((f) => readFileSync(path.join(outbox, f), 'utf8'));
    const found = texts.reverse().find((text) => new RegExp(`^Subject: .*${subject}`, 'im').test(text));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in ${outbox}`);
}

let server: RunningServer;

describe('foundation in a browser', () => {
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    server = await startServer();
    ({ browser, close: closeBrowser } = await launchBrowser());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
  });

  it('signs in by e-mail lookup, speaks Norwegian, creates an API key that works, and signs out', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();

    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel('Organisation or email').fill(server.adminEmail);
    await page.getByRole('button', { name: 'Continue' }).click();
    // The organisations go to the address, not to whoever asked: the e-mail's link opens the password step.
    await page.getByTestId('login-mailed').waitFor();
    const link = new URL(
      /Sign in to Demo: (\S+)/.exec(await mailTo(server.adminEmail, 'your organisations'))?.[1] ?? '',
    );
    expect(`${link.pathname}${link.search}`).toBe(
      `/login?organisation=demo&email=${encodeURIComponent(server.adminEmail)}`,
    );
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(server.adminPassword);
    await shot(page, '01-login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('search-input').waitFor();
    expect(await page.getByTestId('organisation-name').textContent()).toBe('Demo');
    await shot(page, '02-home');

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('language-nb').click();
    await page.getByRole('heading', { name: 'Søk' }).waitFor();
    await shot(page, '03-home-nb');

    await page.goto(`${server.url}/user-settings?tab=apiKeys`);
    await page.getByTestId('create-api-key').click();
    await page.getByTestId('api-key-label').fill('e2e robot');
    await page.getByTestId('api-key-submit').click();
    const secret = (await page.getByTestId('api-key-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^mam_/);
    await shot(page, '04-api-key');

    const response = await fetch(`${server.url}/api/v1/me`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { email: server.adminEmail }, tenant: { slug: 'demo' } });

    await page.getByRole('button', { name: 'Ferdig' }).click();
    await page.getByText('e2e robot').waitFor();
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await page.getByLabel('Organisasjon eller e-post').waitFor();
    await shot(page, '05-logged-out');
    await context.close();
  });

  it('shows the spec message for a wrong password after an organisation lookup by name', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Organisation or email').fill('demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(server.adminEmail);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('login-error').getByText('Wrong email or password.').waitFor();
    await context.close();
  });

  it('lets an administrator run the organisation: groups, team, tenant config and MFA', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const signIn = async (mfaCode?: string) => {
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Organisation or email').fill('demo');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(server.adminEmail);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(server.adminPassword);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      if (mfaCode) {
        await page.getByRole('textbox', { name: 'Authentication code' }).fill(mfaCode);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      }
      await page.getByTestId('search-input').waitFor();
    };
    await signIn();
    // The first test saved Norwegian in this administrator's profile; back to English, saved the same way.
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('language-en').click();
    await page.getByRole('heading', { name: 'Search' }).waitFor();

    // Groups: a new group, a permission that implies others, saved.
    await page.goto(`${server.url}/my-organisation?tab=groups`);
    await page.getByTestId('new-group-name').fill('Editors');
    await page.getByTestId('create-group').click();
    await page.getByRole('heading', { name: 'Editors' }).waitFor();
    const upload = page.getByTestId('permission-upload');
    expect(await upload.isDisabled()).toBe(false);
    await page.getByTestId('permission-create').check();
    expect(await upload.isChecked()).toBe(true);
    expect(await upload.isDisabled()).toBe(true);
    await page.getByText('Implied by Create items').first().waitFor();
    await page.getByTestId('save-permissions').click();
    await page.getByText('Saved').first().waitFor();
    await shot(page, '06-groups');

    // Team: a user with a password in the new group, deactivated, then deleted after confirmation.
    await page.getByTestId('tab-team').click();
    await page.getByTestId('add-user').click();
    await page.getByTestId('user-email').fill('editor@demo.local');
    await page.getByTestId('user-name').fill('Edith Editor');
    await page.getByTestId('user-groups').click();
    await page.getByRole('option', { name: 'Editors' }).click();
    await page.keyboard.press('Escape');
    await page.getByText('Set a password').click();
    await page.getByTestId('user-password').fill('a-long-enough-password');
    await page.getByTestId('user-submit').click();
    const row = page.getByTestId('user-row-editor@demo.local');
    await row.getByText('Editors').waitFor();
    await row.getByTestId('user-actions').click();
    await page.getByTestId('toggle-active').click();
    await row.getByText('Deactivated').waitFor();
    await shot(page, '07-team');
    await row.getByTestId('user-actions').click();
    await page.getByTestId('delete-user').click();
    await page.getByTestId('confirm-button').click();
    await row.waitFor({ state: 'detached' });

    // Tenant config: the shared schema rejects a too-short export name length before anything is sent.
    await page.goto(`${server.url}/settings/tenant`);
    await page.getByTestId('save-config').waitFor();
    await page.getByLabel('Max file-name length for export').fill('5');
    await page.getByTestId('save-config').click();
    await page.getByTestId('config-error').getByText('Invalid configuration').waitFor();
    expect(await page.getByTestId('config-issues').textContent()).toContain('Max file-name length for export');
    await shot(page, '08-tenant-config');

    // MFA: enrol with the shown secret, keep the recovery codes, then sign in again with a code.
    await page.goto(`${server.url}/user-settings?tab=profile`);
    await page.getByTestId('mfa-enable').click();
    await page.getByTestId('mfa-qr').waitFor();
    const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').trim();
    await page.getByTestId('mfa-code').fill(totp(secret));
    await page.getByTestId('mfa-confirm').click();
    const recoveryCodes = ((await page.getByTestId('recovery-codes').textContent()) ?? '').match(/[A-Z0-9]{10}/g) ?? [];
    expect(recoveryCodes).toHaveLength(10);
    await shot(page, '09-mfa');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('mfa-status').getByText('On').waitFor();
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    // The next period's code: the one used for enrolment may not be accepted twice.
    await signIn(totp(secret, Date.now() + 30_000));

    // And off again, so the next test starts from a plain password sign-in. A code of the step just used would be a
    // replay, so a recovery code proves it.
    await page.goto(`${server.url}/user-settings?tab=profile`);
    await page.getByTestId('mfa-code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByTestId('mfa-status').getByText('Off').waitFor();
    await context.close();
  });

  it('forces MFA enrolment when the organisation requires it, invites a user and resets a password', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Organisation or email').fill('demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(server.adminEmail);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(server.adminPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('search-input').waitFor();

    // The organisation starts requiring MFA: its administrator, without MFA, is sent to enrol before anything else.
    await page.goto(`${server.url}/settings/tenant`);
    await page.getByLabel('Require multi-factor authentication for everyone except SSO users').check();
    await page.getByTestId('save-config').click();
    await page.waitForURL(/\/user-settings/);
    await page
      .getByText('Your organisation requires multi-factor authentication. Set it up to continue.')
      .first()
      .waitFor();
    await page.goto(`${server.url}/my-organisation`);
    await page.waitForURL(/\/user-settings/);
    await page.getByTestId('mfa-enable').waitFor();
    expect(await page.getByTestId('tab-api-keys').count()).toBe(0);
    expect(await page.getByTestId('nav-my-organisation').count()).toBe(0);
    await shot(page, '10-forced-mfa');
    await page.getByTestId('mfa-enable').click();
    const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').trim();
    await page.getByTestId('mfa-code').fill(totp(secret));
    await page.getByTestId('mfa-confirm').click();
    await page.getByTestId('recovery-codes').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.goto(`${server.url}/my-organisation?tab=team`);
    await page.getByTestId('add-user').waitFor();

    // An invitation: no password, an e-mail with a single-use sign-in link.
    await page.getByTestId('add-user').click();
    await page.getByTestId('user-email').fill('newcomer@demo.local');
    await page.getByTestId('user-name').fill('Nora Newcomer');
    await page.getByTestId('user-submit').click();
    await page.getByTestId('user-row-newcomer@demo.local').waitFor();
    const link = (await mailTo('newcomer@demo.local')).match(/\/sign-in-code\?code=(\S+)/)?.[1];
    expect(link).toBeTruthy();

    const guest = await browser.newContext({ locale: 'en-GB' });
    const newcomer = await guest.newPage();
    await newcomer.goto(`${server.url}/sign-in-code?code=${link}`);
    // The organisation requires MFA of her too.
    await newcomer.waitForURL(/\/user-settings/);
    await newcomer.getByTestId('mfa-enable').waitFor();
    expect(await newcomer.getByTestId('nav-administration').count()).toBe(0);
    await newcomer.getByTestId('profile-menu').click();
    await newcomer.getByTestId('logout').click();
    await newcomer.waitForURL(/\/login/);

    // She never chose a password: the reset flow, from the link in the e-mail, ends signed in on the home page.
    await newcomer.goto(`${server.url}/public/forgot-password?organisation=demo`);
    await newcomer.getByTestId('forgot-email').fill('newcomer@demo.local');
    await newcomer.getByTestId('forgot-submit').click();
    await newcomer.waitForURL(/\/public\/forgot-password\/verify/);
    const code = (await mailTo('newcomer@demo.local', 'reset')).match(/Your code is: (\d{6})/)?.[1] ?? '';
    await newcomer.goto(`${server.url}/public/forgot-password/verify`);
    await newcomer.getByTestId('reset-organisation').fill('demo');
    await newcomer.getByTestId('reset-email').fill('newcomer@demo.local');
    await newcomer.getByTestId('reset-code').locator('input').first().click();
    await newcomer.keyboard.type(code);
    await newcomer.getByTestId('reset-verify').click();
    await newcomer.getByTestId('reset-password').fill('newcomer-password-1');
    await newcomer.getByTestId('reset-repeat').fill('newcomer-password-1');
    await newcomer.getByTestId('reset-save').click();
    await newcomer.waitForURL(/\/user-settings/);
    await guest.close();

    // Back to normal for the organisation.
    await page.goto(`${server.url}/settings/tenant`);
    await page.getByLabel('Require multi-factor authentication for everyone except SSO users').uncheck();
    await page.getByTestId('save-config').click();
    await page.getByText('Saved').first().waitFor();
    await context.close();
  });
});
