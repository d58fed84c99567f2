import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionAction } from '../../../contracts/admin-actions';
import { payouts, questions } from '../../db/schema';
import { insertCoach, insertQuestion, insertUser } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { startStripeStub, type StripeStub } from '../../test/stripe-stub';
import { actOnQuestion } from '../admin/moderation';
import { createAdmin } from '../admin/service';
import { moneyOf, recoverMoney, releasePayouts, STALE_CLAIM_MS } from './settlement';

const logger = pino({ level: 'silent' });
const LATENCY_MS = 600;
const DAY = 86_400_000;

/**
 * The race a penetration test found (issue 11): ten concurrent administrator refunds and holds
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
    const asker = await insertUser(db);
    const admin = await createAdmin(db, `race-${randomUUID().slice(0, 8)}`, 'a-long-password');
    const actor = { adminId: admin.id, username: admin.username, ip: null, userAgent: null };
    const answeredAt = new Date(Date.now() - 4 * DAY);
    // Five answered, paid questions past their hold window: the sweep wants to pay all of them.
    // The first three get refunds and holds; the last two only holds and releases.
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const q = await insertQuestion(db, {
        expertId: coach.id,
        askerId: asker.id,
        status: 'answered',
        answer: 'Keep your eyes on the ball.',
        answeredAt,
        paymentStatus: 'paid',
        paidAt: answeredAt,
        paymentIntentId: `pi_race_${i}_${randomUUID()}`,
      });
      await db.insert(payouts).values({
        questionId: q.id,
        expertId: coach.id,
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
});
