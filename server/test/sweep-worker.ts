/**
 * One "server process" for the two-process sweep test: opens the database, drains both payment
 * sweeps with a provider that reports each call, prints the idempotency keys it used as JSON, exits.
 * Usage: node --import tsx server/test/sweep-worker.ts <database-url> <now-iso>
 */
import pino from 'pino';
import { createInProcessBus } from '../adapters/events/in-process';
import type { PaymentProvider } from '../adapters/payments/types';
import { openDatabase } from '../db/client';
import { refundUnanswered, releasePayouts } from '../jobs/payment-sweeps';

const [url, nowIso] = process.argv.slice(2);
const keys: string[] = [];
const slow = () => new Promise((resolve) => setTimeout(resolve, 5));
// Only the two calls the sweeps make; the rest of the interface is never reached here.
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
const bus = createInProcessBus();
while (
  (await releasePayouts(handle.db, provider, logger, now)) +
    (await refundUnanswered(handle.db, provider, bus, logger, now)) >
  0
);
await handle.close();
process.stdout.write(JSON.stringify(keys));
