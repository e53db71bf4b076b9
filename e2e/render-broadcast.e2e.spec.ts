import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { createApiKey } from './support/api-key';
import { cutRange, expectCount, loadSource } from './support/cutter';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { signIn } from './support/sign-in';
import { browserSuite, shot } from './support/suite';

jest.setTimeout(600_000);

type TProbeStream = {
  codec_type: string;
  codec_name: string;
  pix_fmt?: string;
  channels?: number;
  nb_read_frames?: string;
};
type TProbe = { streams: TProbeStream[]; format: { format_name: string; tags?: Record<string, string> } };

function ffprobe(file: string): TProbe {
  const result = spawnSync(
    'ffprobe',
    ['-v', 'error', '-count_frames', '-show_streams', '-show_format', '-of', 'json', file],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`ffprobe failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as TProbe;
}

describe('broadcast render from the cutter', () => {
  const suite = browserSuite('render-broadcast');

  it('renders a cut sequence with the XDCAM HD422 preset from its own start timecode into an MXF a playout server takes', async () => {
    const apiKey = await createApiKey(suite.server, 'render-broadcast');
    // 25 fps sources, as the 1080i50 format runs: every frame of a range is one frame of the render.
    for (const title of ['Alpha', 'Bravo']) {
      const file = makeVideo(suite.dir, `${title}.mp4`, 2, '320x180', 25);
      await waitUntilProcessed(
        suite.server,
        apiKey,
        await uploadItem(suite.server, apiKey, `${title}.mp4`, readFileSync(file)),
      );
    }

    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, suite.server);
    await page.getByTestId('nav-cutter').click();
    await page.getByTestId('cutter-page').waitFor();
    await page.getByTestId('item-tile').filter({ hasText: 'Bravo' }).waitFor({ timeout: 60_000 });

    // Alpha 10:00:00:03–10:00:00:22 (20 frames), Bravo 10:00:00:00–10:00:00:14 (15 frames).
    await loadSource(page, 'Alpha');
    await cutRange(page, 3, 22);
    await loadSource(page, 'Bravo');
    await cutRange(page, 0, 14);
    await expectCount(page.getByTestId('cutter-clip-row'), 2);
    expect(await page.getByTestId('cutter-total').textContent()).toBe('Total 00:00:01:10');
    await page.getByTestId('sequence-title').fill('Late news');
    await page.getByTestId('sequence-save').click();
    await page.getByText('Sequence saved').waitFor();

    // The broadcast preset lets a render choose its first timecode: this one starts before the preset's 10:00:00:00.
    await page.getByTestId('sequence-render').click();
    await page.getByTestId('render-preset').click();
    await page.getByRole('option', { name: 'XDCAM HD422 1080i50' }).click();
    // Choosing a preset leaves the popover open (its options once sat outside it and closed it).
    await page.getByRole('option', { name: 'XDCAM HD422 1080i50' }).waitFor({ state: 'hidden' });
    expect(await page.getByTestId('render-preset').inputValue()).toBe('XDCAM HD422 1080i50');
    const timecode = page.getByTestId('render-start-timecode');
    expect(await timecode.getAttribute('placeholder')).toBe('10:00:00:00');
    await timecode.fill('09:59:58:00');
    await shot(page, 'render-broadcast-01-popover');
    await page.getByTestId('render-start').click();
    await page.locator('[data-testid="sequence-render-row"][data-state="done"]').waitFor({ timeout: 400_000 });
    await shot(page, 'render-broadcast-02-done');

    const href = await page.getByTestId('render-download').getAttribute('href');
    const download = await fetch(`${suite.server.url}${href}`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(download.status).toBe(200);
    const file = path.join(suite.dir, 'late-news.mxf');
    writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    const probe = ffprobe(file);
    expect(probe.format.format_name).toBe('mxf');
    // OP1a: the operational pattern's item and package complexity are both 1 (SMPTE 378M).
    expect(probe.format.tags?.operational_pattern_ul).toMatch(/^060e2b34\.04010101\.0d010201\.0101/);
    expect(probe.format.tags?.timecode).toBe('09:59:58:00');
    const video = probe.streams.filter((stream) => stream.codec_type === 'video');
    expect(video).toHaveLength(1);
    expect(video[0]).toMatchObject({ codec_name: 'mpeg2video', pix_fmt: 'yuv422p', nb_read_frames: String(20 + 15) });
    const audio = probe.streams.filter((stream) => stream.codec_type === 'audio');
    expect(audio).toHaveLength(8);
    for (const track of audio) expect(track).toMatchObject({ codec_name: 'pcm_s24le', channels: 1 });

    // "done" comes once the placeholder it filled has been processed like an upload: it is a video that plays.
    const link = page
      .locator('[data-testid="sequence-render-row"][data-state="done"]')
      .locator('a[href^="/item-details/"]');
    const placeholderId = (await link.getAttribute('href'))!.split('/').pop()!;
    const placeholder = (await (
      await fetch(`${suite.server.url}/api/v1/items/${placeholderId}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      })
    ).json()) as Record<string, unknown>;
    expect(placeholder).toMatchObject({
      title: 'Late news',
      itemType: 'video',
      transcoding: { state: 'COMPLETE' },
      media: { timecodeStart: '09:59:58:00' },
      playback: { kind: 'proxy' },
    });
    await context.close();
  });
});
