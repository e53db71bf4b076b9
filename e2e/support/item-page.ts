import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from './server';
import { signIn } from './sign-in';

/**
 * A person in a browser of their own: a fresh context (en-GB) signed in as them (the administrator unless given),
 * on the item's page with its player ready. Processing may still be running, hence the generous wait.
 */
export async function openItemAs(
  browser: Browser,
  server: Pick<RunningServer, 'url' | 'adminEmail' | 'adminPassword'>,
  itemId: string,
  who: { email: string; password: string } = { email: server.adminEmail, password: server.adminPassword },
  timeout = 180_000,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page, server, who.email, who.password);
  await page.goto(`${server.url}/item-details/${itemId}`);
  await page.getByTestId('media-player').waitFor({ timeout });
  return { context, page };
}
