import type { Page } from 'playwright-core';
import type { RunningServer } from './server';

/** Signs in through the login page (email first, then password) and waits to leave it. */
export async function signIn(
  page: Page,
  server: Pick<RunningServer, 'url' | 'adminEmail' | 'adminPassword'>,
  email = server.adminEmail,
  password = server.adminPassword,
) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Organisation or email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
