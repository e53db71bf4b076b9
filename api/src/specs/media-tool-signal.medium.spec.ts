import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeVideo } from '../testing/media-fixtures';
import { createWorkflowTranscoder } from '../testing/workflow-transcoder';

jest.setTimeout(180_000);

/** This process's ffprobe and ffmpeg children, by pid. */
function mediaChildren(): Array<{ pid: number; name: string }> {
  const found: Array<{ pid: number; name: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = /\(([^)]*)\)/.exec(stat)?.[1] ?? '';
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && /^ff(probe|mpeg)$/.test(name)) found.push({ pid: Number(entry), name });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * A media tool ended by a signal (a shutdown's SIGTERM to the process group, the OOM killer) says nothing about the
 * file: the step is retried and the item completes, instead of ending in ERROR as unreadable or incomplete media.
 */
describe('a media tool stopped by a signal mid-activity', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mam-tool-signal-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['SIGTERM', 'SIGKILL'] as const)('is retried after %s and the item completes', async (signal) => {
    const transcoder = await createWorkflowTranscoder(path.join(dir, signal));
    try {
      const clip = makeVideo(dir, `${signal}.mp4`, 3, '1280x720');
      const run = transcoder.run(clip);
      let outcome: 'completed' | Error | undefined;
      void run.then(
        () => (outcome = 'completed'),
        (error: Error) => (outcome = error),
      );
      const killed: string[] = [];
      // The first ffprobe or ffmpeg the run starts (the probe's, or the tail check's) is stopped.
      for (let round = 0; killed.length === 0 && outcome === undefined && round < 20_000; round++) {
        for (const child of mediaChildren().slice(0, 1)) {
          process.kill(child.pid, signal);
          killed.push(child.name);
        }
        if (killed.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(killed).toHaveLength(1);
      await expect(run).resolves.toEqual({ itemId: expect.any(String) });
    } finally {
      await transcoder.dispose();
    }
  });
});
