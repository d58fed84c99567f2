import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts';
import { insertQuestion } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

describe(`inbox reads (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: Awaited<ReturnType<typeof signedInUser>>;
  let player: Awaited<ReturnType<typeof signedInUser>>;
  let expertId: string;

  beforeAll(async () => {
    t = await createTestApp();
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Kim' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: coach.cookie },
      payload: { name: 'Coach Kim', expertise: 'Rowing', price: 30, acceptedAgreement: true },
    });
    expertId = saved.json().id;
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
    const db = t.ctx.database.db;
    const day = 86_400_000;
    const base = Date.UTC(2026, 2, 1);
    await insertQuestion(db, {
      expertId,
      askerId: player.userId,
      question: 'Oldest pending?',
      createdAt: new Date(base),
    });
    await insertQuestion(db, {
      expertId,
      askerId: player.userId,
      question: 'Answered one',
      status: 'answered',
      answer: 'Keep your elbows in.',
      answeredAt: new Date(base + 3 * day),
      paymentStatus: 'paid',
      createdAt: new Date(base + day),
    });
    await insertQuestion(db, {
      expertId,
      askerId: player.userId,
      question: 'Newest pending',
      createdAt: new Date(base + 2 * day),
      paymentStatus: 'paid',
    });
    await insertQuestion(db, {
      expertId,
      askerId: player.userId,
      question: 'Failed payment',
      paymentStatus: 'failed',
      createdAt: new Date(base + 4 * day),
    });
  });
  afterAll(() => t.close());

  it('gives the Coach paid or pending questions, status ascending then newest first, with the summary', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/questions/coach-inbox',
      headers: { cookie: coach.cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.questions.map((q: { question: string }) => q.question)).toEqual([
      'Newest pending',
      'Oldest pending?',
      'Answered one',
    ]);
    expect(body).toMatchObject({
      coachSince: new Date(Date.UTC(2026, 2, 1)).toISOString(),
      answeredCount: 1,
      unansweredCount: 2,
    });
  });

  it('gives the Player their questions with the Coach, newest first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/questions/mine',
      headers: { cookie: player.cookie },
    });
    const body = res.json();
    expect(body.questions).toHaveLength(4);
    expect(body.questions[0]).toMatchObject({
      question: 'Failed payment',
      expert: { id: expertId, name: 'Coach Kim', expertise: 'Rowing' },
    });
  });

  it('refuses the wrong role and anonymous visitors', async () => {
    const asPlayer = await t.app.inject({
      method: 'GET',
      url: '/api/questions/coach-inbox',
      headers: { cookie: player.cookie },
    });
    expect(asPlayer.statusCode).toBe(403);
    const asCoach = await t.app.inject({
      method: 'GET',
      url: '/api/questions/mine',
      headers: { cookie: coach.cookie },
    });
    expect(asCoach.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/questions/mine' })).statusCode).toBe(
      401,
    );
  });

  it("does not show another Coach's questions", async () => {
    const other = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: other.cookie },
      payload: { name: 'Other Coach', expertise: 'Golf', price: 10, acceptedAgreement: true },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/questions/coach-inbox',
      headers: { cookie: other.cookie },
    });
    expect(res.json()).toMatchObject({ questions: [], coachSince: null, answeredCount: 0 });
  });
});
