import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_PROMISE_HOURS } from '../../../contracts/response-time';
import { mailOutbox } from '../../db/schema';
import { asSent } from '../../test/mail';
import {
  askCoach,
  connectPayouts,
  requestsTo,
  signedInUser,
  type TestUser,
} from '../../test/accounts';
import { insertCoach, insertQuestion, insertUser, questionRow } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { sampleFiles, tusUpload, uploadedId } from '../../test/uploads';
import { homeFigures } from '../coaches/data';
import { moneyOf, refundUnanswered, remindCoaches } from '../payments';

const logger = pino({ level: 'silent' });
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** ADR 060: the promise, the Answer by deadline, the reminder, the median and the home figures. */
describe(`deadlines and the response-time promise (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: TestUser;
  let player: TestUser;
  let coachId: string;
  let emptyHome: { total: number; figures: unknown };

  const call = requestsTo(() => t.app);
  const db = () => t.ctx.database.db;
  const money = () => moneyOf(t.ctx, logger);
  const promise = async (responseHours: number | string) =>
    call('PUT', '/api/profiles/expert', coach, {
      name: 'Coach Promise',
      expertise: 'Defending',
      price: 40,
      responseHours,
      acceptedAgreement: true,
    });
  /** Asks (with the given finished uploads, if any) and pays through the local provider. */
  const askAndPay = async (attachmentIds: string[] = []) => {
    const id = await askCoach(call, player, coachId, { attachmentIds });
    const { url } = (
      await call('POST', '/api/payments/checkout', player, { questionId: id, amount: 4000 })
    ).json();
    const sessionId = new URL(url).pathname.split('/').pop();
    await call('POST', `/api/payments/local/checkout/${sessionId}/pay`, player);
    return questionRow(db(), id);
  };
  const mailsAbout = async (to: string, subject: string, id: string) =>
    (
      await asSent(
        db()
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, subject))),
      )
    ).filter((m) => m.text.includes(`/questions/${id}`));

  beforeAll(async () => {
    t = await createTestApp();
    // Before any Coach exists, the home page has no figures to show.
    emptyHome = (await call('GET', '/api/coaches/newest')).json();
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Promise' });
    coachId = (await promise(168)).json().id;
    // Behind the payout-ready gate (ADR 061), only a Coach who can be paid can be asked.
    await connectPayouts(t.app, coach);
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
  });
  afterAll(() => t.close());

  it('shows no home figures with no Coaches', () => {
    expect(emptyHome).toMatchObject({
      total: 0,
      figures: { answeredQuestions: 0, typicalResponseMinutes: null },
    });
  });

  it('sets Answer by from the promise at ask and from the payment, for each promise', async () => {
    for (const hours of RESPONSE_PROMISE_HOURS) {
      expect((await promise(hours)).statusCode).toBe(200);
      const q = await askAndPay();
      expect(q.responseHours).toBe(hours);
      expect(q.answerBy.getTime()).toBe(q.paidAt!.getTime() + hours * HOUR);
      const page = (await call('GET', `/api/questions/${q.id}`, player)).json();
      expect(page).toMatchObject({ answerBy: q.answerBy.toISOString(), responseHours: hours });
    }
    // A question already asked keeps its deadline when the promise changes.
    const q = await askAndPay();
    await promise(24);
    expect((await questionRow(db(), q.id)).answerBy).toEqual(q.answerBy);
    expect((await call('GET', '/api/profiles/expert', coach)).json().responseHours).toBe(24);
  });

  it('refuses a promise that is not one of the four', async () => {
    for (const hours of [0, 12, 25, 169, 'soon', -24]) {
      const res = await promise(hours);
      expect(res.statusCode, String(hours)).toBe(400);
      expect(res.json().message).toBe(
        'Response time must be 24 hours, 48 hours, 72 hours or 7 days',
      );
    }
  });

  it('e-mails the Coach the question, its context, fee and Answer by', async () => {
    await promise(72);
    const q = await askAndPay();
    const [mail] = await mailsAbout(coach.email, 'You have a new question', q.id);
    expect(mail?.text).toContain('How do I defend a faster winger?');
    expect(mail?.text).toContain('$40');
    expect(mail?.text).toContain('within 72 hours');
    expect(mail?.text).toMatch(/Answer by [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(mail?.html).toContain(`/questions/${q.id}`);
    // No files, no attachments line.
    expect(mail?.text).not.toContain('Attachments');
  });

  it('tells the Coach how many files came with the question (issue 23)', async () => {
    const ids = await Promise.all(
      ['a.png', 'b.pdf'].map(async (name) =>
        uploadedId(
          (
            await tusUpload(
              t.app,
              player,
              name.endsWith('.pdf') ? sampleFiles.pdf() : await sampleFiles.png(),
              name,
            )
          ).last,
        ),
      ),
    );
    const q = await askAndPay(ids);
    const [mail] = await mailsAbout(coach.email, 'You have a new question', q.id);
    expect(mail?.text).toMatch(/Attachments\s+2 files/);
    expect(mail?.html).toContain('2 files');
  });

  it('refunds an unanswered paid question at its promise, not at 7 days', async () => {
    await promise(24);
    const q = await askAndPay();
    const paidAt = q.paidAt!.getTime();
    await refundUnanswered(money(), new Date(paidAt + 23 * HOUR));
    expect((await questionRow(db(), q.id)).status).toBe('pending');
    await refundUnanswered(money(), new Date(paidAt + 24 * HOUR + MINUTE));
    expect(await questionRow(db(), q.id)).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
    });
    const [mail] = await mailsAbout(player.email, 'Your question was refunded', q.id);
    expect(mail?.text).toContain('Your question was not answered within 24 hours');
  });

  it('reminds the Coach once, 24 h before Answer by', async () => {
    await promise(48);
    const q = await askAndPay();
    const paidAt = q.paidAt!.getTime();
    await remindCoaches(money(), new Date(paidAt + 23 * HOUR));
    expect((await questionRow(db(), q.id)).reminderSentAt).toBeNull();
    const at = new Date(paidAt + 25 * HOUR);
    await remindCoaches(money(), at);
    await remindCoaches(money(), at);
    await remindCoaches(money(), new Date(paidAt + 30 * HOUR));
    expect((await questionRow(db(), q.id)).reminderSentAt).toEqual(at);
    const mails = await mailsAbout(coach.email, 'A question is waiting for your answer', q.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/Answer by [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(mails[0]?.text).toContain('How do I defend a faster winger?');
  });

  it('sorts the Unanswered inbox by deadline, soonest first, and only Unanswered', async () => {
    const res = await call(
      'GET',
      '/api/questions/coach-inbox?filter=unanswered&sort=deadline',
      coach,
    );
    expect(res.statusCode).toBe(200);
    const deadlines = res.json().questions.map((q: { answerBy: string }) => q.answerBy);
    expect(deadlines.length).toBeGreaterThan(2);
    expect([...deadlines].sort()).toEqual(deadlines);
    const all = await call('GET', '/api/questions/coach-inbox?filter=all&sort=deadline', coach);
    expect(all.statusCode).toBe(400);
    expect(
      (await call('GET', '/api/questions/coach-inbox?filter=unanswered&sort=soon', coach))
        .statusCode,
    ).toBe(400);
  });

  it('shows the median over the last answers from 3 answers on, and home figures from them', async () => {
    const other = await insertCoach(db(), { name: 'Median Coach', responseHours: 24 });
    const player2 = await insertUser(db(), { name: 'Ann Asker' });
    const answered = (minutes: number) => {
      const paidAt = new Date(Date.now() - 10 * HOUR);
      return insertQuestion(db(), {
        coachId: other.id,
        playerId: player2.id,
        status: 'answered',
        paymentStatus: 'paid',
        answer: 'Keep your stance low.',
        paidAt,
        answeredAt: new Date(paidAt.getTime() + minutes * MINUTE),
      });
    };
    const median = async () =>
      (await call('GET', `/api/coaches/${other.id}`)).json().medianResponseMinutes;
    await answered(60);
    await answered(600);
    expect(await median()).toBeNull();
    await answered(120);
    expect(await homeFigures(db())).toEqual({ answeredQuestions: 3, typicalResponseMinutes: 120 });
    await answered(30);
    expect(await homeFigures(db())).toEqual({ answeredQuestions: 4, typicalResponseMinutes: 90 });
  });

  it('filters the directory by promise and sorts it by fastest response', async () => {
    const names = async (query: string) =>
      (await call('GET', `/api/coaches?${query}`))
        .json()
        .coaches.map((c: { name: string }) => c.name)
        .sort();
    await promise(72);
    expect(await names('within=24')).toEqual(['Median Coach']);
    expect(await names('within=48')).toEqual(['Median Coach']);
    expect(await names('within=72')).toEqual(['Coach Promise', 'Median Coach']);
    const fastest = (await call('GET', '/api/coaches?sort=fastest')).json();
    expect(fastest.coaches.map((c: { name: string }) => c.name)).toEqual([
      'Median Coach',
      'Coach Promise',
    ]);
    expect(fastest.coaches[0]).toMatchObject({ responseHours: 24, medianResponseMinutes: 90 });
    expect((await call('GET', '/api/coaches?within=25')).statusCode).toBe(400);
  });
});
