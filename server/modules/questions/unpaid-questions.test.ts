import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_HOLD_MINUTES,
  CHECKOUT_MINUTES,
  MAX_UNPAID_OPEN_QUESTIONS,
  UNPAID_QUESTION_EXPIRY_MINUTES,
} from '../../../contracts/limits';
import { PAYMENT_MESSAGES } from '../../../contracts/payments';
import { UNPAID_MESSAGES } from '../../../contracts/question-states';
import { checkoutSessions, questions } from '../../db/schema';
import { askCoach, requestsTo, signedInUser, type TestUser } from '../../test/accounts';
import { checkoutsStartedEarlier, insertCoach } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { applyPaymentEvent, expireUnpaidQuestions, moneyOf } from '../payments';

/**
 * Unpaid questions (issue 36, ADR 082): a Player may leave only MAX_UNPAID_OPEN_QUESTIONS waiting,
 * and one left UNPAID_QUESTION_EXPIRY_MINUTES is withdrawn, unless its checkout is under way.
 */
describe(`unpaid questions: the Player's limit and their expiry (${testDatabaseKind})`, () => {
  let t: TestApp;
  const call = requestsTo(() => t.app);
  const db = () => t.ctx.database.db;
  const money = () => moneyOf(t.ctx, pino({ level: 'silent' }));
  let coachIds: string[];

  const ask = (who: TestUser, coachId = coachIds[0]!) =>
    call('POST', '/api/questions', who, {
      coachId,
      playerName: 'Pat Player',
      question: 'How do I defend a faster winger?',
      pledge: true,
      acceptedConsents: true,
    });
  const checkout = (who: TestUser, questionId: string) =>
    call('POST', '/api/payments/checkout', who, { questionId, amount: 5000 });
  const questionRow = async (id: string) =>
    (await db().select().from(questions).where(eq(questions.id, id)))[0]!;
  /** The question as if asked `minutes` earlier. */
  const askedEarlier = (id: string, minutes: number) =>
    db()
      .update(questions)
      .set({ createdAt: sql`${questions.createdAt} - make_interval(mins => ${minutes}::int)` })
      .where(eq(questions.id, id));
  const checkoutEarlier = (questionId: string, minutes: number) =>
    checkoutsStartedEarlier(db(), questionId, minutes);

  beforeAll(async () => {
    // The harness lifts the limit for the other tests; here it is the product's.
    t = await createTestApp({ UNPAID_QUESTIONS_PER_PLAYER: String(MAX_UNPAID_OPEN_QUESTIONS) });
    coachIds = [];
    for (let i = 0; i < MAX_UNPAID_OPEN_QUESTIONS + 2; i++) {
      coachIds.push((await insertCoach(db(), { name: `Coach ${i}` })).id);
    }
  });
  afterAll(() => t.close());

  it('refuses a Player a question beyond the limit of unpaid ones, until one is paid, withdrawn or expired', async () => {
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const asked: string[] = [];
    for (let i = 0; i < MAX_UNPAID_OPEN_QUESTIONS; i++) {
      const res = await ask(player);
      expect(res.statusCode).toBe(201);
      asked.push(res.json().id);
    }
    const refused = await ask(player);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(UNPAID_MESSAGES.tooManyUnpaid);

    // Withdrawn: a place again.
    const withdrawn = await call('POST', `/api/questions/${asked[0]}/withdraw`, player);
    expect(withdrawn.statusCode).toBe(204);
    const third = await ask(player);
    expect(third.statusCode).toBe(201);
    expect((await ask(player)).statusCode).toBe(409);

    // Paid: a place again.
    const paid = third.json().id as string;
    await applyPaymentEvent(money(), 'local', {
      id: `evt_limit_${paid}`,
      type: 'checkout.completed',
      questionId: paid,
      paymentIntentId: `pi_limit_${paid}`,
    });
    const fourth = await ask(player);
    expect(fourth.statusCode).toBe(201);
    expect((await ask(player)).statusCode).toBe(409);

    // Past its time, counted no more, even before the sweep has withdrawn it.
    await askedEarlier(fourth.json().id, UNPAID_QUESTION_EXPIRY_MINUTES + 1);
    expect((await ask(player)).statusCode).toBe(201);
  });

  it('counts questions sent at once one after the other, to any Coaches', async () => {
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    // On PostgreSQL a real race: without the Player's lock each would count none of the others.
    const all = await Promise.all(coachIds.map((coachId) => ask(player, coachId)));
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_UNPAID_OPEN_QUESTIONS);
    expect(codes.filter((c) => c === 409)).toHaveLength(
      coachIds.length - MAX_UNPAID_OPEN_QUESTIONS,
    );
  });

  it('withdraws an unpaid question left too long, not one paid, one asked since, nor one being paid', async () => {
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const other = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const left = await askCoach(call, player, coachIds[1]!);
    const paying = await askCoach(call, player, coachIds[1]!);
    const fresh = await askCoach(call, other, coachIds[1]!);
    const paid = await askCoach(call, other, coachIds[1]!);
    expect((await checkout(player, paying)).statusCode).toBe(200);
    await applyPaymentEvent(money(), 'local', {
      id: `evt_sweep_${paid}`,
      type: 'checkout.completed',
      questionId: paid,
      paymentIntentId: `pi_sweep_${paid}`,
    });
    for (const id of [left, paying, paid]) {
      await askedEarlier(id, UNPAID_QUESTION_EXPIRY_MINUTES + 1);
    }

    await expireUnpaidQuestions(money());
    expect((await questionRow(left)).status).toBe('withdrawn');
    expect((await questionRow(left)).withdrawnAt).not.toBeNull();
    for (const id of [paying, fresh, paid]) expect((await questionRow(id)).status).toBe('pending');

    // Its checkout over, the one being paid goes too, and its session is closed.
    await checkoutEarlier(paying, CHECKOUT_HOLD_MINUTES + 1);
    await expireUnpaidQuestions(money());
    expect((await questionRow(paying)).status).toBe('withdrawn');
    const [session] = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.questionId, paying));
    expect(session!.status).toBe('expired');
    expect((await questionRow(paid)).status).toBe('pending');

    // Withdrawn, it cannot be paid for; a payment the provider reports anyway goes back at once.
    const refused = await checkout(player, paying);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.notPayable);
    await applyPaymentEvent(money(), 'local', {
      id: `evt_late_${paying}`,
      type: 'checkout.completed',
      questionId: paying,
      sessionId: session!.sessionId,
      paymentIntentId: `pi_late_${paying}`,
    });
    const late = await questionRow(paying);
    expect(late).toMatchObject({ status: 'withdrawn', paymentStatus: 'refunded' });
    expect(late.refundReason).toBe('withdrawn');
  });

  it('refuses checkout for an unpaid question past its time before the sweep reaches it', async () => {
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const id = await askCoach(call, player, coachIds[2]!);
    await askedEarlier(id, UNPAID_QUESTION_EXPIRY_MINUTES + 1);
    const res = await checkout(player, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(UNPAID_MESSAGES.expired);
  });

  it('takes no payment on the local checkout page once the session has passed its time', async () => {
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const id = await askCoach(call, player, coachIds[3]!);
    const started = await checkout(player, id);
    expect(started.statusCode).toBe(200);
    const sessionId = new URL(started.json().url).pathname.split('/').pop()!;
    await checkoutEarlier(id, CHECKOUT_MINUTES + 1);
    const pay = await call('POST', `/api/payments/local/checkout/${sessionId}/pay`, player);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe(PAYMENT_MESSAGES.checkoutClosed);
    expect((await questionRow(id)).paymentStatus).toBe('pending');
  });
});
