import path from 'node:path';
import type { Logger } from 'pino';
import { createInProcessBus } from './adapters/events/in-process';
import { createPostgresBus } from './adapters/events/postgres';
import { createLocalPaymentProvider } from './adapters/payments/local';
import { createStripePaymentProvider } from './adapters/payments/stripe';
import type { PaymentProvider } from './adapters/payments/types';
import { createLogTransport } from './adapters/mail/log-transport';
import { createSmtpTransport } from './adapters/mail/smtp-transport';
import type { MailTransport } from './adapters/mail/types';
import { createDiskStorage } from './adapters/storage/disk';
import {
  createDiskPrivateFiles,
  createS3PrivateFiles,
  type PrivateFiles,
} from './adapters/storage/private-files';
import { createS3Storage } from './adapters/storage/s3';
import type { FileStorage } from './adapters/storage/types';
import { s3Settings, type Config } from './config';
import type { AppContext } from './context';
import { openConfiguredDatabase, type Database, type DatabaseHandle } from './db/client';
import { paymentSweeps } from './jobs/payment-sweeps';
import { videoReviewJobs } from './jobs/video-reviews';
import { moneyOf, accountStatusFromDatabase } from './modules/payments';
import { queueDepth } from './jobs/metrics';
import { createJobQueue, type Job } from './jobs/queue';
import { adminLoginSchema } from '../contracts/admin';
import { createAdmin, findAdmin } from './modules/admin';
import { createUploadStore, sweepUnboundAttachments, uploadsDir } from './modules/attachments';
import { createAuth, type PasswordHashing } from './modules/auth';
import { announceSessionsEnded, journaledBus, pruneEventJournal } from './modules/events';
import { createLifecycle } from './lifecycle';
import { deliverDueMail } from './modules/mail';
import { createHitCounter, pruneRateLimits } from './modules/rate-limits';
import { createMetrics, tracedAdapter, tracingEnabled } from './observability';

function createMailTransport(config: Config, logger: Logger): MailTransport {
  if (config.MAIL_DRIVER === 'smtp' && config.SMTP_URL) {
    return createSmtpTransport(config.SMTP_URL, config.MAIL_FROM);
  }
  return createLogTransport(logger);
}

function createStorage(config: Config): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return createS3Storage({ ...s3Settings(config), publicUrl: config.S3_PUBLIC_URL ?? '' });
  }
  return createDiskStorage(localFilesDir(config));
}

function createAttachmentFiles(config: Config): PrivateFiles {
  if (config.STORAGE_DRIVER === 's3') {
    return createS3PrivateFiles(s3Settings(config));
  }
  return createDiskPrivateFiles(attachmentsDir(config), uploadsDir(config));
}

/** STRIPE_API_BASE (tests and stubs only) as the SDK's host, port and protocol. */
function stripeApiTarget(base: string | undefined) {
  if (!base) return {};
  const url = new URL(base);
  const apiProtocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    apiHost: url.hostname,
    apiPort: url.port ? Number(url.port) : apiProtocol === 'http' ? 80 : 443,
    apiProtocol,
  };
}

function createPayments(config: Config, db: Database): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === 'stripe') {
    return createStripePaymentProvider({
      // Required by the configuration schema when PAYMENTS_PROVIDER=stripe.
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      publicUrl: config.PUBLIC_URL,
      ...stripeApiTarget(config.STRIPE_API_BASE),
    });
  }
  return createLocalPaymentProvider({
    publicUrl: config.PUBLIC_URL,
    accountStatus: (accountId) => accountStatusFromDatabase(db, accountId),
  });
}

/** Where the disk storage adapter keeps files (served at /files/). */
export const localFilesDir = (config: Config) => path.resolve(config.DATA_DIR, 'files');
/** Attachments on disk: beside, never inside, the publicly served folder (ADR 059). */
export const attachmentsDir = (config: Config) => path.resolve(config.DATA_DIR, 'attachments');

