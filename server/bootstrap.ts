import path from 'node:path';
import type { Logger } from 'pino';
import { createInProcessBus } from './adapters/events/in-process';
import { createLogTransport } from './adapters/mail/log-transport';
import { createSmtpTransport } from './adapters/mail/smtp-transport';
import type { MailTransport } from './adapters/mail/types';
import { createDiskStorage } from './adapters/storage/disk';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type DatabaseHandle } from './db/client';
import type { Job } from './jobs/scheduler';
import { deliverDueMail } from './modules/mail/outbox';

function createMailTransport(config: Config, logger: Logger): MailTransport {
  if (config.MAIL_DRIVER === 'smtp' && config.SMTP_URL) {
    return createSmtpTransport(config.SMTP_URL, config.MAIL_FROM);
  }
  return createLogTransport(logger);
}

/** Chooses every adapter from the configuration (design.md §2). */
export async function createContext(
  config: Config,
  logger: Logger,
  database?: DatabaseHandle,
): Promise<AppContext> {
  return {
    config,
    database:
      database ??
      (await openDatabase(
        config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
        (err) => logger.warn({ err }, 'database connection lost'),
      )),
    storage: createDiskStorage(path.join(config.DATA_DIR, 'files')),
    mail: createMailTransport(config, logger),
    bus: createInProcessBus(),
  };
}

export function backgroundJobs(ctx: AppContext, logger: Logger): Job[] {
  return [
    {
      name: 'mail-delivery',
      intervalMs: 2000,
      run: () => deliverDueMail(ctx.database.db, ctx.mail, logger),
    },
  ];
}
