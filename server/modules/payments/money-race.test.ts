import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionAction } from '../../../contracts/admin-actions';
import { accounts, checkoutSessions, extraPayments, payouts, questions } from '../../db/schema';
import { insertCoach, insertQuestion, insertUser } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { startStripeStub, type StripeStub } from '../../test/stripe-stub';
import { actOnQuestion } from '../admin/moderation';
import { createAdmin } from '../admin/service';
import { deleteAccount } from '../accounts/deletion';
import { declineQuestion, withdrawQuestion } from '../questions/service';
import { applyPaymentEvent } from './apply-event';
import { startCheckout } from './service';
import { moneyOf, recoverMoney, releasePayouts, STALE_CLAIM_MS } from './settlement';

const logger = pino({ level: 'silent' });
const LATENCY_MS = 600;
const DAY = 86_400_000;
const COACH_PASSWORD = 'a-coach-password';

/**
 * The races penetration tests found (issue 11, issue 21): ten concurrent administrator refunds and holds
 * against the payout sweep, on PostgreSQL, through the Stripe provider against a stub that takes
 * 600 ms an answer. Before ADR 023 this paid the Coach and refunded the Player ten times each.
 */
describe.runIf(testDatabaseKind === 'postgres')('money race (PostgreSQL, Stripe stub)', () => {
  let stub: StripeStub;
  let t: TestApp;
  beforeAll(async () => {
    stub = await startStripeStub({ latencyMs: LATENCY_MS });
    t = await createTestApp({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_race',
      STRIPE_WEBHOOK_SECRET: 'whsec_race',
      STRIPE_API_BASE: stub.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('moves money once per question, and every row agrees with the provider', async () => {
    const db = t.ctx.database.db;
    const money = moneyOf(t.ctx, logger);
    const account = await t.ctx.payments.createConnectedAccount('race@example.test', 'race-acct');
    const coach = await insertCoach(db, {
      stripeAccountId: account.accountId,
      stripePayoutsEnabled: true,
      stripeOnboardingComplete: true,
    });
    const player = await insertUser(db);
    const admin = await createAdmin(db, `race-${randomUUID().slice(0, 8)}`, 'a-long-password');
    const actor = { adminId: admin.id, username: admin.username, ip: null, userAgent: null };
    const answeredAt = new Date(Date.now() - 4 * DAY);
    // Five answered, paid questions past their hold window: the sweep wants to pay all of them.
    // The first three get refunds and holds; the last two only holds and releases.
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const q = await insertQuestion(db, {
        coachId: coach.id,
        playerId: player.id,
        status: 'answered',
        answer: 'Keep your eyes on the ball.',
        answeredAt,
        paymentStatus: 'paid',
        paidAt: answeredAt,
        paymentIntentId: `pi_race_${i}_${randomUUID()}`,
      });
      await db.insert(payouts).values({
        questionId: q.id,
        coachId: coach.id,
        amount: 3500,
        releasableAt: new Date(answeredAt.getTime() + 3 * DAY),
      });
      ids.push(q.id);
    }
    const actionsFor = (index: number): QuestionAction[] =>
      Array.from({ length: 10 }, (_, n) =>
        index < 3
          ? n % 2 === 0
            ? 'refund'
            : 'hold-payout'
          : n % 2 === 0
            ? 'hold-payout'
            : 'release-payout',
      );

    const results = await Promise.allSettled([
      releasePayouts(money),
      releasePayouts(money),
      ...ids.flatMap((id, index) =>
        actionsFor(index).map((action) => actOnQuestion(money, actor, id, action)),
      ),
    ]);
    // Whatever a failure or a lost race left claimed is finished as the recovery sweep would.
    await recoverMoney(money, new Date(Date.now() + STALE_CLAIM_MS + 1000));
    expect(results.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0);

    const rows = await db.select().from(questions).where(inArray(questions.id, ids));
    const made = await db.select().from(payouts).where(inArray(payouts.questionId, ids));
    const { transfers, reversals, refunds } = stub.ledger;
    for (const [index, id] of ids.entries()) {
      const q = rows.find((r) => r.id === id)!;
      const p = made.find((r) => r.questionId === id)!;
      const transfersOf = [...transfers].filter(([, tr]) => tr.transferGroup === `question_${id}`);
      const reversalsOf = [...reversals].filter(([, r]) =>
        transfersOf.some(([tid]) => tid === r.transfer),
      );
      const refundsOf = [...refunds].filter(([, r]) => r.paymentIntent === q.paymentIntentId);
      expect(transfersOf.length).toBeLessThanOrEqual(1);
      expect(reversalsOf.length).toBeLessThanOrEqual(transfersOf.length);
      expect(refundsOf.length).toBeLessThanOrEqual(1);
      const coachKeeps = transfersOf.length - reversalsOf.length;
      // One money movement: the Coach keeps a transfer, or the Player is refunded; never both.
      expect(coachKeeps + refundsOf.length).toBeLessThanOrEqual(1);
      if (index < 3) {
        expect(refundsOf.length).toBe(1);
        expect(q).toMatchObject({ paymentStatus: 'refunded', refundId: refundsOf[0]![0] });
        expect(p.status).toBe('cancelled');
      } else {
        expect(refundsOf.length).toBe(0);
        expect(q.paymentStatus).toBe('paid');
      }
      // The rows say what the provider did.
      expect(p.transferId).toBe(transfersOf[0]?.[0] ?? null);
      expect(p.reversalId).toBe(reversalsOf[0]?.[0] ?? null);
      if (coachKeeps === 1) expect(p.status).toBe('paid');
      if (p.status === 'paid') expect(transfersOf[0]![1].amount).toBe(p.amount);
      expect(p.claimedAt).toBeNull();
      expect(q.refundClaimedAt).toBeNull();
    }
    // Many requests raced with one key each; the provider made one object per key.
    const refundRequests = stub.requests.filter((r) => r.path === '/v1/refunds');
    expect(new Set(refundRequests.map((r) => r.idempotencyKey)).size).toBe(refunds.size);
  }, 60_000);
  /**
   * Payments racing each other and everything that closes a question (ADR 037), on PostgreSQL
   * through the Stripe stub: two checkouts of one question paid at once (each event replayed and
   * redelivered), a payment landing while an administrator refunds, payments racing a decline, a
   * withdrawal and the Coach's deletion. For each question the money kept is at most one payment
   * and every other payment captured is refunded exactly once.
   */
  it('keeps at most one payment per question and refunds every other exactly once', async () => {
    const db = t.ctx.database.db;
    const money = moneyOf(t.ctx, logger);
    const coach = await insertCoach(db, { stripeAccountId: `acct_${randomUUID()}` });
    const leaving = await insertCoach(db, { stripeAccountId: `acct_${randomUUID()}` });
    const { password } = await t.ctx.auth.$context;
    await db.insert(accounts).values({
      id: randomUUID(),
      accountId: leaving.userId,
      providerId: 'credential',
      userId: leaving.userId,
      password: await password.hash(COACH_PASSWORD),
    });
    const playerUser = await insertUser(db);
    const player = { id: playerUser.id, name: playerUser.name, email: playerUser.email };
    const coachUser = { id: coach.userId, name: coach.name, email: coach.email };
    const leavingUser = { id: leaving.userId, name: leaving.name, email: leaving.email };
    const admin = await createAdmin(db, `pay-${randomUUID().slice(0, 8)}`, 'a-long-password');
    const actor = { adminId: admin.id, username: admin.username, ip: null, userAgent: null };
    const ask = async (coachId: string) =>
      (await insertQuestion(db, { coachId, playerId: playerUser.id, amount: 4000 })).id;
    const checkout = async (questionId: string) => {
      const { url } = await startCheckout(money, player, { questionId, amount: 4000 });
      return new URL(url).pathname.split('/').pop()!;
    };
    /** Every payment the provider took, by question. */
    const taken = new Map<string, string[]>();
    /** The provider reports a payment: the event three times, then again under another id. */
    const pay = (questionId: string, sessionId: string) => {
      const paymentIntentId = `pi_race_${randomUUID()}`;
      taken.set(questionId, [...(taken.get(questionId) ?? []), paymentIntentId]);
      // The Player paid this tab at Stripe (maybe before our expiry of it landed).
      stub.sessions.get(sessionId)!.status = 'complete';
      const event = {
        id: `evt_${randomUUID()}`,
        type: 'checkout.completed' as const,
        questionId,
        sessionId,
        paymentIntentId,
      };
      return [
        ...Array.from({ length: 3 }, () => applyPaymentEvent(money, 'stripe', event)),
        applyPaymentEvent(money, 'stripe', { ...event, id: `evt_${randomUUID()}` }),
      ];
    };

    const twoTabs = await ask(coach.id);
    const afterRefund = await ask(coach.id);
    const declined = await ask(coach.id);
    const withdrawn = await ask(coach.id);
    const coachLeaves = await ask(leaving.id);
    const tabs = new Map<string, string[]>();
    for (const id of [twoTabs, afterRefund, declined, withdrawn, coachLeaves]) {
      tabs.set(id, [await checkout(id), await checkout(id), await checkout(id)]);
    }
    const tab = (id: string, n: number) => tabs.get(id)![n]!;
    // Paid once already, so the race below is about the second payment.
    await Promise.all(pay(afterRefund, tab(afterRefund, 0)));
    await Promise.all(pay(declined, tab(declined, 0)));

    const results = await Promise.allSettled([
      ...pay(twoTabs, tab(twoTabs, 0)),
      ...pay(twoTabs, tab(twoTabs, 1)),
      ...Array.from({ length: 5 }, () => actOnQuestion(money, actor, afterRefund, 'refund')),
      ...pay(afterRefund, tab(afterRefund, 1)),
      ...pay(afterRefund, tab(afterRefund, 2)),
      declineQuestion(money, coachUser, declined, { note: null }),
      ...pay(declined, tab(declined, 1)),
      withdrawQuestion(money, player, withdrawn),
      ...pay(withdrawn, tab(withdrawn, 0)),
      ...pay(withdrawn, tab(withdrawn, 1)),
      deleteAccount(money, leavingUser, COACH_PASSWORD),
      ...pay(coachLeaves, tab(coachLeaves, 0)),
      ...pay(coachLeaves, tab(coachLeaves, 1)),
    ]);
    const failures = results.filter((r) => r.status === 'rejected');
    // Lost races may refuse (an administrator's second refund, say); none may crash.
    for (const f of failures) expect(String(f.reason)).toMatch(/AppError|refund/i);
    await recoverMoney(money, new Date(Date.now() + STALE_CLAIM_MS + 1000));

    const rows = await db
      .select()
      .from(questions)
      .where(inArray(questions.id, [...taken.keys()]));
    const refunded = [...stub.ledger.refunds.values()].map((r) => r.paymentIntent);
    for (const row of rows) {
      const payments = taken.get(row.id)!;
      const refundsOf = (pi: string) => refunded.filter((r) => r === pi).length;
      for (const pi of payments) expect(refundsOf(pi)).toBeLessThanOrEqual(1);
      const kept = payments.filter((pi) => refundsOf(pi) === 0);
      expect(kept.length).toBeLessThanOrEqual(1);
      if (kept.length === 1) {
        expect(row).toMatchObject({ paymentStatus: 'paid', paymentIntentId: kept[0] });
      }
      expect(row.refundClaimedAt).toBeNull();
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    // The question paid in two tabs keeps one payment; every other question keeps none.
    expect(taken.get(twoTabs)!.filter((pi) => !refunded.includes(pi))).toEqual([
      byId.get(twoTabs)!.paymentIntentId,
    ]);
    // The others keep none: each was refunded, declined, withdrawn or lost its Coach. (A payment
    // that beat the withdrawal makes the withdrawal fail: that question keeps its one payment.)
    const withdrawLost = byId.get(withdrawn)!.status !== 'withdrawn';
    for (const id of [afterRefund, declined, withdrawn, coachLeaves]) {
      if (id === withdrawn && withdrawLost) continue;
      for (const pi of taken.get(id)!) expect(refunded, `question ${id}`).toContain(pi);
    }
    if (withdrawLost) expect(byId.get(withdrawn)).toMatchObject({ paymentStatus: 'paid' });
    const extras = await db
      .select()
      .from(extraPayments)
      .where(inArray(extraPayments.questionId, [...taken.keys()]));
    for (const extra of extras) expect(extra).toMatchObject({ refundClaimedAt: null });
    // No checkout is left open for a question that can take no payment.
    const open = await db
      .select()
      .from(checkoutSessions)
      .where(
        and(
          inArray(checkoutSessions.questionId, [...taken.keys()]),
          eq(checkoutSessions.status, 'open'),
        ),
      );
    expect(open).toEqual([]);
    expect(
      [...stub.sessions.values()].filter((x) => x.status === 'open' && taken.has(x.questionId)),
    ).toEqual([]);
  }, 60_000);
});
