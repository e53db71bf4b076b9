// What `npm start`, `npm run mam` and the end-to-end tests run: compiled JavaScript, built first when it is missing
// or older than its sources (so a `git pull` then `npm start` runs the code pulled).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverEntryPoints } from './build-server.mjs';

/**
 * The server's V8 settings. Searching allocates fast (rows, SQL text): with V8's default 16 MiB semi-space the search
 * bench's server process spent ~1.3 s of 50 in ~190 young-generation collections of ~7 ms, each falling on a
 * search; with 64 MiB, 0.2-0.5 s. The young generation grows that large only under such load. The Dockerfile's CMD
 * and `npm run bench` (whose process is the search's server) pass the same. No --enable-source-maps: parsing the
 * bundle's map cost the idle server 20-40 MB of resident memory (measured); set it in NODE_OPTIONS to debug.
 * --v8-pool-size=1: one V8 helper thread (background compilation and GC) rather than one per core. Each helper's
 * malloc arena kept what compiling PGlite's WebAssembly had used (idle server 257-313 -> 258-260 MiB, less spread;
 * start-up CPU 2.5 -> 1.75 s), and on a small machine ffmpeg and the database's thread want the cores anyway.
 */
export const serverNodeFlags = ['--max-semi-space-size=64', '--v8-pool-size=1'];

/**
 * The server's environment additions. glibc raises its mmap threshold each time a large block is freed, so that
 * later large blocks (PGlite's files and WebAssembly, result buffers) come from arenas that keep their pages after
 * free; fixed thresholds give them back (idle server ~258 -> ~230-236 MiB, measured). The environment overrides.
 */
export const serverEnv = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

/** The compiled entry point `name` of serverEntryPoints (main, worker-main, cli). */
export function serverEntry(root, name) {
  return path.join(root, 'dist', `${name}.js`);
}

const serverSources = ['core/src', 'db/src', 'search/src', 'workflows/src', 'workers/src', 'api/src'];
const serverInputs = ['package-lock.json', 'scripts/build-server.mjs'];
const consoleSources = ['console/src', 'console/public', 'core/src'];
const consoleInputs = ['console/index.html', 'console/vite.config.ts', 'console/package.json', 'package-lock.json'];

/** The newest modification time among the files and folder trees given, relative to root. */
function newestMtime(root, trees, files) {
  let newest = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') visit(full);
      } else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const tree of trees) if (existsSync(path.join(root, tree))) visit(path.join(root, tree));
  for (const file of files)
    if (existsSync(path.join(root, file))) newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  return newest;
}

/** When the oldest of the outputs was written, or 0 if one is missing. */
function builtAt(outputs) {
  let oldest = Infinity;
  for (const output of outputs) {
    if (!existsSync(output)) return 0;
    oldest = Math.min(oldest, statSync(output).mtimeMs);
  }
  return oldest;
}

/**
 * Builds the server (and, unless `withConsole` is false, the console) when its output is missing or older than its
 * sources. Progress goes to stderr, so a CLI command's output stays clean.
 */
export async function ensureBuilt(root, { withConsole = true } = {}) {
  if (withConsole) {
    const built = builtAt([path.join(root, 'console/dist/index.html')]);
    if (built < newestMtime(root, consoleSources, consoleInputs)) {
      console.error(built ? 'Rebuilding the console (its sources changed)…' : 'Building the console (first start)…');
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      const build = spawnSync(npm, ['run', 'build', '-w', '@mam/console'], {
        cwd: root,
        stdio: ['ignore', process.stderr, 'inherit'],
      });
      if (build.status !== 0) throw new Error('The console build failed.');
    }
  }
  const outputs = Object.keys(serverEntryPoints).map((name) => serverEntry(root, name));
  const built = builtAt(outputs);
  if (built < newestMtime(root, serverSources, serverInputs)) {
    console.error(built ? 'Rebuilding the server (its sources changed)…' : 'Building the server…');
    await buildServer(root);
  }
}
