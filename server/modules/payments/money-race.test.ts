import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_ACTION_MESSAGES, type QuestionAction } from '../../../contracts/admin-actions';
import { partialRefundSplit } from '../../../contracts/disputes';
import { coachPayoutCents } from '../../../contracts/money';
import { accounts, checkoutSessions, extraPayments, payouts, questions } from '../../db/schema';
import { insertCoach, insertQuestion, insertUser, questionRow } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { startStripeStub, type StripeStub } from '../../test/stripe-stub';
import { resolveOpenDispute } from '../admin/disputes';
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
  // ------------------------------------------------ partial refunds (issue 24, ADR 063, ADR 070)

  /** A Coach who can be paid, a Player and an administrator, for one test. */
  async function parties() {
    const db = t.ctx.database.db;
    const key = randomUUID();
    const account = await t.ctx.payments.createConnectedAccount(`${key}@example.test`, key);
    const coach = await insertCoach(db, {
      stripeAccountId: account.accountId,
      stripePayoutsEnabled: true,
      stripeOnboardingComplete: true,
    });
    const player = await insertUser(db);
    const admin = await createAdmin(db, `part-${key.slice(0, 8)}`, 'a-long-password');
    const actor = { adminId: admin.id, username: admin.username, ip: null, userAgent: null };
    return { coach, player, actor };
  }
  type Parties = Awaited<ReturnType<typeof parties>>;

  /**
   * A paid, answered, disputed question whose payout is past its hold window. `sent`: the payout
   * was transferred before the dispute (a follow-up kept the window open, say). The stub knows
   * what the payment took, so it refuses a refund beyond it, as Stripe does.
   */
  async function disputed(who: Parties, amount: number, sent = false) {
    const db = t.ctx.database.db;
    const answeredAt = new Date(Date.now() - 4 * DAY);
    const paymentIntentId = `pi_part_${randomUUID()}`;
    stub.charges.set(paymentIntentId, amount);
    const q = await insertQuestion(db, {
      coachId: who.coach.id,
      playerId: who.player.id,
      amount,
      status: 'answered',
      answer: 'Keep your eyes on the ball.',
      answeredAt,
      paymentStatus: 'paid',
      paidAt: answeredAt,
      paymentIntentId,
    });
    await db.insert(payouts).values({
      questionId: q.id,
      coachId: who.coach.id,
      amount: coachPayoutCents(amount),
      releasableAt: new Date(answeredAt.getTime() + 3 * DAY),
    });
    if (sent) await releasePayouts(moneyOf(t.ctx, logger), { questionId: q.id });
    await flag(q.id);
    return q;
  }
  const flag = (questionId: string) =>
    t.ctx.database.db
      .update(questions)
      .set({ disputeFlagged: true, disputeReason: 'incomplete', disputedAt: new Date() })
      .where(eq(questions.id, questionId));

  const partialRefund = (who: Parties, questionId: string, amountCents: number) =>
    resolveOpenDispute(moneyOf(t.ctx, logger), who.actor, questionId, {
      outcome: 'partial_refund',
      amountCents,
      note: 'The second half of the question was not answered.',
    });
  const payoutOf = async (questionId: string) =>
    (await t.ctx.database.db.select().from(payouts).where(eq(payouts.questionId, questionId)))[0]!;
  const recoverAll = () =>
    recoverMoney(moneyOf(t.ctx, logger), new Date(Date.now() + STALE_CLAIM_MS + 1000));
  const requestsWithKey = (key: string) => stub.requests.filter((r) => r.idempotencyKey === key);

  /** What the provider moved for one question: its transfers, their reversals, its refunds. */
  function providerMoney(questionId: string, paymentIntentId: string) {
    const { transfers, reversals, refunds } = stub.ledger;
    const sent = [...transfers].filter(([, tr]) => tr.transferGroup === `question_${questionId}`);
    const back = [...reversals].filter(([, r]) => sent.some(([id]) => id === r.transfer));
    const repaid = [...refunds].filter(([, r]) => r.paymentIntent === paymentIntentId);
    const sum = (list: [string, { amount?: number }][]) =>
      list.reduce((total, [, m]) => total + (m.amount ?? 0), 0);
    return {
      transfers: sent,
      reversals: back,
      refunds: repaid,
      transferred: sum(sent),
      reversed: sum(back),
      refunded: sum(repaid),
    };
  }

  /**
   * The rows and the provider agree on a partly refunded question: one refund of the part, the
   * payment kept, and the Coach holding exactly their payout, 70% of what is kept.
   */
  async function expectPartlyRefunded(questionId: string, refundCents: number) {
    const q = await questionRow(t.ctx.database.db, questionId);
    const p = await payoutOf(questionId);
    const moved = providerMoney(questionId, q.paymentIntentId!);
    expect(q).toMatchObject({
      status: 'answered',
      paymentStatus: 'paid',
      disputeResolution: 'partially_refunded',
      partialRefundAmount: refundCents,
      refundClaimedAt: null,
    });
    expect(q.partialRefundedAt).not.toBeNull();
    expect(moved.refunds).toHaveLength(1);
    expect(moved.refunds[0]![1].amount).toBe(refundCents);
    expect(q.refundId).toBe(moved.refunds[0]![0]);
    const { coachCents } = partialRefundSplit(q.amount, refundCents);
    expect(coachCents).toBe(coachPayoutCents(q.amount - refundCents));
    expect(p).toMatchObject({ status: 'paid', amount: coachCents, claimedAt: null });
    expect(moved.transfers).toHaveLength(1);
    expect(p.transferId).toBe(moved.transfers[0]![0]);
    expect(moved.reversals.length).toBeLessThanOrEqual(1);
    expect(p.reversalId).toBe(moved.reversals[0]?.[0] ?? null);
    expect(p.reversedAmount).toBe(moved.reversed);
    // What the Coach holds at the provider is their payout.
    expect(moved.transferred - moved.reversed).toBe(p.amount);
    return moved;
  }

  it('settles a dispute once when ten administrators resolve it with partial refunds at once', async () => {
    const money = moneyOf(t.ctx, logger);
    const who = await parties();
    const same = await disputed(who, 5000);
    const different = await disputed(who, 3300);
    const offered = Array.from({ length: 10 }, (_, n) => 500 + 250 * n);
    const results = await Promise.allSettled([
      releasePayouts(money),
      ...Array.from({ length: 10 }, () => partialRefund(who, same.id, 1500)),
      ...offered.map((cents) => partialRefund(who, different.id, cents)),
      releasePayouts(money),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    // Nine administrators of each ten find the dispute decided.
    expect(refused).toHaveLength(18);
    for (const r of refused) expect(r.reason).toMatchObject({ statusCode: 409 });
    await recoverAll();

    expect((await expectPartlyRefunded(same.id, 1500)).reversals).toEqual([]);
    const { partialRefundAmount } = await questionRow(t.ctx.database.db, different.id);
    expect(offered).toContain(partialRefundAmount);
    await expectPartlyRefunded(different.id, partialRefundAmount!);
    // One key per question at the provider, with the winner's amount on every call.
    for (const [q, cents] of [
      [same, 1500],
      [different, partialRefundAmount!],
    ] as const) {
      const calls = requestsWithKey(`refund-part-${q.id}`);
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(call.body.amount).toBe(String(cents));
    }
  }, 60_000);

  it('takes back the right part of a transfer once, made before, during or after the partial refund', async () => {
    const db = t.ctx.database.db;
    const money = moneyOf(t.ctx, logger);
    const who = await parties();
    // $41: the Coach had $28.70; after $10 back the $31 kept gives them $21.70, so $7 is reversed.
    const before = await disputed(who, 4100, true);
    const due = await disputed(who, 4100);
    // The sweep has claimed this one's transfer and is waiting for the provider when it is decided.
    const during = await insertQuestion(db, {
      coachId: who.coach.id,
      playerId: who.player.id,
      amount: 4100,
      status: 'answered',
      answer: 'Keep your eyes on the ball.',
      answeredAt: new Date(Date.now() - 4 * DAY),
      paymentStatus: 'paid',
      paidAt: new Date(Date.now() - 4 * DAY),
      paymentIntentId: `pi_part_${randomUUID()}`,
    });
    stub.charges.set(during.paymentIntentId!, 4100);
    await db.insert(payouts).values({
      questionId: during.id,
      coachId: who.coach.id,
      amount: coachPayoutCents(4100),
      releasableAt: new Date(Date.now() - DAY),
    });
    const sending = releasePayouts(money, { questionId: during.id });
    while ((await payoutOf(during.id)).status !== 'transferring') await sleep(10);
    await flag(during.id);

    const results = await Promise.allSettled([
      sending,
      partialRefund(who, before.id, 1000),
      partialRefund(who, due.id, 1000),
      partialRefund(who, during.id, 1000),
      releasePayouts(money),
      releasePayouts(money),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await recoverAll();

    for (const q of [before, during]) {
      const moved = await expectPartlyRefunded(q.id, 1000);
      // The transfer went out with its first parameters; the part came back once, under its key.
      expect(moved.transferred).toBe(2870);
      expect(moved.reversed).toBe(700);
      const p = await payoutOf(q.id);
      for (const call of requestsWithKey(`reversal-part-${p.id}`)) {
        expect(call.body.amount).toBe('700');
      }
      expect(requestsWithKey(`reversal-${p.id}`)).toEqual([]);
    }
    // Not sent before the decision: the Coach is sent their share only.
    const moved = await expectPartlyRefunded(due.id, 1000);
    expect(moved).toMatchObject({ transferred: 2170, reversals: [] });
  }, 60_000);

  it('refunds the rest once, and takes back what the Coach still holds, when a full refund follows', async () => {
    const db = t.ctx.database.db;
    const who = await parties();
    const racing = await disputed(who, 5000, true);
    const after = await disputed(who, 5000, true);
    // Five partial refunds and five full ones at once. A full refund that takes the question's
    // lock before a partial one is refused, the dispute still open (400, ADR 066); one that takes
    // it after waits for that refund to finish (409, ADR 070), or refunds the rest.
    const raced = await Promise.allSettled([
      ...[1000, 1200, 1400, 1600, 1800].map((cents) => partialRefund(who, racing.id, cents)),
      ...Array.from({ length: 5 }, () =>
        actOnQuestion(moneyOf(t.ctx, logger), who.actor, racing.id, 'refund'),
      ),
    ]);
    for (const r of raced) {
      if (r.status === 'fulfilled') continue;
      const { statusCode, message } = r.reason as { statusCode: number; message: string };
      if (statusCode === 400) expect(message).toBe(ADMIN_ACTION_MESSAGES.disputeNeedsNote);
      else expect(statusCode).toBe(409);
    }
    // A partial refund done, then five full refunds at once: one refunds the rest.
    await partialRefund(who, after.id, 1000);
    const fulls = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        actOnQuestion(moneyOf(t.ctx, logger), who.actor, after.id, 'refund'),
      ),
    );
    expect(fulls.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await recoverAll();

    for (const id of [racing.id, after.id]) {
      const q = await questionRow(db, id);
      const moved = providerMoney(id, q.paymentIntentId!);
      expect(moved.refunded).toBeLessThanOrEqual(q.amount);
      if (q.paymentStatus !== 'refunded') {
        await expectPartlyRefunded(id, q.partialRefundAmount!);
        continue;
      }
      // The Player has all of it back, in at most two refunds; the Coach holds nothing.
      expect(moved.refunded).toBe(q.amount);
      expect(moved.refunds).toHaveLength(q.partialRefundAmount === null ? 1 : 2);
      expect(moved.transferred - moved.reversed).toBe(0);
      expect(await payoutOf(id)).toMatchObject({ status: 'cancelled', claimedAt: null });
      expect(q.refundClaimedAt).toBeNull();
    }
    expect(await questionRow(db, after.id)).toMatchObject({
      paymentStatus: 'refunded',
      partialRefundAmount: 1000,
    });
    const p = await payoutOf(after.id);
    // $35 sent; $7 back for the partial refund, then the $28 the Coach still held.
    expect(
      providerMoney(after.id, after.paymentIntentId!).reversals.map(([, r]) => r.amount),
    ).toEqual([700, 2800]);
    expect(requestsWithKey(`reversal-${p.id}`).every((r) => r.body.amount === '2800')).toBe(true);
  }, 60_000);

  it('finishes a partial refund the provider failed mid-way with the same keys, moving money once', async () => {
    const db = t.ctx.database.db;
    const who = await parties();
    const reversalLost = await disputed(who, 6000, true);
    const refundLost = await disputed(who, 6000);
    // The reversal is made, but its answer is lost on every one of the SDK's three tries.
    stub.failNext(3, 'after');
    await expect(partialRefund(who, reversalLost.id, 2000)).rejects.toMatchObject({
      statusCode: 502,
    });
    // The same for the refund itself.
    stub.failNext(3, 'after');
    await expect(partialRefund(who, refundLost.id, 2000)).rejects.toMatchObject({
      statusCode: 502,
    });
    // The decisions stand, claimed; an administrator trying again finds them decided, and a full
    // refund waits for the partial one.
    for (const q of [reversalLost, refundLost]) {
      expect(await questionRow(db, q.id)).toMatchObject({
        disputeResolution: 'partially_refunded',
        partialRefundAmount: 2000,
        partialRefundedAt: null,
      });
      await expect(partialRefund(who, q.id, 2000)).rejects.toMatchObject({ statusCode: 409 });
      await expect(
        actOnQuestion(moneyOf(t.ctx, logger), who.actor, q.id, 'refund'),
      ).rejects.toMatchObject({ statusCode: 409 });
    }
    expect((await payoutOf(reversalLost.id)).status).toBe('reversing');
    // Two recovery sweeps at once, then another: each claim is finished once.
    await Promise.all([recoverAll(), recoverAll()]);
    await recoverAll();

    const reversed = await expectPartlyRefunded(reversalLost.id, 2000);
    // $42 sent; the $40 kept gives the Coach $28, so $14 came back, once, however often it was asked.
    expect(reversed).toMatchObject({ transferred: 4200, reversed: 1400 });
    const p = await payoutOf(reversalLost.id);
    expect(requestsWithKey(`reversal-part-${p.id}`).length).toBeGreaterThanOrEqual(4);
    await expectPartlyRefunded(refundLost.id, 2000);
    expect(requestsWithKey(`refund-part-${refundLost.id}`).length).toBeGreaterThanOrEqual(4);
  }, 60_000);
});
