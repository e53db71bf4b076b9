import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createProxyMp4 } from './create-proxy-mp4';
import { probeMedia } from './probe-media';
import { ffprobeJson, makeAudio, makeVideo } from './testing/media-fixtures';

// Encoding 1080p50 takes seconds on an idle machine and far longer on a busy CI runner.
const HD_TIMEOUT_MS = 120_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-proxy-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const outDir = (name: string) => path.join(dir, name);

describe('createProxyMp4', () => {
  it(
    'writes 720p H.264 yuv420p + AAC with the index first, reporting progress up to 100',
    async () => {
      const input = await makeVideo(dir, { fileName: 'hd.mp4', width: 1920, height: 1080, fps: 50, seconds: 1 });
      const probe = await probeMedia(input);
      const progress: number[] = [];
      const result = await createProxyMp4({ input, outDir: outDir('hd'), probe, onProgress: (p) => progress.push(p) });

      expect(result).toMatchObject({
        file: 'proxy/proxy.mp4',
        files: ['proxy/proxy.mp4'],
        hasVideo: true,
        hasAudio: true,
      });
      expect([result.width, result.height]).toEqual([1280, 720]);
      const file = path.join(outDir('hd'), result.file);
      expect(result.size).toBe((await stat(file)).size);
      const report = await ffprobeJson(file);
      expect(report.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
        ['video', 'h264'],
        ['audio', 'aac'],
      ]);
      expect(report.streams[0]).toMatchObject({ width: 1280, height: 720, pix_fmt: 'yuv420p', profile: 'High' });
      expect(Number(report.format.duration)).toBeCloseTo(1, 1);
      const bytes = await readFile(file);
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
      expect(progress[progress.length - 1]).toBe(100);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    },
    HD_TIMEOUT_MS,
  );

  it('deinterlaces and turns a sideways recording upright', async () => {
    const interlaced = await makeVideo(dir, {
      fileName: 'sd.mp4',
      width: 720,
      height: 576,
      interlaced: true,
      seconds: 1,
    });
    const sd = await createProxyMp4({ input: interlaced, outDir: outDir('sd'), probe: await probeMedia(interlaced) });
    const sdReport = await ffprobeJson(path.join(outDir('sd'), sd.file));
    expect(sdReport.streams[0]?.field_order).toBe('progressive');

    const phone = await makeVideo(dir, { fileName: 'phone.mp4', rotate: 90, seconds: 1 });
    const upright = await createProxyMp4({ input: phone, outDir: outDir('phone'), probe: await probeMedia(phone) });
    expect([upright.width, upright.height]).toEqual([360, 640]);
    const phoneReport = await ffprobeJson(path.join(outDir('phone'), upright.file));
    expect(phoneReport.streams[0]).toMatchObject({ width: 360, height: 640 });
  });

  it('makes an AAC-only MP4 from audio', async () => {
    const input = await makeAudio(dir, { fileName: 'tone.wav', seconds: 2 });
    const result = await createProxyMp4({ input, outDir: outDir('audio'), probe: await probeMedia(input) });
    expect(result).toMatchObject({ hasVideo: false, hasAudio: true, width: null, height: null });
    const report = await ffprobeJson(path.join(outDir('audio'), result.file));
    expect(report.streams.map((s) => s.codec_name)).toEqual(['aac']);
  });

  it('kills ffmpeg on abort, rejects with the reason and leaves no partial proxy', async () => {
    const input = await makeVideo(dir, { fileName: 'long.mp4', seconds: 12 });
    const probe = await probeMedia(input);
    const controller = new AbortController();
    const started = Date.now();
    const running = createProxyMp4({
      input,
      outDir: outDir('aborted'),
      probe,
      signal: controller.signal,
      // The first report comes with ffmpeg's first progress block, long before 12 s of video are encoded.
      onProgress: () => controller.abort(new Error('cancelled by the user')),
    });
    await expect(running).rejects.toThrow('cancelled by the user');
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(stat(path.join(outDir('aborted'), 'proxy/proxy.mp4'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('rejects at once when already aborted', async () => {
    const input = await makeAudio(dir, { fileName: 'short.m4a', seconds: 1 });
    const probe = await probeMedia(input);
    await expect(
      createProxyMp4({ input, outDir: outDir('pre-aborted'), probe, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
