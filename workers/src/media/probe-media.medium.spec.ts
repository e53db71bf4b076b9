import { chmod, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from './ffmpeg-binaries';
import { MediaError } from './media-error';
import { probeMedia } from './probe-media';
import {
  makeAudio,
  makeOrientedJpeg,
  makePdf,
  makePng,
  makeRandomBytes,
  makeTextFile,
  makeTruncated,
  makeVideo,
} from './testing/media-fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-probe-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function mediaError(file: string): Promise<MediaError> {
  const error: unknown = await probeMedia(file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

describe('probeMedia', () => {
  it('reads a 1080p50 clip with a start timecode', async () => {
    const file = await makeVideo(dir, {
      fileName: 'hd.mp4',
      width: 1920,
      height: 1080,
      fps: 50,
      seconds: 2,
      timecode: '10:00:00:00',
    });
    const probe = await probeMedia(file);
    expect(probe).toMatchObject({
      itemType: 'video',
      format: 'mp4',
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      mimeType: 'video/mp4',
      durationSeconds: 2,
      timecodeStart: '10:00:00:00',
      audioStreamCount: 1,
      hasCoverArt: false,
      image: null,
      video: {
        index: 0,
        codec: 'h264',
        width: 1920,
        height: 1080,
        displayWidth: 1920,
        displayHeight: 1080,
        frameRate: '50/1',
        pixelFormat: 'yuv420p',
        rotation: 0,
        fieldOrder: 'progressive',
        frameCount: 100,
      },
      audio: { index: 1, codec: 'aac', channels: 1, sampleRate: 48000, layout: 'mono' },
    });
    expect(probe.size).toBeGreaterThan(0);
    expect(probe.bitRate).toBeGreaterThan(0);
  });

  it('reports interlacing and sideways recording', async () => {
    const interlaced = await probeMedia(
      await makeVideo(dir, { fileName: 'sd.mp4', width: 720, height: 576, interlaced: true, seconds: 1 }),
    );
    expect(interlaced.video?.fieldOrder).toBe('tff');
    const rotated = await probeMedia(await makeVideo(dir, { fileName: 'phone.mp4', rotate: 90, seconds: 1 }));
    expect([90, 270]).toContain(rotated.video?.rotation);
    expect(rotated.video).toMatchObject({ width: 640, height: 360, displayWidth: 360, displayHeight: 640 });
  });

  it('reads audio files', async () => {
    expect(await probeMedia(await makeAudio(dir))).toMatchObject({
      itemType: 'audio',
      format: 'm4a',
      mimeType: 'audio/mp4',
      durationSeconds: expect.closeTo(3, 1),
      video: null,
      audio: { codec: 'aac', channels: 2, sampleRate: 48000, layout: 'stereo' },
    });
    expect(await probeMedia(await makeAudio(dir, { fileName: 'mono.wav', channels: 1 }))).toMatchObject({
      itemType: 'audio',
      format: 'wav',
      mimeType: 'audio/wav',
      audio: { codec: 'pcm_s16le', channels: 1 },
    });
  });

  it('reads images with sharp, EXIF orientation included', async () => {
    const jpeg = await probeMedia(await makeOrientedJpeg(dir));
    expect(jpeg).toMatchObject({
      itemType: 'image',
      format: 'jpeg',
      mimeType: 'image/jpeg',
      durationSeconds: null,
      video: null,
      image: {
        width: 400,
        height: 200,
        displayWidth: 200,
        displayHeight: 400,
        format: 'jpeg',
        orientation: 6,
        hasAlpha: false,
        colourSpace: 'srgb',
        pages: 1,
        decoder: 'sharp',
      },
    });
    const png = await probeMedia(await makePng(dir, { width: 300, height: 200 }));
    expect(png.image).toMatchObject({ width: 300, height: 200, format: 'png', hasAlpha: true, orientation: null });
  });

  it('decides by content, not by the name', async () => {
    const png = await makePng(dir, { fileName: 'picture.png', width: 64, height: 64 });
    const disguisedImage = path.join(dir, 'picture.mp4');
    await copyFile(png, disguisedImage);
    expect((await probeMedia(disguisedImage)).itemType).toBe('image');

    const video = await makeVideo(dir, { fileName: 'clip.mp4', seconds: 1 });
    const disguisedVideo = path.join(dir, 'clip.txt');
    await copyFile(video, disguisedVideo);
    expect((await probeMedia(disguisedVideo)).itemType).toBe('video');
  });

  it('makes PDFs, text, noise and empty files plain files', async () => {
    expect(await probeMedia(await makePdf(dir))).toMatchObject({
      itemType: 'file',
      format: 'pdf',
      mimeType: 'application/pdf',
      video: null,
      audio: null,
      image: null,
    });
    expect(await probeMedia(await makeTextFile(dir))).toMatchObject({ itemType: 'file', mimeType: 'text/plain' });
    expect(await probeMedia(await makeRandomBytes(dir))).toMatchObject({
      itemType: 'file',
      mimeType: 'application/octet-stream',
    });
    const empty = path.join(dir, 'empty.mov');
    await writeFile(empty, '');
    expect(await probeMedia(empty)).toMatchObject({ itemType: 'file', size: 0 });
  });

  it('never hands a text playlist to ffmpeg (it would open the files it names)', async () => {
    const secret = path.join(dir, 'secret.ts');
    await writeFile(secret, 'not for uploaders');
    const playlist = path.join(dir, 'upload.m3u8');
    await writeFile(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile://${secret}\n#EXT-X-ENDLIST\n`);
    expect(await probeMedia(playlist)).toMatchObject({ itemType: 'file', formatName: null, mimeType: 'text/plain' });
  });

  it('refuses an MP4 cut short before its index with a readable reason', async () => {
    const whole = await makeVideo(dir, { fileName: 'whole.mp4', seconds: 2 });
    const error = await mediaError(await makeTruncated(whole, 'cut.mp4'));
    expect(error.message).toBe(
      'The file could not be read as media: moov atom not found; Invalid data found when processing input',
    );
    expect(error.message).not.toContain(dir);
  });

  it('refuses an MP4 whose index is whole but whose media data is cut short', async () => {
    const whole = await makeVideo(dir, { fileName: 'faststart.mp4', seconds: 3, faststart: true });
    const error = await mediaError(await makeTruncated(whole, 'cut-faststart.mp4'));
    expect(error.message).toBe(
      'The file could not be read as media: it is incomplete (cut short during upload or copying)',
    );
  });

  it('refuses a damaged image', async () => {
    const png = await makePng(dir, { fileName: 'whole.png', width: 64, height: 64 });
    const error = await mediaError(await makeTruncated(png, 'cut.png', 0.1));
    expect(error.message).toMatch(/^The file could not be read as media: /);
  });
});

describe('probeMedia when its tool is stopped by a signal', () => {
  async function tool(name: string, script: string): Promise<string> {
    const file = path.join(dir, name);
    await writeFile(file, `#!/bin/sh\n${script}\n`);
    await chmod(file, 0o755);
    return file;
  }

  async function probeFailure(file: string, binaries: Awaited<ReturnType<typeof resolveFfmpeg>>): Promise<Error> {
    const error: unknown = await probeMedia(file, { binaries }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    // A shutdown or the OOM killer says nothing about the file: the activity must be retried, not fail the item.
    expect(error).not.toBeInstanceOf(MediaError);
    return error as Error;
  }

  it('does not blame the media when ffprobe is killed', async () => {
    const binaries = await resolveFfmpeg();
    const file = await makeVideo(dir, { fileName: 'probe-killed.mp4', seconds: 2 });
    const ffprobePath = await tool('ffprobe-killed', 'kill -TERM $$');
    const error = await probeFailure(file, { ...binaries, ffprobePath });
    expect(error.message).toBe('ffprobe was stopped by SIGTERM');
  });

  it('does not call a whole MP4 incomplete when the tail check is killed', async () => {
    const binaries = await resolveFfmpeg();
    const file = await makeVideo(dir, { fileName: 'tail-stopped.mp4', seconds: 2 });
    // ffprobe reads the index; the tail check's ffmpeg dies by the signal before it decodes anything.
    const ffmpegPath = await tool('ffmpeg-terminated', 'kill -TERM $$');
    const error = await probeFailure(file, { ...binaries, ffmpegPath });
    expect(error.message).toBe('ffmpeg was interrupted by SIGTERM');
  });
});
