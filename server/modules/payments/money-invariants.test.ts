import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachPayoutCents, platformFeeCents } from '../../../contracts/money';
import type { PaymentEvent } from '../../adapters/payments/types';
import { isUnpaid } from '../../../contracts/question-states';
import {
  accounts,
  checkoutSessions,
  coaches,
  extraPayments,
  payouts,
  questions,
} from '../../db/schema';
import { insertCoach, insertQuestion, insertUser } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { createRecordingProvider, type Movement } from '../../test/recording-provider';
import { resolveOpenDispute } from '../admin/disputes';
import { actOnQuestion } from '../admin/moderation';
import { createAdmin } from '../admin/service';
import {
  answerQuestion,
  declineQuestion,
  flagDispute,
  withdrawQuestion,
} from '../questions/service';
import { deleteAccount } from '../accounts/deletion';
import { applyPaymentEvent } from './apply-event';
import { startCheckout } from './service';
import { moneyOf, recoverMoney, refundUnanswered, releasePayouts, type Money } from './settlement';

const logger = pino({ level: 'silent' });
const DAY = 86_400_000;
const COACH_PASSWORD = 'a-coach-password';

type Step =
  | { kind: 'checkout'; q: number }
  | { kind: 'pay'; q: number; session: number; replays: number; redeliver: boolean }
  | { kind: 'delete-coach' }
  | { kind: 'answer'; q: number }
  | { kind: 'dispute'; q: number }
  | { kind: 'decline'; q: number }
  | { kind: 'withdraw'; q: number }
  | { kind: 'admin'; q: number; action: 'refund' | 'hold-payout' | 'release-payout' }
  | { kind: 'resolve'; q: number; outcome: 'partial_refund' | 'refund' | 'release'; n: number }
  | { kind: 'fail'; mode: 'before' | 'after' }
  | { kind: 'release'; daysLater: number }
  | { kind: 'refund'; daysLater: number }
  | { kind: 'recover' };

const q = fc.nat(2);
// Disputes settled as the administrator's dialog does, partial refunds most often (ADR 063).
const resolveStep = fc.record({
  kind: fc.constant('resolve' as const),
  q,
  outcome: fc.constantFrom(
    'partial_refund' as const,
    'partial_refund' as const,
    'refund' as const,
    'release' as const,
  ),
  n: fc.nat(),
});
const adminStep = fc.record({
  kind: fc.constant('admin' as const),
  q,
  action: fc.constantFrom('refund' as const, 'hold-payout' as const, 'release-payout' as const),
});
const failStep = fc.record({
  kind: fc.constant('fail' as const),
  mode: fc.constantFrom('before' as const, 'after' as const),
});
const releaseStep = fc.record({
  kind: fc.constant('release' as const),
  daysLater: fc.integer({ min: 0, max: 5 }),
});
const recoverStep = fc.record({ kind: fc.constant('recover' as const) });
const step: fc.Arbitrary<Step> = fc.oneof(
  // Checkouts and payments come often, so runs pay one question twice, or after it closed.
  { arbitrary: fc.record({ kind: fc.constant('checkout' as const), q }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      q,
      session: fc.nat(3),
      replays: fc.nat(3),
      redeliver: fc.boolean(),
    }),
    weight: 4,
  },
  fc.record({ kind: fc.constant('delete-coach' as const) }),

  fc.record({ kind: fc.constant('answer' as const), q }),
  fc.record({ kind: fc.constant('dispute' as const), q }),
  fc.record({ kind: fc.constant('decline' as const), q }),
  fc.record({ kind: fc.constant('withdraw' as const), q }),
  adminStep,
  { arbitrary: resolveStep, weight: 2 },
  failStep,
  releaseStep,
  fc.record({ kind: fc.constant('refund' as const), daysLater: fc.integer({ min: 0, max: 10 }) }),
  recoverStep,
);

/**
 * An administrator settles a dispute from its dialog, with a partial refund of any amount the form
 * accepts (1 cent up to all but 1 cent of what was paid); a refusal or a provider failure is
 * ignored, as the recovery sweep finishes what was claimed.
 */
function resolve(
  money: Money,
  actor: Parameters<typeof resolveOpenDispute>[1],
  questionId: string,
  paidCents: number,
  s: Extract<Step, { kind: 'resolve' }>,
) {
  const amountCents = 1 + (s.n % Math.max(paidCents - 1, 1));
  return resolveOpenDispute(money, actor, questionId, {
    outcome: s.outcome,
    amountCents: s.outcome === 'partial_refund' ? amountCents : null,
    note: 'Settled by the property test.',
  }).catch(() => undefined);
}

