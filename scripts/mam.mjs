// `npm run mam -- <command>`: the administration CLI, compiled (built first when its sources changed).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, serverEntry } from './ensure-built.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  await ensureBuilt(root, { withConsole: false });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const cli = spawn(process.execPath, [serverEntry(root, 'cli'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cli.kill(signal));
cli.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
