import { z } from 'zod';

const DEV_SECRET = 'development-only-secret-change-me-in-production';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: z.stringbool().default(false),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(z.url().startsWith('postgres').optional()),
    APP_SECRET: z.string().min(32).default(DEV_SECRET),
    BETA_ACCESS_CODE: optionalString,
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    QUESTION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
    // The hold window after an answer: disputes are possible and the payout waits (design.md §1).
    PAYOUT_HOLD_DAYS: z.coerce.number().min(0).max(60).default(3),
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
    PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    // Tests and stubs only: where the Stripe SDK sends its requests instead of api.stripe.com.
    STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    MAIL_DRIVER: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: optionalString.pipe(z.url().optional()),
    MAIL_FROM: z.string().min(3).default('Playbook <no-reply@playbook.local>'),
    // Unset: PostgreSQL LISTEN/NOTIFY with a database server, in-process with PGlite.
    EVENTS_DRIVER: z.enum(['in-process', 'postgres']).optional(),
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
  }));

export type Config = z.infer<typeof configSchema>;

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
