import type { Page } from 'playwright-core';
import type { RunningServer } from './server';

/**
 * Signs in through the login page as the organisations e-mail's link opens it (organisation and email filled in,
 * then the password) and waits to leave it.
 */
export async function signIn(
  page: Page,
  server: Pick<RunningServer, 'url' | 'adminEmail' | 'adminPassword'>,
  email = server.adminEmail,
  password = server.adminPassword,
) {
  await page.goto(`${server.url}/login?${new URLSearchParams({ organisation: 'demo', email }).toString()}`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
