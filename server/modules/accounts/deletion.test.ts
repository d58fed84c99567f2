import pino from 'pino';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../../contracts/account';
import { checkoutSessions, coaches, mailOutbox, payouts, questions, users } from '../../db/schema';
import { asSent } from '../../test/mail';
import { connectPayouts, PASSWORD, signedInUser, signIn } from '../../test/accounts';
import { insertCoach, insertQuestion } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { deliverDueMail, enqueueMail } from '../mail';
import { moneyMailSubject, queueDisputeMail, queueDisputeResolvedMail } from '../payments';

const coachBody = {
  name: 'Dana Deletes',
  expertise: 'Goalkeeping angles',
  price: '30',
  bio: 'Twenty years between the posts.',
  websiteUrl: 'dana.example.com',
  linkedinUrl: '',
  twitterUrl: '',
  instagramUrl: null,
  acceptedAgreement: true,
};

describe(`deleting an account and downloading its data (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  const request = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const remove = (cookie: string, password = PASSWORD) =>
    request('POST', '/api/account/delete', cookie, { password });

  async function coach(name?: string, profileName = coachBody.name) {
    const user = await signedInUser(t.app, t.ctx, { roles: ['expert'], ...(name ? { name } : {}) });
    await request('PUT', '/api/profiles/expert', user.cookie, { ...coachBody, name: profileName });
    await connectPayouts(t.app, user);
    const profile = await db().query.coaches.findFirst({
      where: (e, { eq: is }) => is(e.userId, user.userId),
    });
    if (!profile) throw new Error('no coach profile');
    return { ...user, coach: profile };
  }

  it('refuses a wrong password and changes nothing', async () => {
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const res = await remove(player.cookie, 'not-the-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.wrongPassword);
    expect((await signIn(t.app, player.email)).statusCode).toBe(200);
  });

  it('refuses while a paid question of the Player awaits its answer', async () => {
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const other = await insertCoach(db());
    await insertQuestion(db(), {
      coachId: other.id,
      playerId: player.userId,
      paymentStatus: 'paid',
    });
    const status = await request('GET', '/api/account/deletion', player.cookie);
    expect(status.json()).toEqual({ blocker: SETTINGS_MESSAGES.deleteBlockedQuestionAsked });
    const res = await remove(player.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.deleteBlockedQuestionAsked);
    expect((await signIn(t.app, player.email)).statusCode).toBe(200);
  });

  it("refunds a Coach's paid questions awaiting an answer at deletion, and closes their open checkouts", async () => {
    const c = await coach();
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const paid = await insertQuestion(db(), {
      coachId: c.coach.id,
      playerId: player.userId,
      playerEmail: player.email,
      paymentStatus: 'paid',
      paidAt: new Date(),
      paymentIntentId: `pi_deleted_coach_${c.coach.id}`,
    });
    const unpaid = await insertQuestion(db(), {
      coachId: c.coach.id,
      playerId: player.userId,
      playerEmail: player.email,
    });
    const checkout = await request('POST', '/api/payments/checkout', player.cookie, {
      questionId: unpaid.id,
      amount: unpaid.amount,
    });
    expect(checkout.statusCode).toBe(200);
    // Nothing blocks the Coach any more: the paid question goes back to its Player.
    const status = await request('GET', '/api/account/deletion', c.cookie);
    expect(status.json()).toEqual({ blocker: null });
    expect((await remove(c.cookie)).statusCode).toBe(204);

    const [refunded] = await db().select().from(questions).where(eq(questions.id, paid.id));
    expect(refunded).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
      refundReason: 'coach_deleted',
      refundClaimedAt: null,
    });
    expect(refunded!.refundId).toMatch(/^re_local_/);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, player.email));
    expect(mails.filter((m) => m.subject === 'Your question was refunded')).toHaveLength(1);
    const sessions = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.questionId, unpaid.id));
    expect(sessions.map((s) => s.status)).toEqual(['expired']);
    // The Player, no longer waiting on anything, may leave too.
    expect((await request('GET', '/api/account/deletion', player.cookie)).json()).toEqual({
      blocker: null,
    });
  });

  it('refuses a Coach while a payout is pending, and lets them go once it is paid', async () => {
    const c = await coach();
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const question = await insertQuestion(db(), {
      coachId: c.coach.id,
      playerId: player.userId,
      paymentStatus: 'paid',
      status: 'answered',
      answer: 'Watch the ball.',
      answeredAt: new Date(),
    });
    await db()
      .insert(payouts)
      .values({ questionId: question.id, coachId: c.coach.id, amount: 2100 });
    const res = await remove(c.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.deleteBlockedPayout);

    // Once paid out, the account may go.
    await db()
      .update(payouts)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(payouts.questionId, question.id));
    expect((await remove(c.cookie)).statusCode).toBe(204);
  });

  it('removes personal data, keeps the questions and payouts, and ends every session', async () => {
    const c = await coach();
    const player = await signedInUser(t.app, t.ctx, { name: 'Pat Player', roles: ['asker'] });
    const question = await insertQuestion(db(), {
      coachId: c.coach.id,
      playerId: player.userId,
      playerName: 'Pat Player',
      playerEmail: player.email,
      paymentStatus: 'paid',
      status: 'answered',
      answer: 'Set your feet early.',
      answeredAt: new Date(),
    });
    await db().insert(payouts).values({
      questionId: question.id,
      coachId: c.coach.id,
      amount: 2100,
      status: 'paid',
      paidAt: new Date(),
    });
    const otherDevice = (await signIn(t.app, c.email)).headers['set-cookie'];

    const res = await remove(c.cookie);
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=;/);

    const user = await db().query.users.findFirst({ where: (u, { eq: is }) => is(u.id, c.userId) });
    expect(user).toMatchObject({ name: 'Deleted user', emailVerified: false });
    expect(user?.email).not.toBe(c.email);
    expect(user?.deletedAt).toBeInstanceOf(Date);
    const [anonymised] = await db().select().from(coaches).where(eq(coaches.id, c.coach.id));
    expect(anonymised).toMatchObject({ name: 'Deleted user', bio: null, websiteUrl: null });
    expect(anonymised?.email).not.toBe(c.email);
    // The other party's record and the books stay.
    const [kept] = await db().select().from(questions).where(eq(questions.id, question.id));
    expect(kept).toMatchObject({ answer: 'Set your feet early.', playerName: 'Pat Player' });
    expect(
      await db().select().from(payouts).where(eq(payouts.questionId, question.id)),
    ).toHaveLength(1);

    // Nobody can use the account any more, and it is gone from public view.
    expect((await request('GET', '/api/account', c.cookie)).json().user).toBeNull();
    const device = Array.isArray(otherDevice) ? otherDevice : [String(otherDevice)];
    const other = device.map((cookie) => cookie.split(';')[0]).join('; ');
    expect((await request('GET', '/api/account', other)).json().user).toBeNull();
    expect((await signIn(t.app, c.email)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/coaches/${c.coach.id}` })).statusCode,
    ).toBe(404);
    const directory = await t.app.inject({ method: 'GET', url: '/api/coaches?q=goalkeeping' });
    expect(directory.json().coaches.map((x: { id: string }) => x.id)).not.toContain(c.coach.id);
    const ask = await request('POST', '/api/questions', player.cookie, {
      coachId: c.coach.id,
      playerName: 'Pat Player',
      question: 'Can you still answer this one for me?',
      pledge: true,
      acceptedConsents: true,
    });
    expect(ask.statusCode).toBe(404);
    // The Player still sees the answered question.
    const page = await request('GET', `/api/questions/${question.id}`, player.cookie);
    expect(page.statusCode).toBe(200);
  });

  it("replaces a deleted Player's name on the questions they asked", async () => {
    const player = await signedInUser(t.app, t.ctx, { name: 'Quinn Quits', roles: ['asker'] });
    const other = await insertCoach(db());
    const question = await insertQuestion(db(), {
      coachId: other.id,
      playerId: player.userId,
      playerName: 'Quinn Quits',
      playerEmail: player.email,
      paymentStatus: 'paid',
      status: 'answered',
      answer: 'Yes.',
      answeredAt: new Date(),
    });
    expect((await remove(player.cookie)).statusCode).toBe(204);
    const [row] = await db().select().from(questions).where(eq(questions.id, question.id));
    expect(row?.playerName).toBe('Deleted user');
    expect(row?.playerEmail).not.toBe(player.email);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/players/${player.userId}` })).statusCode,
    ).toBe(404);
    const [user] = await db().select().from(users).where(eq(users.id, player.userId));
    expect(user?.name).toBe('Deleted user');
  });

  it('scrubs the deleted Coach from every queued and stored e-mail', async () => {
    const c = await coach('Zoë Brightwater', "Zoë O'Brien-Lee");
    const player = await signedInUser(t.app, t.ctx, { name: 'Pat Keeper', roles: ['asker'] });
    const ask = (values: Partial<typeof questions.$inferInsert>) =>
      insertQuestion(db(), {
        coachId: c.coach.id,
        playerId: player.userId,
        playerName: 'Pat Keeper',
        playerEmail: player.email,
        ...values,
      });
    // Declined before payment: the Player is told, by the Coach's name, with the Coach's note.
    const unpaid = await ask({ paymentStatus: 'pending' });
    const declined = await request('POST', `/api/questions/${unpaid.id}/decline`, c.cookie, {
      note: "Zoë O'Brien-Lee only coaches goalkeepers.",
    });
    expect(declined.statusCode).toBe(204);
    // A settled dispute: mails to the Coach, the Player and the administrators name both sides.
    const disputed = await ask({
      paymentStatus: 'paid',
      status: 'answered',
      answer: 'Stay on your line.',
      answeredAt: new Date(),
    });
    await db().insert(payouts).values({
      questionId: disputed.id,
      coachId: c.coach.id,
      amount: 2100,
      status: 'paid',
      paidAt: new Date(),
    });
    const subject = await moneyMailSubject(db(), disputed.id);
    await queueDisputeMail(db(), t.ctx.config, subject, { reason: 'incomplete', details: null });
    // Some already sent (rendered by the delivery job, as stored text and HTML), some still
    // waiting (stored as what they say, ADR 095).
    const nowhere = { name: 'outbox' as const, deliver: async () => {} };
    await deliverDueMail(db(), nowhere, pino({ level: 'silent' }));
    await queueDisputeResolvedMail(
      db(),
      t.ctx.config,
      subject,
      { outcome: 'release' },
      'The answer covers it.',
    );
    // Mail about someone else entirely stays as it is.
    const unrelated = {
      to: 'someone@example.test',
      subject: 'Welcome',
      text: 'Zoë is a fine name.',
    };
    await enqueueMail(db(), unrelated);

    const named = /Zo[eë]|Brightwater|O'Brien|O&#x27;Brien/i;
    // A mail's words without its links: a link's random token can spell a name ("…RZOEhH…").
    const words = (mail: object) => JSON.stringify(mail).replace(/https?:\/\/[^\s"\\]+/g, '');
    const before = await db().select().from(mailOutbox);
    const aboutCoach = before.filter((m) => named.test(words(m)));
    // The decline, the dispute (to the Coach and the administrators), the release (to both), the
    // Coach's own confirmation mail and the unrelated one.
    expect(aboutCoach.length).toBeGreaterThanOrEqual(6);
    expect(aboutCoach.some((m) => m.status === 'pending')).toBe(true);
    expect(aboutCoach.some((m) => m.status === 'sent')).toBe(true);
    expect(aboutCoach.some((m) => m.html?.includes('O&#x27;Brien-Lee'))).toBe(true);

    expect((await remove(c.cookie)).statusCode).toBe(204);

    // As stored and as it would go out: the waiting ones rendered from their scrubbed content.
    const after = await asSent(db().select().from(mailOutbox));
    const leftovers = after
      .filter((m) => m.subject !== unrelated.subject)
      .filter((m) => named.test(words(m)) || JSON.stringify(m).includes(c.email));
    expect(leftovers).toEqual([]);
    // The Player and the administrators keep their messages, now naming a deleted user; the
    // mail to the Coach is gone.
    const toPlayer = after.filter((m) => m.to === player.email);
    expect(toPlayer.length).toBe(before.filter((m) => m.to === player.email).length);
    expect(toPlayer.filter((m) => m.text.includes('Deleted user')).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(after.filter((m) => m.to === c.email)).toEqual([]);
    expect(after.find((m) => m.subject === unrelated.subject)).toMatchObject(unrelated);
  });

  it("gives each side of a question only what they see of the other: no Player's e-mail for the Coach, no Coach's for the Player", async () => {
    const c = await coach();
    const player = await signedInUser(t.app, t.ctx, { name: 'Pria Private', roles: ['asker'] });
    await insertQuestion(db(), {
      coachId: c.coach.id,
      playerId: player.userId,
      playerName: 'Pria Private',
      playerEmail: player.email,
      question: 'How do I read a crossing ball earlier?',
      paymentStatus: 'paid',
      status: 'answered',
      answer: 'Watch the hips of the crosser.',
      answeredAt: new Date(),
      playerViewedResponse: true,
      coachViewedQuestion: true,
    });
    const coachExport = await request('GET', '/api/account/export', c.cookie);
    const playerExport = await request('GET', '/api/account/export', player.cookie);
    expect(coachExport.statusCode).toBe(200);
    expect(playerExport.statusCode).toBe(200);

    // The whole file, as downloaded: the other side's address appears nowhere in it.
    expect(coachExport.body).not.toContain(player.email);
    expect(playerExport.body).not.toContain(c.email);
    expect(playerExport.body).not.toContain(c.coach.email);

    // What each sees of the other is what the question page shows; each keeps their own marks.
    const [received] = coachExport.json().questionsReceived;
    expect(received).toMatchObject({ playerId: player.userId, playerName: 'Pria Private' });
    expect(received).toMatchObject({ viewedQuestion: true });
    expect(received).not.toHaveProperty('playerEmail');
    expect(received).not.toHaveProperty('viewedAnswer');
    const [asked] = playerExport.json().questionsAsked;
    expect(asked).toMatchObject({ coachId: c.coach.id, playerEmail: player.email });
    expect(asked).toMatchObject({ viewedAnswer: true });
    expect(asked).not.toHaveProperty('viewedQuestion');
  });

  it('downloads everything held about the person as one JSON file, and nothing of others', async () => {
    const c = await coach();
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    await insertQuestion(db(), {
      coachId: c.coach.id,
      playerId: player.userId,
      question: 'What should I work on first this season?',
    });
    const res = await request('GET', '/api/account/export', c.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="playbook-data-/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.account).toMatchObject({ id: c.userId, email: c.email });
    expect(data.coachProfile).toMatchObject({ name: 'Dana Deletes', pricePerQuestionCents: 3000 });
    expect(data.questionsReceived.map((q: { question: string }) => q.question)).toEqual([
      'What should I work on first this season?',
    ]);
    expect(data.questionsAsked).toEqual([]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toMatch(/password|checkoutSessionId|paymentIntentId/);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(
      401,
    );
  });
});
