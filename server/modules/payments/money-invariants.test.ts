import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachPayoutCents, platformFeeCents } from '../../../contracts/money';
import type { PaymentEvent } from '../../adapters/payments/types';
import { payouts, questions } from '../../db/schema';
import { insertCoach, insertQuestion, insertUser } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { createRecordingProvider } from '../../test/recording-provider';
import { actOnQuestion } from '../admin/moderation';
import { createAdmin } from '../admin/service';
import {
  answerQuestion,
  declineQuestion,
  flagDispute,
  withdrawQuestion,
} from '../questions/service';
import { applyPaymentEvent } from './apply-event';
import { moneyOf, recoverMoney, refundUnanswered, releasePayouts, type Money } from './settlement';

const logger = pino({ level: 'silent' });
const DAY = 86_400_000;

type Step =
  | { kind: 'pay'; q: number; replays: number }
  | { kind: 'answer'; q: number }
  | { kind: 'dispute'; q: number }
  | { kind: 'decline'; q: number }
  | { kind: 'withdraw'; q: number }
  | { kind: 'admin'; q: number; action: 'refund' | 'hold-payout' | 'release-payout' }
  | { kind: 'fail'; mode: 'before' | 'after' }
  | { kind: 'release'; daysLater: number }
  | { kind: 'refund'; daysLater: number }
  | { kind: 'recover' };

const q = fc.nat(2);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), q, replays: fc.nat(3) }),
  fc.record({ kind: fc.constant('answer' as const), q }),
  fc.record({ kind: fc.constant('dispute' as const), q }),
  fc.record({ kind: fc.constant('decline' as const), q }),
  fc.record({ kind: fc.constant('withdraw' as const), q }),
  fc.record({
    kind: fc.constant('admin' as const),
    q,
    action: fc.constantFrom('refund' as const, 'hold-payout' as const, 'release-payout' as const),
  }),
  fc.record({
    kind: fc.constant('fail' as const),
    mode: fc.constantFrom('before' as const, 'after' as const),
  }),
  fc.record({ kind: fc.constant('release' as const), daysLater: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('refund' as const), daysLater: fc.integer({ min: 0, max: 10 }) }),
  fc.record({ kind: fc.constant('recover' as const) }),
);

/**
 * Whatever order payments, answers, disputes, declines, withdrawals, administrator actions,
 * provider failures, replays and sweeps arrive in, the money adds up (ADR 023): one payout per
 * question at 70% rounded down; nothing released before the hold window, for an unpaid question or
 * with a dispute open; and once the claims are recovered, every row agrees with the provider's own
 * record and no question both kept a transfer and was refunded.
 */
describe(`money invariants (property, ${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('hold for any sequence of events', async () => {
    const db = t.ctx.database.db;
    const recording = createRecordingProvider();
    const money: Money = { ...moneyOf(t.ctx, logger), payments: recording.provider };
    const expert = await insertCoach(db, {
      stripeAccountId: `acct_${randomUUID()}`,
      stripePayoutsEnabled: true,
    });
    const coachSession = { id: expert.userId, name: expert.name, email: expert.email };
    const admin = await createAdmin(db, `money-${randomUUID().slice(0, 8)}`, 'a-long-password');
    const actor = { adminId: admin.id, username: admin.username, ip: null, userAgent: null };

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 50_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(step, { maxLength: 14 }),
        async (amounts, steps) => {
          const asker = await insertUser(db);
          const askerSession = { id: asker.id, name: asker.name, email: asker.email };
          const ids: string[] = [];
          for (const amount of amounts) {
            ids.push(
              (await insertQuestion(db, { expertId: expert.id, askerId: asker.id, amount })).id,
            );
          }
          const ignore = () => undefined;
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
                await applyPaymentEvent(money, 'local', event);
              }
            } else if (s.kind === 'answer') {
              await answerQuestion(money, coachSession, ids[s.q]!, 'An answer.').catch(ignore);
            } else if (s.kind === 'dispute') {
              await flagDispute(money, askerSession, ids[s.q]!, {
                reason: 'incomplete',
                details: null,
              }).catch(ignore);
            } else if (s.kind === 'decline') {
              await declineQuestion(money, coachSession, ids[s.q]!, { note: null }).catch(ignore);
            } else if (s.kind === 'withdraw') {
              await withdrawQuestion(money, askerSession, ids[s.q]!).catch(ignore);
            } else if (s.kind === 'admin') {
              await actOnQuestion(money, actor, ids[s.q]!, s.action).catch(ignore);
            } else if (s.kind === 'fail') {
              recording.failNext(s.mode);
            } else if (s.kind === 'release') {
              clock += s.daysLater * DAY;
              const paidBefore = new Set(
                (await db.select().from(payouts).where(inArray(payouts.questionId, ids)))
                  .filter((p) => p.status === 'paid')
                  .map((p) => p.id),
              );
              await releasePayouts(money, { now: new Date(clock) });
              // What this sweep released was due, paid for, and not under an open dispute.
              const released = (
                await db.select().from(payouts).where(inArray(payouts.questionId, ids))
              ).filter((p) => p.status === 'paid' && !paidBefore.has(p.id));
              for (const p of released) {
                const [row] = await db
                  .select()
                  .from(questions)
                  .where(eq(questions.id, p.questionId));
                expect(row?.paymentStatus).toBe('paid');
                expect(row?.disputeFlagged && row.disputeResolution === null).toBe(false);
                expect(p.releasableAt.getTime()).toBeLessThanOrEqual(clock);
              }
            } else if (s.kind === 'refund') {
              clock += s.daysLater * DAY;
              await refundUnanswered(money, new Date(clock));
            } else {
              await recoverMoney(money, new Date(Math.max(clock, Date.now()) + DAY));
            }
          }

          // Every claim a failure left behind is finished by the recovery sweep.
          recording.failNext(null);
          await recoverMoney(money, new Date(Math.max(clock, Date.now()) + 2 * DAY));
          const rows = await db.select().from(questions).where(inArray(questions.id, ids));
          const made = await db.select().from(payouts).where(inArray(payouts.questionId, ids));
          for (const row of rows) {
            const mine = made.filter((p) => p.questionId === row.id);
            expect(mine.length).toBeLessThanOrEqual(1);
            const payout = mine[0];
            const refunded = recording.ledger.has(`refund-${row.id}`);
            expect(row.paymentStatus).not.toBe('refunding');
            expect(row.paymentStatus === 'refunded').toBe(refunded);
            if (!payout) continue;
            expect(payout.amount).toBe(coachPayoutCents(row.amount));
            expect(payout.amount + platformFeeCents(row.amount)).toBe(row.amount);
            expect(row.answer).not.toBeNull();
            expect(['transferring', 'reversing']).not.toContain(payout.status);
            const transferred = recording.ledger.has(`payout-${payout.id}`);
            const reversed = recording.ledger.has(`reversal-${payout.id}`);
            // The rows say what the provider did.
            expect(payout.status === 'paid').toBe(transferred && !reversed);
            if (reversed) expect(transferred).toBe(true);
            if (payout.status === 'cancelled') expect(transferred).toBe(reversed);
            // Never both: a Coach who keeps a transfer means the Player was not refunded.
            expect(transferred && !reversed && refunded).toBe(false);
            if (payout.status === 'paid') expect(row.paymentStatus).toBe('paid');
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
