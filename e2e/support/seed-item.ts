import type { RunningServer } from './server';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** One item from a tus creation-with-upload, as an API client makes it; resolves with the item's id. */
export async function uploadItem(
  server: Pick<RunningServer, 'url'>,
  apiKey: string,
  fileName: string,
  content: Buffer | string = `Notes for ${fileName}\n`,
): Promise<string> {
  const body = typeof content === 'string' ? Buffer.from(content) : content;
  const response = await fetch(`${server.url}/api/v1/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(body.length),
      'upload-metadata': `filename ${b64(fileName)}`,
      'content-type': 'application/offset+octet-stream',
    },
    body,
  });
  const itemId = response.headers.get('item-id');
  if (response.status !== 201 || !itemId) throw new Error(`upload failed ${response.status}: ${await response.text()}`);
  return itemId;
}

/** Waits until the item's processing is done (its proxy, filmstrip and the rest are there); fails on an error. */
export async function waitUntilProcessed(server: Pick<RunningServer, 'url'>, apiKey: string, itemId: string) {
  const until = Date.now() + 240_000;
  for (;;) {
    const response = await fetch(`${server.url}/api/v1/items/${itemId}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const item = (await response.json()) as { transcoding: { state: string } | null };
    if (item.transcoding?.state === 'COMPLETE') return;
    if (item.transcoding?.state === 'ERROR') throw new Error(`processing failed: ${JSON.stringify(item)}`);
    if (Date.now() > until) throw new Error(`still processing: ${JSON.stringify(item)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
