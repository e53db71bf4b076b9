import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export interface TBrowserSuite {
  /** The product as `npm start` runs it, in a fresh data directory. */
  readonly server: RunningServer;
  /** Debian's Chromium; each test opens its own contexts. */
  readonly browser: Browser;
  /** Scratch files of the suite (media fixtures and the like), removed afterwards. */
  readonly dir: string;
}

/**
 * What every browser suite needs, for the tests of the describe block it is called in: started before them,
 * stopped and removed after them. Call it first in the block, so its start runs before the block's own beforeAll.
 */
export function browserSuite(name: string): TBrowserSuite {
  const dir = mkdtempSync(path.join(tmpdir(), `mam-e2e-${name}-`));
  let server: RunningServer | undefined;
  let launched: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  beforeAll(async () => {
    server = await startServer();
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test or a hook`);
    return value;
  };
  return {
    get server() {
      return started(server, 'the server');
    },
    get browser() {
      return started(launched?.browser, 'the browser');
    },
    dir,
  };
}

/** A full-page screenshot into E2E_SCREENSHOTS when it is set (for reviewing the screens by eye); else nothing. */
export async function shot(page: Page, name: string): Promise<void> {
  const shots = process.env.E2E_SCREENSHOTS;
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}
