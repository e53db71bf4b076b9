// `npm start`: build the console once if it is not built, then run the server with the embedded defaults.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(path.join(root, 'console/dist/index.html'))) {
  console.log('Building the console (first start only)…');
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * The server's V8 settings. Searching allocates fast (rows, SQL text): with V8's default 16 MiB semi-space the search
 * bench's server process spent ~1.3 s of 50 in ~190 young-generation collections of ~7 ms, each falling on a
 * search; with 64 MiB, 0.2-0.5 s. The young generation grows that large only under such load. The Dockerfile's CMD
 * and `npm run bench` (whose process is the server) pass the same.
 */
const serverNodeFlags = ['--max-semi-space-size=64'];

const server = spawn(
  process.execPath,
  [...serverNodeFlags, '--import', 'tsx', path.join(root, 'api/src/main.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
