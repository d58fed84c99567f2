import type { PrivateFiles } from './adapters/storage/private-files';
import type { FileStorage } from './adapters/storage/types';
import type { EventBus } from './adapters/events/types';
import type { PaymentProvider } from './adapters/payments/types';
import type { MailTransport } from './adapters/mail/types';
import type { Config } from './config';
import type { Logger } from 'pino';
import type { Database, DatabaseHandle } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Lifecycle } from './lifecycle';
import type { Auth } from './modules/auth';
import type { HitCounter } from './modules/rate-limits';
import type { Metrics } from './observability';

/** Everything a route module may depend on, chosen once at start-up from the configuration. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
  /** Attachments' private storage (ADR 059): never publicly served. */
  attachmentFiles: PrivateFiles;
  mail: MailTransport;
  bus: EventBus;
  auth: Auth;
  payments: PaymentProvider;
  lifecycle: Lifecycle;
  /** Where the rate limits count: the database, or Redis when REDIS_URL is set (ADR 049, 051). */
  limits: HitCounter;
  /** This process's Prometheus metrics (ADR 051). */
  metrics: Metrics;
  /** The job queue (ADR 050): started by `main.ts`; the admin's Failed jobs list reads it. */
  jobs: JobQueue;
}

/**
 * What a service depends on, as one object (issue 14): the database, the bus its writes' events go
 * out on, the payment provider, file storage, the configuration, the request's logger and the
 * metrics. Services
 * take this (or the part of it they use); routes build it once per request with `depsOf`.
 */
export interface ServiceDeps {
  db: Database;
  bus: EventBus;
  payments: PaymentProvider;
  storage: FileStorage;
  attachmentFiles: PrivateFiles;
  config: Config;
  auth: Auth;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Money movements are counted here once recorded (ADR 051). */
  metrics: Metrics;
}

export const depsOf = (ctx: AppContext, logger: ServiceDeps['logger']): ServiceDeps => ({
  db: ctx.database.db,
  bus: ctx.bus,
  payments: ctx.payments,
  storage: ctx.storage,
  attachmentFiles: ctx.attachmentFiles,
  config: ctx.config,
  auth: ctx.auth,
  logger,
  metrics: ctx.metrics,
});
