/**
 * One "server process" for the two-process sweep test: opens the database, drains both payment
 * sweeps with a provider that reports each call, prints the idempotency keys it used as JSON, exits.
 * Run by payment-sweeps.concurrency.test.ts from its bundle (server/test/children.ts), with
 * <database-url> <now-iso>.
 */
import pino from 'pino';
import { createInProcessBus } from '../adapters/events/in-process';
import type { PaymentProvider } from '../adapters/payments/types';
import { openDatabase } from '../db/client';
import type { Config } from '../config';
import { refundUnanswered, releasePayouts, type Money } from '../modules/payments/settlement';
import { createMetrics } from '../observability';

const [url, nowIso] = process.argv.slice(2);
const keys: string[] = [];
const slow = () => new Promise((resolve) => setTimeout(resolve, 5));
// Only the calls the sweeps make; the rest of the interface is never reached here.
const provider = {
  name: 'local',
  async transfer({ idempotencyKey }: { idempotencyKey: string }) {
    keys.push(idempotencyKey);
    await slow();
    return { transferId: `tr_${idempotencyKey}` };
  },
  async refund({ idempotencyKey }: { idempotencyKey: string }) {
    keys.push(idempotencyKey);
    await slow();
    return { refundId: `re_${idempotencyKey}` };
  },
} as unknown as PaymentProvider;

const logger = pino({ level: 'silent' });
const handle = await openDatabase({ url: url ?? '' });
const now = new Date(nowIso ?? Date.now());
// The sweeps read only these settings: links in the e-mails they queue, and the secret that signs
// their unsubscribe links (ADR 057).
const config = {
  PUBLIC_URL: 'http://localhost:3000',
  APP_SECRET: 'sweep-worker-secret-at-least-32-characters',
  PAYOUT_HOLD_DAYS: 3,
} as Config;
const money: Money = {
  db: handle.db,
  payments: provider,
  bus: createInProcessBus(),
  config,
  logger,
  metrics: createMetrics(),
};
while ((await releasePayouts(money, { now })) + (await refundUnanswered(money, now)) > 0);
await handle.close();
process.stdout.write(JSON.stringify(keys));
