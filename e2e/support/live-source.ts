import { freeUdpPort, startUdpFeed, type TUdpFeed } from '@mam/workers/testing/udp-feed';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createApiKey } from './api-key';
import { restCaller } from './rest-caller';
import { signIn } from './sign-in';
import type { TBrowserSuite } from './suite';

export interface TFedSourcePage {
  /** REST with an administrator's key. */
  call: ReturnType<typeof restCaller>;
  /** That administrator's API key, for media REST serves as bytes. */
  key: string;
  feed: TUdpFeed;
  context: BrowserContext;
  page: Page;
  /** The source's row on the live sources page, once it shows the feed as ready. */
  row: Locator;
}

/**
 * A UDP source fed by a real ffmpeg test pattern, made through REST, and the administrator on the live sources page
 * (`/dvr-settings`) with its row showing the feed as ready.
 */
export async function fedSourcePage(suite: TBrowserSuite, name: string): Promise<TFedSourcePage> {
  const key = await createApiKey(suite.server, `live ${name}`);
  const call = restCaller(() => suite.server, key);
  const port = await freeUdpPort();
  const feed = startUdpFeed(port);
  const source = await call('POST', '/live-sources', { name, type: 'udp', location: `udp://127.0.0.1:${port}` });
  if (source.status !== 201) throw new Error(`The source was not made: ${JSON.stringify(source.body)}`);
  const context = await suite.browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page, suite.server, suite.server.adminEmail, suite.server.adminPassword);
  await page.goto(`${suite.server.url}/dvr-settings`);
  await page.locator(`[data-testid="live-source-row-${name}"][data-state="ready"]`).waitFor({ timeout: 60_000 });
  return { call, key, feed, context, page, row: page.getByTestId(`live-source-row-${name}`) };
}
