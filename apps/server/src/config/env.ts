import { isIP } from 'node:net';
import { isAbsolute, relative, resolve } from 'node:path';
import { z } from 'zod';
import { REMOTE_CONFIG_TTL_SECONDS } from '@smena/contract';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(item: string): boolean {
  if (PROXY_KEYWORDS.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export type TrustProxy = boolean | string[];

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'a hop count cannot tell the proxy from a client that connects directly: list the proxies (e.g. 127.0.0.1 or 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = items.filter((item) => !isProxyAddress(item));
  if (items.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `expected false, true or the proxies' addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8); not understood: ${bad.join(', ') || value}`,
    });
    return z.NEVER;
  }
  return items;
}

/** Empty strings count as missing, so `FOO=` in an .env file falls back to the default. */
function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

const optionalString = z.preprocess(blankToUndefined, z.string().optional());

export const EnvSchema = z.object({
  /** Production unless said otherwise, whatever the entry point (`npm run dev` says development). */
  NODE_ENV: z.preprocess(
    blankToUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().default('0.0.0.0')),
  PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /**
   * PGlite only: a folder for backups of the data directory taken while the app runs (db/backup.ts);
   * none when unset. PostgreSQL is backed up with pg_dump.
   */
  BACKUP_DIR: optionalString,
  /** Hours between backups, counted from the newest one in BACKUP_DIR. */
  BACKUP_INTERVAL_HOURS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(168).default(24),
  ),
  /** How many backups BACKUP_DIR keeps; older ones are deleted after each new one. */
  BACKUP_KEEP: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1000).default(7)),
  SUPERADMIN_EMAIL: z.preprocess(blankToUndefined, z.email().default('admin@smena.local')),
  SUPERADMIN_PASSWORD: z.preprocess(
    blankToUndefined,
    z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  ),
  JWT_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ACCESS_TOKEN_TTL_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(10).max(86_400).default(900),
  ),
  REFRESH_TOKEN_TTL_DAYS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(365).default(30),
  ),
  SMS_PROVIDER: z.preprocess(blankToUndefined, z.enum(['console', 'outbox']).default('console')),
  /** Where SMS_PROVIDER=outbox appends messages; defaults to sms-outbox.jsonl in DATA_DIR. */
  SMS_OUTBOX_FILE: optionalString,
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  /**
   * Per client IP, on each public auth route (login, refresh, register …): a ceiling against
   * floods that an office of hundreds behind one address never reaches.
   */
  AUTH_RATE_LIMIT_MAX: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(600)),
  AUTH_RATE_LIMIT_WINDOW: z.preprocess(blankToUndefined, z.string().default('1 minute')),
  /** Wrong passwords per account (the email) before login is refused for the rest of the window. */
  LOGIN_FAILURE_LIMIT: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(1000).default(10),
  ),
  LOGIN_FAILURE_WINDOW_MINUTES: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(1440).default(15),
  ),
  /** Refreshes per session per minute. */
  REFRESH_SESSION_RATE_LIMIT: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).default(60),
  ),
  /**
   * A refresh token presented again this soon after its rotation answers the same successor
   * (two tabs, a retry); later, reuse revokes the session. 0 turns the grace off.
   */
  REFRESH_REUSE_GRACE_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(0).max(300).default(30),
  ),
  /** Restore-code requests, and new-password attempts, per phone per hour. */
  OTP_PHONE_RATE_LIMIT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(10)),
  /** Restore-code requests, and new-password attempts, per client IP per hour. */
  OTP_IP_RATE_LIMIT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(60)),
  /**
   * Which peers may tell the client's address in X-Forwarded-For (Fastify's `trustProxy`):
   * `false` (none: the socket's address) or the proxies' addresses and CIDRs, comma-separated
   * (`127.0.0.1,10.0.0.0/8`; also `loopback`, `linklocal`, `uniquelocal`): the client is then the
   * last address in the header that is not a trusted proxy, which a client cannot forge. `true`
   * trusts every peer, so a client can name any address — safe only when the proxy overwrites the
   * header; the start-up warns. A hop count is refused: it cannot tell the proxy from a client that
   * connects directly (Fastify 5 treats it as trusting nobody).
   */
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z.string().default('false').transform(parseTrustProxy),
  ),
  /**
   * On SIGTERM: seconds the instance keeps serving while `/api/ready` answers 503 (for load
   * balancers that probe it), then the most seconds in-flight requests get to finish before the
   * process stops anyway.
   */
  SHUTDOWN_DELAY_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce.number().min(0).max(120).default(5),
  ),
  SHUTDOWN_GRACE_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce.number().min(1).max(600).default(30),
  ),
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS).default('info')),
  /**
   * Prometheus metrics (plugins/metrics.ts), off unless configured. METRICS_TOKEN: GET /metrics
   * on the main port answers to `Authorization: Bearer <token>` (404 without a token configured).
   * METRICS_PORT: a listener of its own that serves /metrics only, on METRICS_HOST (loopback
   * unless said otherwise, so that a published main port never exposes it by accident).
   */
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  METRICS_PORT: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  METRICS_HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  WEB_DIST_DIR: optionalString,
  /**
   * The operator of this installation, named on the public pages (152-ФЗ asks a service that
   * processes personal data and takes payments to say who it is). OPERATOR_NAME turns it on.
   */
  OPERATOR_NAME: optionalString,
  OPERATOR_INN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(\d{10}|\d{12})$/, 'ИНН: 10 цифр у организации, 12 у ИП')
      .optional(),
  ),
  OPERATOR_OGRN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(\d{13}|\d{15})$/, 'ОГРН: 13 цифр (ОГРНИП — 15)')
      .optional(),
  ),
  OPERATOR_ADDRESS: optionalString,
  OPERATOR_EMAIL: z.preprocess(blankToUndefined, z.email().optional()),
  OPERATOR_PHONE: optionalString,
  YANDEX_MAPS_API_KEY: optionalString,
  /** CloudPayments site: both set — companies pay by card; neither — manual invoices. */
  CLOUDPAYMENTS_PUBLIC_ID: optionalString,
  CLOUDPAYMENTS_API_SECRET: optionalString,
  /** Product events older than this are deleted by a daily job. */
  ANALYTICS_RETENTION_DAYS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(3650).default(180),
  ),
  /** Event batches one device may send per minute. */
  ANALYTICS_RATE_LIMIT_MAX: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).default(60),
  ),
  /** How often the SPA reloads the remote configuration (GET /config answers it). */
  REMOTE_CONFIG_TTL_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(60).max(86_400).default(REMOTE_CONFIG_TTL_SECONDS),
  ),
  /**
   * Web push (VAPID, RFC 8292): both keys as web-push prints them (base64url), or neither — then
   * a pair is generated once and kept in the database (the data directory of PGlite and
   * PostgreSQL alike), shared by every instance.
   */
  VAPID_PUBLIC_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
      .optional(),
  ),
  /** Who push services contact about this sender; `mailto:` + SUPERADMIN_EMAIL when absent. */
  VAPID_SUBJECT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
  ),
});

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment once; every bad variable is named in the error. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  problems.push(...pairProblems(source));
  if (result.success) problems.push(...portProblems(result.data));
  if (
    blankToUndefined(source.BACKUP_DIR) !== undefined &&
    blankToUndefined(source.DATABASE_URL) !== undefined
  ) {
    problems.push(
      'BACKUP_DIR: backups into a folder are for PGlite (no DATABASE_URL); back up PostgreSQL with pg_dump (docs/operations.md)',
    );
  } else if (result.success && result.data.BACKUP_DIR !== undefined) {
    // A backup is a tarball of DATA_DIR: inside it, each backup would carry all the earlier ones.
    const fromData = relative(resolve(result.data.DATA_DIR), resolve(result.data.BACKUP_DIR));
    if (!fromData.startsWith('..') && !isAbsolute(fromData)) {
      problems.push('BACKUP_DIR: must be outside DATA_DIR (each backup is a copy of DATA_DIR)');
    }
  }
  if (!result.success || problems.length > 0) throw new EnvError(problems);
  return result.data;
}

/** Variables that only work together: one without the other is a half-done setup. */
function pairProblems(source: Record<string, string | undefined>): string[] {
  const isSet = (name: string) => blankToUndefined(source[name]) !== undefined;
  const pairs = [
    ['CLOUDPAYMENTS_PUBLIC_ID', 'CLOUDPAYMENTS_API_SECRET', 'CloudPayments'],
    ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'Web push'],
  ] as const;
  return pairs.flatMap(([first, second, what]) => {
    if (isSet(first) === isSet(second)) return [];
    const missing = isSet(first) ? second : first;
    return [`${missing}: ${what} needs both ${first} and ${second}`];
  });
}

/** The metrics listener cannot share the main port (0 picks a free port for each). */
function portProblems(env: Env): string[] {
  if (env.METRICS_PORT === undefined || env.METRICS_PORT === 0) return [];
  if (env.METRICS_PORT !== env.PORT) return [];
  return [`METRICS_PORT: must differ from PORT (${env.PORT})`];
}
