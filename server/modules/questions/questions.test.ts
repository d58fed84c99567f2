import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_PAGE_SIZE } from '../../../contracts/limits';
import { signedInUser } from '../../test/accounts';
import { insertQuestion } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

describe(`inbox reads (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: Awaited<ReturnType<typeof signedInUser>>;
  let player: Awaited<ReturnType<typeof signedInUser>>;
  let coachId: string;

  beforeAll(async () => {
    t = await createTestApp();
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Kim' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: coach.cookie },
      payload: { name: 'Coach Kim', expertise: 'Rowing', price: 30, acceptedAgreement: true },
    });
    coachId = saved.json().id;
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
    const db = t.ctx.database.db;
    const day = 86_400_000;
    const base = Date.UTC(2026, 2, 1);
    await insertQuestion(db, {
      coachId,
      playerId: player.userId,
      question: 'Oldest pending?',
      createdAt: new Date(base),
    });
    await insertQuestion(db, {
      coachId,
      playerId: player.userId,
      question: 'Answered one',
      status: 'answered',
      answer: 'Keep your elbows in.',
      answeredAt: new Date(base + 3 * day + 789),
      paymentStatus: 'paid',
      createdAt: new Date(base + day + 456),
    });
    await insertQuestion(db, {
      coachId,
      playerId: player.userId,
      question: 'Newest pending',
      createdAt: new Date(base + 2 * day),
      paymentStatus: 'paid',
    });
    await insertQuestion(db, {
      coachId,
      playerId: player.userId,
      question: 'Failed payment',
      paymentStatus: 'failed',
      createdAt: new Date(base + 4 * day),
    });
  });
  afterAll(() => t.close());

  const inbox = (query = '', cookie = coach.cookie) =>
    t.app.inject({ method: 'GET', url: `/api/questions/coach-inbox${query}`, headers: { cookie } });
  interface PagedTexts {
    questions: { question: string }[];
    nextCursor: string | null;
  }
  const texts = (body: PagedTexts) => body.questions.map((q) => q.question);

  it('gives the Coach paid or pending questions, newest asked first, with the summary', async () => {
    const res = await inbox();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(texts(body)).toEqual(['Newest pending', 'Answered one', 'Oldest pending?']);
    expect(body).toMatchObject({
      coachSince: new Date(Date.UTC(2026, 2, 1)).toISOString(),
      answeredCount: 1,
      unansweredCount: 2,
      nextCursor: null,
    });
  });

  it('sends every time as Date#toISOString writes it, in the lists as on the question page', async () => {
    const day = 86_400_000;
    const base = Date.UTC(2026, 2, 1);
    const times = {
      createdAt: new Date(base + day + 456).toISOString(),
      answeredAt: new Date(base + 3 * day + 789).toISOString(),
    };
    const inInbox = (await inbox()).json().questions[1];
    expect(inInbox).toMatchObject({ question: 'Answered one', ...times });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/questions/mine',
      headers: { cookie: player.cookie },
    });
    const inMine = mine.json().questions.find((q: { id: string }) => q.id === inInbox.id);
    expect(inMine).toMatchObject(times);
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/questions/${inInbox.id}`,
        headers: { cookie: player.cookie },
      })
    ).json();
    expect(page).toMatchObject(times);
    expect(page.thread.find((q: { id: string }) => q.id === inInbox.id)).toMatchObject(times);
    // Oldest first, like the rest of the thread.
    expect(page.thread.map((q: { createdAt: string }) => q.createdAt)).toEqual(
      page.thread.map((q: { createdAt: string }) => q.createdAt).sort(),
    );
  });

  it('filters on the server: Unanswered newest asked first, Answered newest answered first', async () => {
    expect(texts((await inbox('?filter=unanswered')).json())).toEqual([
      'Newest pending',
      'Oldest pending?',
    ]);
    const answered = (await inbox('?filter=answered')).json();
    expect(texts(answered)).toEqual(['Answered one']);
    // The summary describes the whole inbox whatever the filter.
    expect(answered).toMatchObject({ answeredCount: 1, unansweredCount: 2 });
    expect((await inbox('?filter=refunded')).statusCode).toBe(400);
  });

  it('pages through a busy inbox and My Questions without a duplicate or a gap', async () => {
    const busy = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Busy Coach' });
    const busyId = (
      await t.app.inject({
        method: 'PUT',
        url: '/api/profiles/expert',
        headers: { cookie: busy.cookie },
        payload: { name: 'Busy Coach', expertise: 'Chess', price: 5, acceptedAgreement: true },
      })
    ).json().id as string;
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const total = QUESTION_PAGE_SIZE * 2 + 5;
    const base = Date.UTC(2026, 5, 1);
    for (let n = 0; n < total; n++) {
      await insertQuestion(t.ctx.database.db, {
        coachId: busyId,
        playerId: player.userId,
        question: `Question ${n}`,
        paymentStatus: 'paid',
        // Pairs share a time, so the id must break ties.
        createdAt: new Date(base + Math.floor(n / 2) * 60_000),
      });
    }
    const walk = async (first: string, cookie: string) => {
      const seen: string[] = [];
      const sizes: number[] = [];
      let url: string | null = first;
      while (url) {
        const res: { statusCode: number; json: () => PagedTexts } = await t.app.inject({
          method: 'GET',
          url,
          headers: { cookie },
        });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        sizes.push(body.questions.length);
        seen.push(...texts(body));
        url = body.nextCursor
          ? `${first}${first.includes('?') ? '&' : '?'}cursor=${body.nextCursor}`
          : null;
      }
      return { seen, sizes };
    };
    const expected = Array.from({ length: total }, (_, n) => `Question ${n}`);
    const coachPages = await walk('/api/questions/coach-inbox?filter=unanswered', busy.cookie);
    expect(coachPages.sizes).toEqual([QUESTION_PAGE_SIZE, QUESTION_PAGE_SIZE, 5]);
    expect(new Set(coachPages.seen).size).toBe(total);
    expect([...coachPages.seen].sort()).toEqual([...expected].sort());
    const playerPages = await walk('/api/questions/mine', player.cookie);
    expect(playerPages.sizes).toEqual([QUESTION_PAGE_SIZE, QUESTION_PAGE_SIZE, 5]);
    expect([...playerPages.seen].sort()).toEqual([...expected].sort());
    // Newest first across pages: the minute each question was asked never rises.
    const minutes = (seen: string[]) => seen.map((text) => Math.floor(Number(text.slice(9)) / 2));
    for (const { seen } of [coachPages, playerPages]) {
      expect(minutes(seen)).toEqual(minutes(seen).sort((a, b) => b - a));
    }
  });

  it('puts the latest activity first in My Questions, a fresh answer on top, across pages', async () => {
    const activePlayer = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const base = Date.UTC(2026, 6, 1);
    const minute = 60_000;
    const total = QUESTION_PAGE_SIZE + 4;
    // Asked a minute apart; the oldest answered last of all, another old one answered mid-way.
    const activity = new Map<string, number>();
    for (let n = 0; n < total; n++) {
      const asked = base + n * minute;
      const answered =
        n === 0 ? base + (total + 5) * minute : n === 1 ? base + 7.5 * minute : undefined;
      await insertQuestion(t.ctx.database.db, {
        coachId,
        playerId: activePlayer.userId,
        question: `Activity ${n}`,
        paymentStatus: 'paid',
        createdAt: new Date(asked),
        ...(answered
          ? { status: 'answered', answer: 'Done.', answeredAt: new Date(answered) }
          : {}),
      });
      activity.set(`Activity ${n}`, answered ?? asked);
    }
    const seen: string[] = [];
    let url: string | null = '/api/questions/mine';
    while (url) {
      const res: { statusCode: number; json: () => PagedTexts & { nextCursor: string | null } } =
        await t.app.inject({ method: 'GET', url, headers: { cookie: activePlayer.cookie } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...texts(body));
      url = body.nextCursor ? `/api/questions/mine?cursor=${body.nextCursor}` : null;
    }
    const expected = [...activity.entries()].sort((a, b) => b[1] - a[1]).map(([text]) => text);
    expect(seen).toEqual(expected);
    expect(seen[0]).toBe('Activity 0');
  });

  it('refuses a forged page cursor with a 400', async () => {
    const forged = Buffer.from(JSON.stringify(["now'); drop table questions;--", 'x'])).toString(
      'base64url',
    );
    expect((await inbox(`?cursor=${forged}`)).statusCode).toBe(400);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/questions/mine?cursor=not-a-cursor',
      headers: { cookie: player.cookie },
    });
    expect(mine.statusCode).toBe(400);
  });

  it('gives the Player their questions with the Coach, latest activity first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/questions/mine',
      headers: { cookie: player.cookie },
    });
    const body = res.json();
    expect(body.questions).toHaveLength(4);
    expect(body.questions[0]).toMatchObject({
      question: 'Failed payment',
      coach: { id: coachId, name: 'Coach Kim', expertise: 'Rowing' },
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
