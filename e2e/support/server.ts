import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, serverEntry, serverEnv, serverNodeFlags } from '../../scripts/ensure-built.mjs';

const root = path.resolve(__dirname, '../..');

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The product as `npm start` runs it (the compiled server with its Node flags, embedded database in a fresh data
 * directory, the built console; built first if a source is newer), on a free port. Waits until /api/health answers.
 */
export async function startServer(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    /** Leads a process group of its own (pid = group id), as under systemd or Docker: signal it with kill(-pid). */
    processGroup?: boolean;
    /** More flags for node, e.g. `--cpu-prof` for a bench that reads the server's CPU profile. */
    nodeFlags?: string[];
  } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'mam-e2e-'));
  const port = await freePort();
  const adminEmail = 'admin@demo.local';
  const adminPassword = 'e2e-admin-password';
  let output = '';
  await ensureBuilt(root);
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags, ...(options.nodeFlags ?? []), serverEntry(root, 'main')],
    {
      cwd: root,
      env: {
        ...serverEnv,
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.processGroup ?? false,
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    adminEmail,
    adminPassword,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** kill -9 of a running server, as a crash would end it; resolves once the process is gone. */
export function killServer(running: Pick<RunningServer, 'pid'>): Promise<void> {
  return new Promise<void>((resolve) => {
    process.kill(running.pid, 'SIGKILL');
    const check = setInterval(() => {
      try {
        process.kill(running.pid, 0);
      } catch {
        clearInterval(check);
        resolve();
      }
    }, 50);
  });
}
