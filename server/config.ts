import { isIP } from 'node:net';
import { z } from 'zod';
import { MAX_UNPAID_OPEN_QUESTIONS } from '../contracts/limits';
import { DEFAULT_DATABASE_LIMITS } from './db/limits';

const DEV_SECRET = 'development-only-secret-change-me-in-production';
/** More proxies than this in front of one app is a typo, not a deployment. */
export const MAX_PROXY_HOPS = 10;

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const wholeNumber = (min: number, fallback: number) =>
  z.coerce.number().int().min(min).default(fallback);

/** proxy-addr's names for whole address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_ADVICE =
  'set the number of proxies in front of the app (TRUST_PROXY=1 behind one proxy) or their addresses (TRUST_PROXY=10.0.0.2,10.0.1.0/24), or false when clients connect directly';

/**
 * Whose X-Forwarded-For to believe (ADR 039): nobody (false), the last `n` hops, or the listed
 * proxies. Never everybody: `true` would let any client name its own address and so walk past
 * every per-address limit.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= MAX_PROXY_HOPS) return hops;
    } else if (value !== 'true') {
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        value === 'true'
          ? `true would trust any client's own X-Forwarded-For: ${TRUST_PROXY_ADVICE}`
          : `must be a number of proxies from 1 to ${MAX_PROXY_HOPS} or a comma-separated list of proxy addresses or CIDR ranges: ${TRUST_PROXY_ADVICE}`,
    });
    return z.NEVER;
  });

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: trustProxySchema,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(z.url().startsWith('postgres').optional()),
    // PostgreSQL only: connections and how long to wait on the server (ADR 045).
    DATABASE_POOL_SIZE: wholeNumber(1, DEFAULT_DATABASE_LIMITS.poolSize),
    DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(1, DEFAULT_DATABASE_LIMITS.connectTimeoutMs),
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(0, DEFAULT_DATABASE_LIMITS.statementTimeoutMs),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: wholeNumber(
      0,
      DEFAULT_DATABASE_LIMITS.idleInTransactionTimeoutMs,
    ),
    // false when a deploy runs `npm run migrate` as its own step before starting the processes.
    MIGRATE_ON_START: z.stringbool().default(true),
    APP_SECRET: z.string().min(32).default(DEV_SECRET),
    // Secrets rotated out, comma-separated: still accepted for verifying, never used to sign (ADR 047).
    APP_SECRET_PREVIOUS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(32, 'each secret must be at least 32 characters'))),
    BETA_ACCESS_CODE: optionalString,
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    QUESTION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    MESSAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    // Unpaid questions waiting for an answer one Player may have at once (ADR 082). A setting only
    // so tests that ask many questions of one Player can lift it, as they lift the rate limits.
    UNPAID_QUESTIONS_PER_PLAYER: z.coerce.number().int().min(1).default(MAX_UNPAID_OPEN_QUESTIONS),
    SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
    // The job queue (ADR 050): how often an idle worker polls (a job this process asks for wakes it
    // at once, ADR 094), and a failed job's first retry delay (doubled on each further one) before
    // it gives up after JOB_RETRY_LIMIT retries.
    JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).default(10),
    JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(10),
    JOB_RETRY_LIMIT: z.coerce.number().int().min(0).default(3),
    // On SIGTERM: how long the process keeps serving while readiness says 503, so the load balancer
    // routes elsewhere before it stops accepting. Capped so the whole shutdown fits in 10 s. Unset:
    // 2 s in production, none elsewhere (no load balancer waits on a laptop or in the tests).
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(5000).optional(),
    // The hold window after an answer: disputes are possible and the payout waits (ADR 023).
    PAYOUT_HOLD_DAYS: z.coerce.number().min(0).max(60).default(3),
    // How long the Player's one follow-up waits for the Coach's answer, the payout held (ADR 058).
    FOLLOW_UP_HOURS: z.coerce.number().min(1).max(720).default(72),
    // Who hears of new disputes; unset: the contact address.
    ADMIN_NOTIFY_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_USERNAME: optionalString,
    ADMIN_PASSWORD: optionalString,
    ADMIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
    ADMIN_SESSION_HOURS: z.coerce.number().int().min(1).max(168).default(8),
    STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: optionalString.pipe(z.url().optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
    S3_FORCE_PATH_STYLE: z.stringbool().default(false),
    // Attachments (issue 23, ADR 059): a video's ceiling in MB (photos and PDFs have fixed ones),
    // how long a signed link to one stays valid, and how long an unfinished or unsent upload is kept.
    ATTACHMENT_MAX_MB: z.coerce.number().int().min(1).max(5000).default(250),
    ATTACHMENT_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
    ATTACHMENT_UPLOAD_EXPIRY_HOURS: z.coerce.number().min(0.01).max(720).default(24),
    PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
    // The local provider takes no real money: production refuses it unless this says it is a trial.
    ALLOW_TEST_PAYMENTS: z.stringbool().default(false),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    // Tests and stubs only: where the Stripe SDK sends its requests instead of api.stripe.com.
    STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    MAIL_DRIVER: z.enum(['outbox', 'smtp']).default('outbox'),
    // The dev mailbox shows every e-mail, confirmation links included: off unless asked for.
    DEV_MAILBOX: z.stringbool().default(false),
    SMTP_URL: optionalString.pipe(z.url().optional()),
    MAIL_FROM: z.string().min(3).default('Playbook <no-reply@playbook.local>'),
    // Unset: PostgreSQL LISTEN/NOTIFY with a database server, in-process with PGlite.
    EVENTS_DRIVER: z.enum(['in-process', 'postgres']).optional(),
    // Observability (ADR 051). /metrics on the app's port needs this as a bearer token; unset: 404.
    METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    // /metrics without a token on a port of its own, bound to METRICS_HOST (loopback by default).
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    // Traces go over OTLP (HTTP) to this collector; unset: no tracing, nothing loaded.
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    OTEL_SERVICE_NAME: z.string().min(1).default('playbook'),
    // Rate-limit counters in Redis instead of PostgreSQL (ADR 051); unset: the database's table.
    REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
    REDIS_KEY_PREFIX: z.string().default('playbook:'),
    INSTAGRAM_URL: z.url().default('https://www.instagram.com/playbook'),
    CONTACT_EMAIL: z.email().default('support@playbook.local'),
    OPERATOR_COMPANY: z.string().min(1).default('Playbook Marketplace Pty Ltd'),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.APP_SECRET === DEV_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'must be set in production' });
    }
    if (c.STORAGE_DRIVER === 's3') {
      for (const name of [
        'S3_BUCKET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_PUBLIC_URL',
      ] as const) {
        if (!c[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when STORAGE_DRIVER=s3',
          });
      }
    }
    if (c.NODE_ENV === 'production' && c.PAYMENTS_PROVIDER === 'local' && !c.ALLOW_TEST_PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_PROVIDER'],
        message:
          'is the test provider (local) in production: set PAYMENTS_PROVIDER=stripe, or ALLOW_TEST_PAYMENTS=true for a trial that takes no real money',
      });
    }
    if (c.NODE_ENV === 'production' && c.DEV_MAILBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_MAILBOX'],
        message: 'is never available in production',
      });
    }
    if (c.PAYMENTS_PROVIDER === 'stripe') {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!c[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when PAYMENTS_PROVIDER=stripe',
          });
      }
    }
    if (c.EVENTS_DRIVER === 'postgres' && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['EVENTS_DRIVER'],
        message: 'postgres needs DATABASE_URL',
      });
    }
    if (c.METRICS_PORT !== undefined && c.METRICS_PORT === c.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT',
      });
    }
    if (c.MAIL_DRIVER === 'smtp' && !c.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when MAIL_DRIVER=smtp',
      });
    }
  })
  .transform((c) => ({
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    EVENTS_DRIVER: c.EVENTS_DRIVER ?? (c.DATABASE_URL ? 'postgres' : 'in-process'),
    SHUTDOWN_DRAIN_MS: c.SHUTDOWN_DRAIN_MS ?? (c.NODE_ENV === 'production' ? 2000 : 0),
  }));

export type Config = z.infer<typeof configSchema>;

/**
 * The secrets a signed or sealed value may carry, current first: APP_SECRET signs, the previous
 * ones only verify, so rotating APP_SECRET signs nobody out (ADR 047).
 */
export const verifyingSecrets = (
  config: Pick<Config, 'APP_SECRET' | 'APP_SECRET_PREVIOUS'>,
): readonly string[] => [config.APP_SECRET, ...config.APP_SECRET_PREVIOUS];

/** The bucket and credentials every S3 store uses: public files, attachments, uploads in progress. */
export const s3Settings = (config: Config) => ({
  bucket: config.S3_BUCKET ?? '',
  region: config.S3_REGION,
  endpoint: config.S3_ENDPOINT,
  accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
  secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
  forcePathStyle: config.S3_FORCE_PATH_STYLE,
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment once; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
