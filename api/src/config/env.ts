import { isIP } from 'node:net';
import path from 'node:path';
import { LiveNetworks, parsePrivateEndpoints, type TPrivateEndpoint } from '@mam/workers';
import { z } from 'zod';

const ZOptionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

export const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: ZOptionalUrl.optional(),
  PUBLIC_URL: ZOptionalUrl.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  API_KEY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name')
    .default('Authorization'),
  SMTP_URL: ZOptionalUrl.optional(),
  MAIL_FROM: z.string().default('MAM <no-reply@mam.local>'),
  // 32 bytes as 64 hex characters; when unset, a key is generated once into DATA_DIR.
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters')
    .optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  // host:port of a Temporal frontend; unset runs workflows in the embedded durable runtime.
  TEMPORAL_ADDRESS: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^[\w.-]+:\d+$/, 'must be host:port')
        .optional(),
    )
    .optional(),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  // The Temporal web UI operators use (docker-compose: http://localhost:8233): Background Jobs links its runs there.
  TEMPORAL_UI_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: /^https?$/ }).optional())
    .optional(),
  // An Elasticsearch node: search runs there, kept in step with the database. Unset: PostgreSQL search.
  ELASTICSEARCH_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: /^https?$/ }).optional())
    .optional(),
  ELASTICSEARCH_INDEX_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,40}$/, 'lower-case letters, digits, - and _')
    .default('mam-items'),
  // Tenants' storage endpoints may not reach the platform's private network (SSRF); these host[:port] may, e.g. the
  // deployment's own MinIO.
  STORAGE_PRIVATE_ENDPOINTS: z
    .string()
    .default('')
    .transform((list, context): TPrivateEndpoint[] => {
      try {
        return parsePrivateEndpoints(list);
      } catch (error) {
        context.addIssue({ code: 'custom', message: `${(error as Error).message}; use comma-separated host[:port]` });
        return z.NEVER;
      }
    }),
  // Private networks (CIDRs) pulled live sources may connect to: the broadcaster's own contribution networks.
  LIVE_SOURCE_ALLOWED_NETWORKS: z
    .string()
    .default('')
    .transform((list, context): LiveNetworks => {
      try {
        return LiveNetworks.parse(list);
      } catch (error) {
        context.addIssue({ code: 'custom', message: `${(error as Error).message}; use comma-separated CIDRs` });
        return z.NEVER;
      }
    }),
  // ffmpeg jobs at once in this process; CPU-bound, so one per core but one (the API keeps a core) unless set.
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  // How long before a task's due date its assignee is reminded (bell and e-mail, by their preferences).
  TASK_REMINDER_LEAD_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(24),
  // How often each tenant's lifecycle rules run (archive or delete the high res of a folder's older items).
  LIFECYCLE_RULES_INTERVAL_MINUTES: z.coerce
    .number()
    .min(1)
    .max(24 * 60 * 7)
    .default(60),
  // A graceful stop (SIGTERM, SIGINT) lets requests in flight finish for this long, then cuts them and exits.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONSOLE_DIST: z.string().optional(),
  // Which proxies may name the client in X-Forwarded-For (Fastify's trustProxy). Off: the peer is the client, so a
  // client cannot choose the address that login throttling and the audit log see.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform((value, context): TTrustProxy => {
      const parsed = parseTrustProxy(value);
      if (parsed !== undefined) return parsed;
      context.addIssue({
        code: 'custom',
        message: 'use true, false, a hop count, or comma-separated addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }),
  // The largest single upload in bytes; 1 TiB when unset (a broadcast master runs to hundreds of GiB).
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  // An upload that received no byte for this many hours since it was created (its tab went away) is cleaned up.
  UPLOAD_ABANDONED_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 7)
    .default(24),
  // false: no /metrics and no metric collection (the observability bench's baseline; an installation that does not
  // scrape saves the per-request timing).
  METRICS_ENABLED: z.stringbool().default(true),
  // Set: /metrics answers only `Authorization: Bearer <token>`. Unset: only direct connections from this machine.
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .optional(),
  // The media worker (worker-main) has no HTTP server of its own: set, it serves /metrics on this port.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // Set: traces go to this OpenTelemetry collector over OTLP/HTTP (JSON, to <endpoint>/v1/traces).
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: /^https?$/ }).optional())
    .optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('mam'),
});

export type TTrustProxy = boolean | number | string[];

/** TRUST_PROXY's value as Fastify takes it; undefined when it is none of the accepted forms. */
export function parseTrustProxy(value: string): TTrustProxy | undefined {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid ? entries : undefined;
}

export type TEnv = z.infer<typeof ZEnv> & { DATA_DIR: string };

/** Parsed once per process; a bad value stops start-up with a message naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): TEnv {
  const result = ZEnv.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}

export class EnvError extends Error {
  override name = 'EnvError';
}
