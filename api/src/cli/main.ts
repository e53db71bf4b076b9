import { parseArgs } from 'node:util';
import { openDatabase } from '@mam/db';
import pino from 'pino';
import { AppError, ZTenantSlug } from '@mam/core';
import { EnvError, parseEnv } from '../config/env';
import { createRuntimeServices, searchBackendOf } from '../runtime';
import { BackupError } from './backup/backup-manifest';
import { commands, type CliCommand } from './commands';

export class UsageError extends Error {}

const usage = `Usage: npm run mam -- <command> [options]

Commands:
${commands.map((c) => `  ${c.name.padEnd(18)} ${c.usage}`).join('\n')}
`;

function findCommand(argv: string[]): { command: CliCommand; rest: string[] } {
  for (const command of commands) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w)) return { command, rest: argv.slice(words.length) };
  }
  throw new UsageError(argv.length ? `Unknown command: ${argv.join(' ')}` : 'No command given.');
}

export async function runCli(argv: string[], out: (line: string) => void): Promise<number> {
  let found: { command: CliCommand; rest: string[] };
  let values: Record<string, string | undefined>;
  let flags: Record<string, string | boolean | undefined>;
  try {
    if (argv[0] === '--help' || argv[0] === 'help') {
      out(usage);
      return 0;
    }
    found = findCommand(argv);
    const parsed = parseArgs({
      args: found.rest,
      options: found.command.options,
      strict: true,
      allowPositionals: false,
    });
    flags = parsed.values;
    values = parsed.values as Record<string, string | undefined>;
    for (const required of found.command.required) {
      if (!values[required]) throw new UsageError(`Missing --${required}.`);
    }
    if (
      values.tenant !== undefined &&
      !ZTenantSlug.safeParse(values.tenant).success &&
      found.command.name !== 'tenant create'
    ) {
      throw new UsageError(`--tenant must be an organisation short name, not "${values.tenant}".`);
    }
  } catch (error) {
    const message =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
        ? (error as Error).message
        : null;
    if (message === null) throw error;
    process.stderr.write(`${message}\n\n${usage}`);
    return 2;
  }

  const env = parseEnv();
  if (found.command.standalone) {
    try {
      await found.command.standalone(flags, { env, out });
      return 0;
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
  }
  const logger = pino({ level: 'warn' }, pino.destination(2));
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    if (handle.owner) await handle.migrate();
    const searchBackend = searchBackendOf(env);
    const services = createRuntimeServices(env, handle, logger, undefined, searchBackend);
    try {
      await found.command.run(values, { services, handle, out });
    } finally {
      await searchBackend?.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      process.stderr.write(
        `${error.code}: ${error.message}${error.issues.length ? `\n${error.issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}` : ''}\n`,
      );
      return error.status >= 500 ? 1 : 2;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      process.stderr.write(
        `${error instanceof EnvError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exit(1);
    });
}
