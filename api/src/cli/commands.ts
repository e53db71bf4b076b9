import path from 'node:path';
import { AppError, assertPasswordStrength } from '@mam/core';
import type { DatabaseHandle } from '@mam/db';
import type { Services } from '../services';
import { loadActor } from '../services/actor.service';
import { hashPassword } from '../security/password-hasher';
import { provisionTenant } from '../services/tenant-provisioning.service';
import { createSearchIndexer } from '../services/search/search-indexer';
import type { TEnv } from '../config/env';
import { createBackup, restoreBackup } from './backup/backup';

type Options = Record<string, { type: 'string' | 'boolean' }>;

export interface CliCommand {
  name: string;
  usage: string;
  options: Options;
  required: string[];
  /** Set for commands that open the database themselves (or not at all): given the settings instead of services. */
  standalone?: (
    values: Record<string, string | boolean | undefined>,
    ctx: { env: TEnv; out: (line: string) => void },
  ) => Promise<void>;
  run(
    values: Record<string, string | undefined>,
    ctx: { services: Services; handle: DatabaseHandle; out: (line: string) => void },
  ): Promise<void>;
}

const str = { type: 'string' } as const;

/** A file an operator names: relative to the shell's folder (npm runs scripts from the project's). */
function operatorPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

async function notRunWithServices(): Promise<void> {
  throw new Error('A standalone command is run without services');
}

async function findUser(services: Services, slug: string, email: string) {
  const tenant = await services.deps.repos.tenants.findBySlug(slug);
  if (!tenant) throw new AppError('ORGANISATION_NOT_FOUND');
  const user = await services.deps.repos.users.findByEmail(tenant.id, email);
  if (!user) throw new AppError('NOT_FOUND');
  return { tenant, user };
}

export const commands: CliCommand[] = [
  {
    name: 'db migrate',
    usage: 'Apply database migrations',
    options: {},
    required: [],
    async run(_values, { handle, out }) {
      await handle.migrate();
      out(`Migrations applied (${handle.description}).`);
    },
  },
  {
    name: 'tenant create',
    usage: '--slug S --name N --admin-email E --admin-password P',
    options: { slug: str, name: str, 'admin-email': str, 'admin-password': str },
    required: ['slug', 'name', 'admin-email', 'admin-password'],
    async run(v, { services, out }) {
      const { tenant } = await provisionTenant(services.deps, {
        slug: v.slug!,
        name: v.name!,
        adminEmail: v['admin-email']!,
        adminPassword: v['admin-password']!,
      });
      out(`Organisation ${tenant.name} (${tenant.slug}) created.`);
    },
  },
  {
    name: 'user create',
    usage: '--tenant S --email E --password P [--name N] [--group G]',
    options: { tenant: str, email: str, password: str, name: str, group: str },
    required: ['tenant', 'email', 'password'],
    async run(v, { services, out }) {
      const { repos } = services.deps;
      const tenant = await repos.tenants.findBySlug(v.tenant!);
      if (!tenant) throw new AppError('ORGANISATION_NOT_FOUND');
      assertPasswordStrength(v.password!);
      if (await repos.users.findByEmail(tenant.id, v.email!)) throw new AppError('EMAIL_TAKEN');
      const organisation = await repos.groups.findByKind(tenant.id, 'organisation');
      const extra = v.group ? await repos.groups.findByName(tenant.id, v.group) : undefined;
      if (v.group && !extra) throw new AppError('NOT_FOUND', { params: { group: v.group } });
      const user = await repos.users.insert(tenant.id, {
        email: v.email!,
        name: v.name ?? v.email!.split('@')[0]!,
        passwordHash: await hashPassword(v.password!),
        primaryGroupId: organisation?.id ?? null,
      });
      await repos.users.setGroups(
        tenant.id,
        user.id,
        [organisation?.id, extra?.id].filter((g): g is string => !!g),
      );
      out(`User ${user.email} created in ${tenant.slug}${extra ? ` (group ${extra.name})` : ''}.`);
    },
  },
  {
    name: 'user set-password',
    usage: '--tenant S --email E --password P',
    options: { tenant: str, email: str, password: str },
    required: ['tenant', 'email', 'password'],
    async run(v, { services, out }) {
      assertPasswordStrength(v.password!);
      const { tenant, user } = await findUser(services, v.tenant!, v.email!);
      await services.deps.repos.users.update(tenant.id, user.id, { passwordHash: await hashPassword(v.password!) });
      await services.sessions.endAllFor(user);
      out(`Password of ${user.email} set; their sessions were ended.`);
    },
  },
  {
    name: 'api-key create',
    usage: '--tenant S --email E --label L [--expires YYYY-MM-DD]',
    options: { tenant: str, email: str, label: str, expires: str },
    required: ['tenant', 'email', 'label'],
    async run(v, { services, out }) {
      if (v.expires && !/^\d{4}-\d{2}-\d{2}$/.test(v.expires))
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ path: 'expires', code: 'VALIDATION_FAILED', message: 'Use YYYY-MM-DD' }],
        });
      const { user } = await findUser(services, v.tenant!, v.email!);
      const actor = await loadActor(services.deps, user);
      const { apiKey, secret } = await services.apiKeys.create(
        actor,
        { label: v.label!, expiresAt: v.expires ?? null, maxUnusedDays: null },
        null,
      );
      out(
        `API key "${apiKey.label}" created for ${user.email}${apiKey.expiresAt ? `, expires ${apiKey.expiresAt}` : ''}. It is shown once:`,
      );
      out(secret);
    },
  },
  {
    name: 'search reindex',
    usage: '--tenant S   (Elasticsearch: a fresh index from the database, swapped in when complete)',
    options: { tenant: str },
    required: ['tenant'],
    async run(v, { services, out }) {
      const backend = services.deps.searchBackend;
      if (!backend) {
        throw new AppError('INVALID_CONFIGURATION', {
          issues: [
            {
              path: 'ELASTICSEARCH_URL',
              code: 'INVALID_CONFIGURATION',
              message: 'Not set: the product searches PostgreSQL, which needs no index to rebuild',
            },
          ],
        });
      }
      const tenant = await services.deps.repos.tenants.findBySlug(v.tenant!);
      if (!tenant) throw new AppError('ORGANISATION_NOT_FOUND');
      const indexer = createSearchIndexer({
        repos: services.deps.repos,
        forms: services.metadataForms,
        backend,
        logger: services.deps.logger,
      });
      const { indexed } = await indexer.reindexTenant(tenant.id);
      out(`Search index of ${tenant.name} (${tenant.slug}) rebuilt: ${indexed} items.`);
    },
  },
  {
    name: 'backup',
    usage: '--to FILE   (database and local media, consistent while the server runs)',
    options: { to: str },
    required: ['to'],
    standalone: async (v, { env, out }) => {
      await createBackup({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, to: operatorPath(String(v.to)), out });
    },
    run: notRunWithServices,
  },
  {
    name: 'restore',
    usage: '--from FILE [--force]   (into an empty DATA_DIR; --force replaces what is there)',
    options: { from: str, force: { type: 'boolean' } },
    required: ['from'],
    standalone: async (v, { env, out }) => {
      await restoreBackup({
        dataDir: env.DATA_DIR,
        databaseUrl: env.DATABASE_URL,
        from: operatorPath(String(v.from)),
        force: v.force === true,
        out,
      });
    },
    run: notRunWithServices,
  },
];
