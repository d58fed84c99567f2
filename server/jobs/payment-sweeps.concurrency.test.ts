import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../adapters/payments/types';
import { experts, payouts, questions } from '../db/schema';
import { insertCoach, insertQuestion, insertUser } from '../test/factories';
import { openTestDatabase, testDatabaseKind } from '../test/harness';
import { refundUnanswered, releasePayouts } from './payment-sweeps';
import { createInProcessBus } from '../adapters/events/in-process';
import { openDatabase } from '../db/client';

const logger = pino({ level: 'silent' });
const DAY = 86_400_000;

/** A provider that counts its calls by idempotency key, as Stripe would dedupe them. */
function countingProvider() {
  const calls = new Map<string, number>();
  const count = (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1);
  const provider = {
    name: 'local',
    async transfer({ idempotencyKey }: { idempotencyKey: string }) {
      count(idempotencyKey);
      // Slow enough that both processes' sweeps overlap.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { transferId: `tr_${idempotencyKey}` };
    },
    async refund({ idempotencyKey }: { idempotencyKey: string }) {
      count(idempotencyKey);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { refundId: `re_${idempotencyKey}` };
    },
  } as unknown as PaymentProvider; // only the two methods the sweeps call
  return { provider, calls };
}

// Two processes need a database server; this runs in the PostgreSQL pass of `npm test`.
describe.runIf(testDatabaseKind === 'postgres')('sweeps in two processes on one PostgreSQL', () => {
  it('transfer each payout and refund each question exactly once', async () => {
    const first = await openTestDatabase();
    const second = await openDatabase({ url: first.url ?? '' });
    try {
      const db = first.db;
      const coach = await insertCoach(db, {
        stripeAccountId: 'acct_two',
        stripePayoutsEnabled: true,
        stripeOnboardingComplete: true,
      });
      const asker = await insertUser(db);
      const now = new Date();
      for (let i = 0; i < 30; i++) {
        const answered = await insertQuestion(db, {
          expertId: coach.id,
          askerId: asker.id,
          status: 'answered',
          answer: 'Yes.',
          answeredAt: now,
          paymentStatus: 'paid',
          paidAt: now,
        });
        await db
          .insert(payouts)
          .values({ questionId: answered.id, expertId: coach.id, amount: 700 });
        await insertQuestion(db, {
          expertId: coach.id,
          askerId: asker.id,
          paymentStatus: 'paid',
          paidAt: new Date(now.getTime() - 8 * DAY),
          paymentIntentId: `pi_${i}`,
        });
      }
      const { provider, calls } = countingProvider();
      const bus = createInProcessBus();
      // Each "process" sweeps until nothing is left, at the same time as the other.
      const drain = async (database: typeof db) => {
        while (
          (await releasePayouts(database, provider, logger, now)) +
            (await refundUnanswered(database, provider, bus, logger, now)) >
          0
        );
      };
      await Promise.all([drain(first.db), drain(second.db)]);

      expect(calls.size).toBe(60);
      expect([...calls.values()].every((n) => n === 1)).toBe(true);
      const paid = await db.select().from(payouts).where(eq(payouts.status, 'paid'));
      expect(paid).toHaveLength(30);
      const refunded = await db.select().from(questions).where(eq(questions.status, 'refunded'));
      expect(refunded).toHaveLength(30);
      expect(await db.select().from(experts)).toHaveLength(1);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