/**
 * Once the claims are recovered, one question's money agrees with the provider's own record (ADR
 * 023, 037, 063, 070). `paid`: every payment the provider took for it.
 */
function expectMoneyAddsUp(
  row: typeof questions.$inferSelect,
  payout: typeof payouts.$inferSelect | undefined,
  paid: string[],
  ledger: Map<string, Movement>,
) {
  // Money kept = at most one payment; every other one captured is refunded exactly once (one full
  // refund per payment at the provider, whatever its key). A partial refund (a named amount)
  // leaves the payment kept.
  const refundsOf = (pi: string) =>
    [...ledger.values()].filter((m) => m.kind === 'refund' && m.paymentIntentId === pi);
  const fullRefundsOf = (pi: string) => refundsOf(pi).filter((m) => m.amountCents === undefined);
  for (const pi of paid) {
    expect(fullRefundsOf(pi).length).toBeLessThanOrEqual(1);
    const parts = refundsOf(pi).filter((m) => m.amountCents !== undefined);
    expect(parts.length).toBeLessThanOrEqual(1);
    // The sum of refunds never exceeds what was paid: a part leaves something kept, and a full
    // refund after it gives back only the rest.
    if (parts[0]) {
      expect(pi).toBe(row.paymentIntentId);
      expect(parts[0].amountCents).toBe(row.partialRefundAmount);
      expect(parts[0].amountCents).toBeGreaterThan(0);
      expect(parts[0].amountCents).toBeLessThan(row.amount);
    }
  }
  const kept = paid.filter((pi) => fullRefundsOf(pi).length === 0);
  expect(kept.length).toBeLessThanOrEqual(1);
  if (kept.length === 1) {
    expect(row).toMatchObject({ paymentStatus: 'paid', paymentIntentId: kept[0] });
  }
  if (row.paymentStatus === 'paid') expect(kept).toEqual([row.paymentIntentId]);
  // A partial refund claimed is made and recorded once the claims are recovered.
  const partlyRefunded = ledger.has(`refund-part-${row.id}`);
  expect(partlyRefunded).toBe(row.partialRefundAmount !== null);
  expect(row.partialRefundedAt !== null).toBe(partlyRefunded);
  if (partlyRefunded) expect(row.disputeResolution).toBe('partially_refunded');
  expect(row.refundClaimedAt).toBeNull();
  const refunded = ledger.has(`refund-${row.id}`);
  expect(row.paymentStatus).not.toBe('refunding');
  expect(row.paymentStatus === 'refunded').toBe(refunded);
  if (!payout) return;
  // 70% of what is kept, in integer cents, with the one rounding rule.
  const keptCents = row.amount - (row.partialRefundAmount ?? 0);
  expect(payout.amount).toBe(coachPayoutCents(keptCents));
  expect(payout.amount + platformFeeCents(keptCents)).toBe(keptCents);
  expect(row.answer).not.toBeNull();
  expect(['transferring', 'reversing']).not.toContain(payout.status);
  const moved = (key: string) => ledger.get(key)?.amountCents ?? 0;
  const transferred = ledger.has(`payout-${payout.id}`);
  const reversed = ledger.has(`reversal-${payout.id}`);
  // What the Coach holds at the provider: the transfer minus its reversals, the part a partial
  // refund took back and the rest a full refund took back.
  const held =
    moved(`payout-${payout.id}`) -
    moved(`reversal-part-${payout.id}`) -
    moved(`reversal-${payout.id}`);
  // The rows say what the provider did.
  expect(payout.status === 'paid').toBe(transferred && !reversed);
  if (reversed) expect(transferred).toBe(true);
  if (payout.status === 'cancelled') expect(transferred).toBe(reversed);
  expect(held).toBe(payout.status === 'paid' ? payout.amount : 0);
  expect(payout.reversedAmount).toBe(moved(`reversal-part-${payout.id}`));
  // Never both: a Coach who keeps a transfer means the Player was not refunded in full, and a
  // fully refunded question pays no one.
  expect(transferred && !reversed && refunded).toBe(false);
  if (refunded) expect(payout.status).toBe('cancelled');
  if (payout.status === 'paid') expect(row.paymentStatus).toBe('paid');
}

