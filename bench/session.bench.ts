import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from '../e2e/support/api-key';
import { consoleCalls } from '../e2e/support/console-calls';
import { uploadItem } from '../e2e/support/seed-item';
import type { RunningServer } from '../e2e/support/server';

const PROCESSING_TIMEOUT_MS = 5 * 60 * 1000;

interface ItemJson {
  id: string;
  transcoding: { state: string; error: string | null } | null;
  urls: Record<string, string | null>;
}

async function ok(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

/**
 * A short session of use, as a person and an API client make it: the console's page and assets, sign-in, an API
 * key, a 4 s clip and a document uploaded and processed, searches, the items opened with their media, comments.
 * What the server holds afterwards is the "after use" memory figure.
 */
export async function useServerBriefly(server: RunningServer): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-bench-session-'));
  try {
    const page = await (await ok(await fetch(server.url), 'the console')).text();
    for (const asset of page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
      await (await ok(await fetch(`${server.url}${asset[1]}`), asset[1]!)).arrayBuffer();
    }
    await (await fetch(`${server.url}/locales/en/translation.json`)).arrayBuffer();

    await consoleCalls(server);
    const apiKey = await createApiKey(server, 'bench-session');
    const headers = { authorization: `Bearer ${apiKey}` };
    const get = async (url: string) => (await ok(await fetch(new URL(url, server.url), { headers }), url)).json();

    const clip = await uploadItem(
      server,
      apiKey,
      'Kickoff.mp4',
      readFileSync(makeVideo(dir, 'Kickoff.mp4', 4, '640x360')),
    );
    const notes = await uploadItem(
      server,
      apiKey,
      'Match notes.txt',
      'Line-ups, substitutions and the final whistle\n',
    );
    const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
    for (const id of [clip, notes]) {
      for (;;) {
        const item = (await get(`/api/v1/items/${id}`)) as ItemJson;
        if (item.transcoding?.state === 'COMPLETE') break;
        if (item.transcoding?.state === 'ERROR') throw new Error(`processing failed: ${item.transcoding.error}`);
        if (Date.now() > deadline) throw new Error('processing did not finish');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    for (const q of ['kickoff', 'match notes', 'kick*', '']) {
      await get(`/api/v1/search?q=${encodeURIComponent(q)}`);
    }
    for (const id of [clip, notes]) {
      const item = (await get(`/api/v1/items/${id}`)) as ItemJson;
      for (const url of Object.values(item.urls)) {
        if (url) await (await fetch(new URL(url, server.url), { headers })).arrayBuffer();
      }
      await (
        await ok(
          await fetch(`${server.url}/api/v1/items/${id}/comments`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ text: 'Good to go' }),
          }),
          'a comment',
        )
      ).json();
      await get(`/api/v1/items/${id}/comments`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
