import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { adminCalls } from './support/console-calls';
import { uploadItem } from './support/seed-item';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(300_000);

type TItem = { id: string; title: string; folderId: string; media: { frameRate: string | null } | null };

describe('sequence interchange in a browser', () => {
  const suite = browserSuite('sequence-interchange');
  const { dir } = suite;

  it('exports a sequence from its page as EDL, FCPXML and OTIO, and imports the EDL into a folder', async () => {
    const apiKey = await createApiKey(suite.server, 'sequence-interchange-e2e');
    const itemId = await uploadItem(
      suite.server,
      apiKey,
      'Harbour fire.mp4',
      readFileSync(makeVideo(dir, 'harbour.mp4', 4)),
    );
    // The source must be probed (rate, timecode, length) before a sequence can use it.
    let item: TItem | undefined;
    for (let i = 0; i < 600 && !item?.media?.frameRate; i++) {
      const response = await fetch(`${suite.server.url}/api/v1/items/${itemId}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      item = (await response.json()) as TItem;
      if (!item.media?.frameRate) await new Promise((r) => setTimeout(r, 250));
    }
    expect(item?.media?.frameRate).toBe('50/1');
    const call = await adminCalls(suite.server);
    const { id } = await call<{ id: string }>('sequences.create', {
      title: 'Harbour fire: story',
      folderId: item!.folderId,
      clips: [
        { itemId, inFrame: 10, outFrame: 60 },
        { itemId, inFrame: 100, outFrame: 150 },
      ],
    });

    const context = await suite.browser.newContext({ locale: 'en-GB', acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.goto(`${suite.server.url}/item-details/${id}`);
    const downloaded: Record<string, string> = {};
    for (const format of ['edl', 'fcpxml', 'otio']) {
      await page.getByTestId('sequence-export').click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId(`sequence-export-${format}`).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`Harbour fire_ story.${format}`);
      downloaded[format] = readFileSync((await download.path())!, 'utf8');
    }
    expect(downloaded.edl!.split('\n')).toEqual(
      expect.arrayContaining([
        '001  HARBOUR_ AA/V  C        10:00:00:10 10:00:01:10 01:00:00:00 01:00:01:00',
        '002  HARBOUR_ AA/V  C        10:00:02:00 10:00:03:00 01:00:01:00 01:00:02:00',
        '* FROM CLIP NAME: Harbour fire',
        `* SOURCE FILE: mam:item:${itemId}`,
      ]),
    );
    expect(downloaded.fcpxml).toContain(`uid="mam:item:${itemId}"`);
    expect(JSON.parse(downloaded.otio!)).toMatchObject({ OTIO_SCHEMA: 'Timeline.1', name: 'Harbour fire: story' });
    await page.getByTestId('sequence-export').click();
    await shot(page, 'sequence-interchange-01-export');
    await page.keyboard.press('Escape');

    // The EDL back from the suite, with a title card the product has no clip for: refused, named.
    const withCard = path.join(dir, 'From the suite.edl');
    writeFileSync(
      withCard,
      `${downloaded.edl}003  CARD     V     C        00:00:00:00 00:00:02:00 01:00:02:00 01:00:04:00\n* FROM CLIP NAME: Title card\n`,
    );
    await page.goto(`${suite.server.url}/folders?folderId=${item!.folderId}`);
    await page.getByTestId('sequence-import').click();
    await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(withCard);
    expect(await page.getByTestId('sequence-import-title').inputValue()).toBe('From the suite');
    await page.getByTestId('sequence-import-submit').click();
    await page
      .getByTestId('sequence-import-error')
      .getByText('These clips from the editing suite have no matching clip in the product: Title card')
      .waitFor();
    await shot(page, 'sequence-interchange-02-unmatched');

    const clean = path.join(dir, 'Harbour recut.edl');
    writeFileSync(clean, downloaded.edl!);
    await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(clean);
    await page.getByTestId('sequence-import-title').fill('Harbour recut');
    await page.getByTestId('sequence-import-submit').click();
    await page.waitForURL(/\/item-details\/[0-9a-f-]{36}/);
    await page.getByTestId('item-title').getByText('Harbour recut').waitFor();
    const newId = /\/item-details\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    // The new sequence has the same cuts as the one exported.
    const got = await fetch(`${suite.server.url}/api/v1/sequences/${newId}/export.edl`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect((await got.text()).split('\n').filter((line) => /^\d{3} /.test(line))).toEqual(
      downloaded.edl!.split('\n').filter((line) => /^\d{3} /.test(line)),
    );
    await context.close();
  });
});