/** ADMIN_USERNAME and ADMIN_PASSWORD create the first administrator at start-up, once. */
export async function ensureAdminFromConfig(ctx: AppContext, logger: Logger): Promise<void> {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = ctx.config;
  if (!username || !password) return;
  const input = adminLoginSchema.safeParse({ username, password });
  if (!input.success)
    throw new Error(`ADMIN_USERNAME / ADMIN_PASSWORD: ${input.error.issues[0]?.message}`);
  if (await findAdmin(ctx.database.db, input.data.username)) return;
  await createAdmin(ctx.database.db, input.data.username, input.data.password);
  logger.info({ username: input.data.username }, 'administrator created from configuration');
}

/** Chooses every adapter from the configuration (docs/architecture.md, 'Ports and adapters'). */
export async function createContext(
  config: Config,
  logger: Logger,
  database?: DatabaseHandle,
  { passwords }: { passwords?: PasswordHashing } = {},
): Promise<AppContext> {
  const handle =
    database ??
    (await openConfiguredDatabase(config, {
      onConnectionError: (err) => logger.warn({ err }, 'database connection lost'),
    }));
  const bus = journaledBus(
    config.EVENTS_DRIVER === 'postgres' && config.DATABASE_URL
      ? await createPostgresBus(config.DATABASE_URL, logger)
      : createInProcessBus(),
    handle.db,
    logger,
  );
  const limits = createHitCounter(config, handle.db, logger);
  const metrics = createMetrics();
  metrics.registerPoolStats(handle.poolStats);
  metrics.registerBusState(() => bus.connected());
  // With tracing on, every call to the payment provider and the mail transport is a span (ADR 051).
  const traced = <T extends object>(component: string, adapter: T) =>
    tracingEnabled() ? tracedAdapter(component, adapter) : adapter;
  const jobs = createJobQueue(handle, logger, {
    pollingIntervalSeconds: config.JOB_POLL_INTERVAL_SECONDS,
    retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
    retryLimit: config.JOB_RETRY_LIMIT,
    migrate: config.MIGRATE_ON_START,
    onGaveUp: metrics.jobFailed,
    onStart: metrics.jobsStarted,
  });
  metrics.registerJobStats(() => queueDepth({ database: handle, jobs }));
  return {
    config,
    database: handle,
    storage: createStorage(config),
    attachmentFiles: createAttachmentFiles(config),
    mail: traced('mail', createMailTransport(config, logger)),
    bus,
    auth: createAuth(config, handle.db, limits, passwords, announceSessionsEnded(bus, logger)),
    payments: traced('payments', createPayments(config, handle.db)),
    lifecycle: createLifecycle(),
    limits,
    metrics,
    jobs,
  };
}

export function backgroundJobs(ctx: AppContext, logger: Logger): Job[] {
  const { config } = ctx;
  return [
    {
      name: 'mail-delivery',
      intervalMs: 2000,
      // The attachments' storage: a review's poster goes inside its e-mail (ADR 093).
      run: () => deliverDueMail(ctx.database.db, ctx.mail, logger, ctx.attachmentFiles),
    },
    {
      name: 'event-journal-prune',
      intervalMs: 60_000,
      run: () => pruneEventJournal(ctx.database.db),
    },
    {
      name: 'rate-limit-prune',
      intervalMs: 60_000,
      run: () => pruneRateLimits(ctx.database.db),
    },
    ...paymentSweeps(moneyOf(ctx, logger), config.SWEEP_INTERVAL_SECONDS * 1000),
    {
      // Uploads left unfinished, and finished ones never sent, after ATTACHMENT_UPLOAD_EXPIRY_HOURS.
      name: 'attachment-sweep',
      intervalMs: 10 * 60_000,
      run: async () => {
        const unfinished = await createUploadStore(config).deleteExpired();
        const unsent = await sweepUnboundAttachments({ ...ctx, db: ctx.database.db, logger });
        return { unfinished, unsent };
      },
    },
    // Review videos transcoded for every browser (ADR 090).
    ...videoReviewJobs({ ...ctx, db: ctx.database.db, logger }, logger),
  ];
}
