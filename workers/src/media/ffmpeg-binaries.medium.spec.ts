import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFfmpeg, resolveFfmpeg } from './ffmpeg-binaries';
import type { MediaLogger } from './media-error';

describe('ffmpeg binaries', () => {
  it('prefers the system ffmpeg and ffprobe, once per process', async () => {
    const first = resolveFfmpeg();
    expect(resolveFfmpeg()).toBe(first);
    const binaries = await first;
    expect(binaries).toMatchObject({
      source: 'system',
      ffmpegPath: '/usr/bin/ffmpeg',
      ffprobePath: '/usr/bin/ffprobe',
    });
    expect(binaries.version).toMatch(/^ffmpeg version /);
  });

  it('falls back to the bundled static build with a warning when there is no system ffmpeg', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'mam-no-ffmpeg-'));
    const warnings: string[] = [];
    const logger: MediaLogger = { warn: (_object, message) => warnings.push(message) };
    try {
      const binaries = await findFfmpeg({ searchDirs: [empty], logger });
      expect(binaries.source).toBe('bundled');
      expect(binaries.ffmpegPath).toContain('@ffmpeg-installer');
      expect(binaries.ffprobePath).toContain('@ffprobe-installer');
      expect(spawnSync(binaries.ffprobePath, ['-version']).status).toBe(0);
      expect(warnings).toEqual([expect.stringContaining('No system ffmpeg/ffprobe found')]);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
