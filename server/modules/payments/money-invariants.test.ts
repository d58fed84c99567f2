import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachPayoutCents, platformFeeCents } from '../../../contracts/money';
import type { PaymentEvent } from '../../adapters/payments/types';
import { payouts, questions } from '../../db/schema';
import { refundUnanswered, releasePayouts } from '../../jobs/payment-sweeps';
import { insertCoach, insertQuestion, insertUser } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { answerQuestion, flagDispute } from '../questions/service';
import { applyPaymentEvent } from './apply-event';

const logger = pino({ level: 'silent' });
const DAY = 86_400_000;

type Step =
  | { kind: 'pay'; q: number; replays: number }
  | { kind: 'answer'; q: number }
  | { kind: 'dispute'; q: number }
  | { kind: 'release' }
  | { kind: 'refund'; daysLater: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), q: fc.nat(2), replays: fc.nat(3) }),
  fc.record({ kind: fc.constant('answer' as const), q: fc.nat(2) }),
  fc.record({ kind: fc.constant('dispute' as const), q: fc.nat(2) }),
  fc.record({ kind: fc.constant('release' as const) }),
  fc.record({ kind: fc.constant('refund' as const), daysLater: fc.integer({ min: 0, max: 10 }) }),
);

/**
 * Whatever order payments, answers, disputes, replays and sweeps arrive in, the money adds up:
 * one payout per question, never more than 70% of its amount, never released for an unpaid or
 * refunded question, and what the Player is refunded plus what is kept equals what was charged.
 */
describe(`money invariants (property, ${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('hold for any sequence of events', async () => {
    const db = t.ctx.database.db;
    const { bus, config, payments } = t.ctx;
    const expert = await insertCoach(db, {
      stripeAccountId: `acct_${randomUUID()}`,
      stripePayoutsEnabled: true,
    });
    const coachSession = { id: expert.userId, name: expert.name, email: expert.email };

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 50_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(step, { maxLength: 12 }),
        async (amounts, steps) => {
          const asker = await insertUser(db);
          const askerSession = { id: asker.id, name: asker.name, email: asker.email };
          const ids: string[] = [];
          for (const amount of amounts) {
            ids.push(
              (await insertQuestion(db, { expertId: expert.id, askerId: asker.id, amount })).id,
            );
          }
          let clock = Date.now();
          for (const s of steps) {
            if (s.kind === 'pay') {
              const event: PaymentEvent = {
                id: `evt_${randomUUID()}`,
                type: 'checkout.completed',
                questionId: ids[s.q]!,
                paymentIntentId: `pi_${ids[s.q]}`,
              };
              for (let i = 0; i <= s.replays; i++) {
                await applyPaymentEvent(db, bus, config, 'local', event);
              }
            } else if (s.kind === 'answer') {
              await answerQuestion(db, bus, config, coachSession, ids[s.q]!, 'An answer.').catch(
                () => undefined,
              );
            } else if (s.kind === 'dispute') {
              await flagDispute(db, bus, askerSession, ids[s.q]!).catch(() => undefined);
            } else if (s.kind === 'release') {
              const paidBefore = new Set(
                (await db.select().from(payouts).where(inArray(payouts.questionId, ids)))
                  .filter((p) => p.status === 'paid')
                  .map((p) => p.id),
              );
              await releasePayouts(db, payments, logger, new Date(clock));
              // What this sweep released belongs to paid questions with no open dispute.
              const released = (
                await db.select().from(payouts).where(inArray(payouts.questionId, ids))
              ).filter((p) => p.status === 'paid' && !paidBefore.has(p.id));
              for (const p of released) {
                const [q] = await db.select().from(questions).where(eq(questions.id, p.questionId));
                expect(q?.paymentStatus).toBe('paid');
                expect(q?.disputeFlagged).toBe(false);
              }
            } else {
              clock += s.daysLater * DAY;
              await refundUnanswered(db, payments, bus, logger, new Date(clock));
            }
          }

          const rows = await db.select().from(questions).where(inArray(questions.id, ids));
          const made = await db.select().from(payouts).where(inArray(payouts.questionId, ids));
          for (const q of rows) {
            const mine = made.filter((p) => p.questionId === q.id);
            expect(mine.length).toBeLessThanOrEqual(1);
            const payout = mine[0];
            if (payout) {
              expect(payout.amount).toBe(coachPayoutCents(q.amount));
              expect(payout.amount * 100).toBeLessThanOrEqual(q.amount * 70);
              expect(payout.amount + platformFeeCents(q.amount)).toBe(q.amount);
              expect(q.answer).not.toBeNull();
            }
            // A dispute may come after the transfer; that is the admin's to settle, not a leak.
            if (payout?.status === 'paid') expect(q.paymentStatus).toBe('paid');
            // Refunded plus kept equals charged: a refunded question keeps nothing back.
            if (q.paymentStatus === 'refunded') {
              expect(q.status).toBe('refunded');
              expect(payout?.status ?? 'none').not.toBe('paid');
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
