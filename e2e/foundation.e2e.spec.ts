import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

jest.setTimeout(180_000);

const shots = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

describe('foundation in a browser', () => {
  let server: RunningServer;
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
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(server.adminPassword);
    await shot(page, '01-login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('welcome').waitFor();
    expect(await page.getByTestId('organisation-name').textContent()).toBe('Demo');
    await shot(page, '02-home');

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('language-nb').click();
    await page.getByText('Velkommen, Administrator').waitFor();
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
});