/**
 * Whatever order checkouts, payments (several per question, on any of its sessions, replayed and
 * redelivered), answers, disputes, disputes settled (partial refunds most often), declines,
 * withdrawals, administrator actions, the Coach's deletion, provider failures and sweeps arrive in,
 * the money adds up (ADR 023, 037, 063, 070): one payout per question at 70% of what is kept,
 * rounded down; nothing released before the hold window, for an unpaid question or with a dispute
 * open; and once the claims are recovered, every row agrees with the provider's own record, the
 * refunds never exceed the payment, the transfer minus its reversals is the payout (nothing on a
 * fully refunded question), each question keeps at most one payment and every other payment
 * captured for it was refunded exactly once.
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
    const money = { ...moneyOf(t.ctx, logger), payments: recording.provider };
    const { password } = await t.ctx.auth.$context;
    const passwordHash = await password.hash(COACH_PASSWORD);
    const admin = await createAdmin(db, `money-${randomUUID().slice(0, 8)}`, 'a-long-password');
    const actor = { adminId: admin.id, username: admin.username, ip: null, userAgent: null };

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 50_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(step, { minLength: 6, maxLength: 16 }),
        async (amounts, steps) => {
          // A Coach per run, so a run may delete them.
          const coach = await insertCoach(db, {
            stripeAccountId: `acct_${randomUUID()}`,
            stripePayoutsEnabled: true,
          });
          await db.insert(accounts).values({
            id: randomUUID(),
            accountId: coach.userId,
            providerId: 'credential',
            userId: coach.userId,
            password: passwordHash,
          });
          const coachSession = { id: coach.userId, name: coach.name, email: coach.email };
          const player = await insertUser(db);
          const playerSession = { id: player.id, name: player.name, email: player.email };
          /** Per question: the checkout sessions started, and every payment the provider took. */
          const sessions: string[][] = [[], [], []];
          const payments: string[][] = [[], [], []];
          const ids: string[] = [];
          for (const amount of amounts) {
            ids.push(
              (await insertQuestion(db, { coachId: coach.id, playerId: player.id, amount })).id,
            );
          }
          const ignore = () => undefined;
          let clock = Date.now();
          for (const s of steps) {
            if (s.kind === 'checkout') {
              const started = await startCheckout(money, playerSession, {
                questionId: ids[s.q]!,
                amount: amounts[s.q]!,
              }).catch(ignore);
              if (started) sessions[s.q]!.push(new URL(started.url).pathname.split('/').pop()!);
            } else if (s.kind === 'pay') {
              // Any session, even one we expired: the provider may have taken the payment first.
              const mine = sessions[s.q]!;
              const sessionId = mine.length > 0 ? mine[s.session % mine.length]! : undefined;
              const previous = payments[s.q]!.at(-1);
              const paymentIntentId = s.redeliver && previous ? previous : `pi_${randomUUID()}`;
              if (paymentIntentId !== previous) payments[s.q]!.push(paymentIntentId);
              const event: PaymentEvent = {
                id: `evt_${randomUUID()}`,
                type: 'checkout.completed',
                questionId: ids[s.q]!,
                sessionId,
                paymentIntentId,
              };
              for (let i = 0; i <= s.replays; i++) {
                await applyPaymentEvent(money, 'local', event);
              }
            } else if (s.kind === 'delete-coach') {
              await deleteAccount(money, coachSession, COACH_PASSWORD).catch(ignore);
            } else if (s.kind === 'answer') {
              await answerQuestion(money, coachSession, ids[s.q]!, 'An answer.').catch(ignore);
            } else if (s.kind === 'dispute') {
              await flagDispute(money, playerSession, ids[s.q]!, {
                reason: 'incomplete',
                details: null,
              }).catch(ignore);
            } else if (s.kind === 'decline') {
              await declineQuestion(money, coachSession, ids[s.q]!, { note: null }).catch(ignore);
            } else if (s.kind === 'withdraw') {
              await withdrawQuestion(money, playerSession, ids[s.q]!).catch(ignore);
            } else if (s.kind === 'admin') {
              await actOnQuestion(money, actor, ids[s.q]!, s.action).catch(ignore);
            } else if (s.kind === 'resolve') {
              await resolve(money, actor, ids[s.q]!, amounts[s.q]!, s);
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
          const [coachRow] = await db.select().from(coaches).where(eq(coaches.id, coach.id));
          const extras = await db
            .select()
            .from(extraPayments)
            .where(inArray(extraPayments.questionId, ids));
          const open = await db
            .select()
            .from(checkoutSessions)
            .where(
              and(inArray(checkoutSessions.questionId, ids), eq(checkoutSessions.status, 'open')),
            );
          for (const extra of extras) {
            expect(extra.refundedAt).not.toBeNull();
            expect(extra.refundClaimedAt).toBeNull();
          }
          for (const row of rows) {
            const mine = made.filter((p) => p.questionId === row.id);
            expect(mine.length).toBeLessThanOrEqual(1);
            expectMoneyAddsUp(row, mine[0], payments[ids.indexOf(row.id)]!, recording.ledger);
            // A deleted Coach holds no Player's money for an answer that will not come.
            if (coachRow?.deletedAt) {
              expect(row.status === 'pending' && row.paymentStatus === 'paid').toBe(false);
            }
            // A question that can take no payment has no checkout left open.
            const payable =
              isUnpaid(row) &&
              (row.status === 'pending' || row.status === 'answered') &&
              !coachRow?.deletedAt;
            if (!payable) expect(open.filter((o) => o.questionId === row.id)).toEqual([]);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  /**
   * The same money rules around the dispute decisions themselves: three paid, answered, disputed
   * questions (some of whose payouts were sent before the dispute) settled in any order by partial
   * refunds of any amount, full refunds and releases, one-click administrator actions, payout
   * sweeps, provider failures before or after the money moved, and recovery sweeps.
   */
  it('hold for any sequence of dispute decisions, partial refunds among them', async () => {
    const db = t.ctx.database.db;
    const recording = createRecordingProvider();
    const money = { ...moneyOf(t.ctx, logger), payments: recording.provider };
    const admin = await createAdmin(db, `parts-${randomUUID().slice(0, 8)}`, 'a-long-password');
    const actor = { adminId: admin.id, username: admin.username, ip: null, userAgent: null };
    const disputeStep = fc.oneof(
      { arbitrary: resolveStep, weight: 4 },
      adminStep,
      failStep,
      releaseStep,
      recoverStep,
    );
    /** What the runs covered: partial refunds, of a payout already sent, then refunded in full. */
    const seen = { partial: 0, partOfTransfer: 0, thenFull: 0 };

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ amount: fc.integer({ min: 2, max: 50_000 }), sent: fc.boolean() }), {
          minLength: 3,
          maxLength: 3,
        }),
        fc.array(disputeStep, { minLength: 3, maxLength: 12 }),
        async (questionsAsked, steps) => {
          recording.failNext(null);
          const coach = await insertCoach(db, {
            stripeAccountId: `acct_${randomUUID()}`,
            stripePayoutsEnabled: true,
          });
          const player = await insertUser(db);
          const answeredAt = new Date(Date.now() - 4 * DAY);
          const ids: string[] = [];
          for (const { amount, sent } of questionsAsked) {
            const q = await insertQuestion(db, {
              coachId: coach.id,
              playerId: player.id,
              amount,
              status: 'answered',
              answer: 'An answer.',
              answeredAt,
              paymentStatus: 'paid',
              paidAt: answeredAt,
              paymentIntentId: `pi_${randomUUID()}`,
            });
            await db.insert(payouts).values({
              questionId: q.id,
              coachId: coach.id,
              amount: coachPayoutCents(amount),
              releasableAt: new Date(answeredAt.getTime() + DAY),
            });
            // Sent before the dispute (a follow-up kept the window open, say).
            if (sent) await releasePayouts(money, { questionId: q.id });
            await db
              .update(questions)
              .set({ disputeFlagged: true, disputeReason: 'incomplete', disputedAt: new Date() })
              .where(eq(questions.id, q.id));
            ids.push(q.id);
          }
          const ignore = () => undefined;
          let clock = Date.now();
          for (const s of steps) {
            if (s.kind === 'resolve') {
              await resolve(money, actor, ids[s.q]!, questionsAsked[s.q]!.amount, s);
            } else if (s.kind === 'admin') {
              await actOnQuestion(money, actor, ids[s.q]!, s.action).catch(ignore);
            } else if (s.kind === 'fail') {
              recording.failNext(s.mode);
            } else if (s.kind === 'release') {
              clock += s.daysLater * DAY;
              await releasePayouts(money, { now: new Date(clock) });
            } else {
              await recoverMoney(money, new Date(Math.max(clock, Date.now()) + DAY));
            }
          }

          recording.failNext(null);
          await recoverMoney(money, new Date(Math.max(clock, Date.now()) + 2 * DAY));
          const rows = await db.select().from(questions).where(inArray(questions.id, ids));
          const made = await db.select().from(payouts).where(inArray(payouts.questionId, ids));
          for (const row of rows) {
            const mine = made.filter((p) => p.questionId === row.id);
            expect(mine).toHaveLength(1);
            expectMoneyAddsUp(row, mine[0], [row.paymentIntentId!], recording.ledger);
            if (row.partialRefundedAt === null) continue;
            seen.partial++;
            if (recording.ledger.has(`reversal-part-${mine[0]!.id}`)) seen.partOfTransfer++;
            if (row.paymentStatus === 'refunded') seen.thenFull++;
          }
        },
      ),
      { numRuns: 25 },
    );
    expect(seen.partial).toBeGreaterThan(0);
    expect(seen.partOfTransfer).toBeGreaterThan(0);
  }, 120_000);
});
