import type { FileStorage } from './adapters/storage/types';
import type { EventBus } from './adapters/events/types';
import type { PaymentProvider } from './adapters/payments/types';
import type { MailTransport } from './adapters/mail/types';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Auth } from './modules/auth/auth';

/** Everything a route module may depend on, chosen once at start-up from the configuration. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
  mail: MailTransport;
  bus: EventBus;
  auth: Auth;
  payments: PaymentProvider;
}
