import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEW_ACTION_REFUSALS,
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
} from '../../../contracts/reviews';
import { UNSAFE_INPUT } from '../../../contracts/secure-input';
import {
  abuseReports,
  adminAuditLog,
  coaches,
  mailOutbox,
  questions,
  reviews,
} from '../../db/schema';
import { asSent } from '../../test/mail';
import { requestsTo, signedInUser } from '../../test/accounts';
import { insertQuestion } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { createAdmin } from '../admin/service';
import { choosePreference } from '../notifications';
import { REVIEW_MAIL } from '../questions/question-mail';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe(`written reviews (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: User;
  let otherCoach: User;
  let player: User;
  let otherPlayer: User;
  let coachId: string;
  let adminToken: string;

  const call = requestsTo(() => t.app);
  const db = () => t.ctx.database.db;
  const admin = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${adminToken}` } });

  /** A paid, answered question of `who` to the Coach, as a completed checkout leaves it. */
  const answered = async (who: User = player) =>
    (
      await insertQuestion(db(), {
        coachId,
        playerId: who.userId,
        paymentStatus: 'paid',
        paidAt: new Date(),
        status: 'answered',
        answer: 'Keep your elbow in.',
        answeredAt: new Date(),
      })
    ).id;
  const review = (questionId: string, body: object, who: User = player) =>
    call('PUT', `/api/questions/${questionId}/review`, who, body);
  const reviewIdOf = async (questionId: string) =>
    (await db().select().from(reviews).where(eq(reviews.questionId, questionId)))[0]!.id;
  const publicList = (cursor?: string) =>
    call('GET', `/api/coaches/${coachId}/reviews${cursor ? `?cursor=${cursor}` : ''}`);

  beforeAll(async () => {
    t = await createTestApp();
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Rivera' });
    coachId = (
      await call('PUT', '/api/profiles/expert', coach, {
        name: 'Coach Rivera',
        expertise: 'Goalkeeping',
        price: 40,
        acceptedAgreement: true,
      })
    ).json().id;
    otherCoach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Other' });
    await call('PUT', '/api/profiles/expert', otherCoach, {
      name: 'Coach Other',
      expertise: 'Tennis',
      price: 20,
      acceptedAgreement: true,
    });
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Jamie Keeper' });
    otherPlayer = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Robin Other' });
    await createAdmin(db(), 'review-moderator', 'a-long-admin-password');
    adminToken = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'review-moderator', password: 'a-long-admin-password' },
      })
    ).json().token as string;
  });
  afterAll(() => t.close());

  it('keeps the words with the stars, checked by the secure-input rules and 1,000 characters at most', async () => {
    const id = await answered();
    expect((await review(id, { rating: 4, words: '  Clear <b>and</b> quick.  ' })).statusCode).toBe(
      204,
    );
    const [row] = await db().select().from(reviews).where(eq(reviews.questionId, id));
    expect(row).toMatchObject({ rating: 4, body: 'Clear band/b quick.', published: true });

    const tooLong = await review(id, { rating: 4, words: 'a'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(REVIEW_MESSAGES.wordsLength);
    const script = await review(id, { rating: 4, words: '<script>alert(1)</script>' });
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toContain(UNSAFE_INPUT);
    expect((await review(id, { rating: 4, words: 'a'.repeat(1000) })).statusCode).toBe(204);

    // Only stars: the words are cleared, and the detail page shows what is stored.
    expect((await review(id, { rating: 2 })).statusCode).toBe(204);
    const detail = (await call('GET', `/api/questions/${id}`, player)).json();
    expect(detail).toMatchObject({ myReview: 2, myReviewWords: null, reviewReply: null });
  });

  it('lists published reviews newest first on the public page, a keyset page at a time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < REVIEWS_PAGE_SIZE + 2; i++) {
      const id = await answered();
      await review(id, { rating: 5, words: `Review number ${i}` });
      ids.push(id);
    }
    const first = await publicList();
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.rows).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(page1.rows[0]).toMatchObject({
      playerName: 'Jamie Keeper',
      rating: 5,
      words: `Review number ${REVIEWS_PAGE_SIZE + 1}`,
      reply: null,
      repliedAt: null,
    });
    expect(Date.parse(page1.rows[0].createdAt)).not.toBeNaN();
    const page2 = (await publicList(page1.nextCursor)).json();
    const all = [...page1.rows, ...page2.rows];
    const dates = all.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(new Set(all.map((r: { id: string }) => r.id)).size).toBe(all.length);
    expect(page2.nextCursor).toBeNull();

    expect((await publicList('not-a-cursor')).statusCode).toBe(400);
    const unknown = await call('GET', '/api/coaches/00000000-0000-4000-8000-000000000000/reviews');
    expect(unknown.statusCode).toBe(404);
  });

  it("lets only the reviewed Coach reply, once, and locks the Player's review after it", async () => {
    const id = await answered();
    await review(id, { rating: 3, words: 'Good but short.' });
    const reviewId = await reviewIdOf(id);
    const reply = (user: User | undefined, text: string) =>
      call('POST', `/api/reviews/${reviewId}/reply`, user, { reply: text });

    expect((await reply(undefined, 'Thanks')).statusCode).toBe(401);
    expect((await reply(player, 'Thanks')).statusCode).toBe(403);
    const wrongCoach = await reply(otherCoach, 'Thanks');
    expect(wrongCoach.statusCode).toBe(403);
    expect(wrongCoach.json().message).toBe(REVIEW_MESSAGES.notYourReview);
    expect((await reply(coach, '   ')).statusCode).toBe(400);
    expect((await reply(coach, 'a'.repeat(1001))).statusCode).toBe(400);

    expect((await reply(coach, 'Thanks, Jamie: I will add drills next time.')).statusCode).toBe(
      204,
    );
    const again = await reply(coach, 'Edited reply');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyReplied);

    const shown = (await publicList()).json().rows.find((r: { id: string }) => r.id === reviewId);
    expect(shown).toMatchObject({ reply: 'Thanks, Jamie: I will add drills next time.' });
    expect(Date.parse(shown.repliedAt)).not.toBeNaN();

    const locked = await review(id, { rating: 5, words: 'Changed my mind' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(REVIEW_MESSAGES.lockedByReply);
    const [row] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row).toMatchObject({ rating: 3, body: 'Good but short.' });
    expect((await call('GET', `/api/questions/${id}`, player)).json()).toMatchObject({
      myReviewWords: 'Good but short.',
      reviewReply: 'Thanks, Jamie: I will add drills next time.',
    });
  });

  it('takes reports from anyone signed in and shows them to administrators with the review', async () => {
    const id = await answered();
    await review(id, { rating: 1, words: 'Rude words here' });
    const reviewId = await reviewIdOf(id);
    const report = (user: User | undefined, body: object) =>
      call('POST', `/api/reviews/${reviewId}/reports`, user, body);

    expect((await report(undefined, { reason: 'spam' })).statusCode).toBe(401);
    expect((await report(otherPlayer, {})).statusCode).toBe(400);
    expect(
      (await report(otherPlayer, { reason: 'harassment', details: 'Insults' })).statusCode,
    ).toBe(201);
    expect((await report(otherCoach, { reason: 'spam' })).statusCode).toBe(201);
    expect(
      (
        await call('POST', '/api/reviews/00000000-0000-4000-8000-000000000000/reports', player, {
          reason: 'spam',
        })
      ).statusCode,
    ).toBe(404);

    const stored = await db()
      .select()
      .from(abuseReports)
      .where(eq(abuseReports.reportedReviewId, reviewId));
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ reportedQuestionId: id, reportedCoachId: coachId });

    const rows = (await admin('GET', '/api/admin/reports?status=open')).json().rows;
    const listed = rows.find(
      (r: { reason: string; review: { id: string } | null }) =>
        r.review?.id === reviewId && r.reason === 'harassment',
    );
    expect(listed).toMatchObject({
      reason: 'harassment',
      details: 'Insults',
      review: { id: reviewId, rating: 1, words: 'Rude words here', reply: null, published: true },
    });
  });

  it('hides and restores a review, audited: it leaves the page and every star figure, then returns', async () => {
    // A Coach of their own, so the figures are this test's alone.
    const coachUser = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Figure Coach' });
    const ownId = (
      await call('PUT', '/api/profiles/expert', coachUser, {
        name: 'Figure Coach',
        expertise: 'Sprinting',
        price: 30,
        acceptedAgreement: true,
      })
    ).json().id as string;
    const ask = async (rating: number) => {
      const q = await insertQuestion(db(), {
        coachId: ownId,
        playerId: player.userId,
        paymentStatus: 'paid',
        status: 'answered',
        answer: 'Drive your arms.',
        answeredAt: new Date(),
      });
      await review(q.id, { rating, words: `Rated ${rating}` });
      return reviewIdOf(q.id);
    };
    await ask(5);
    const bad = await ask(1);
    await call('POST', `/api/reviews/${bad}/reports`, otherPlayer, { reason: 'spam' });

    const figures = async () => {
      const page = (await call('GET', `/api/coaches/${ownId}`)).json();
      const dashboard = (await call('GET', '/api/home/coach-dashboard', coachUser)).json();
      const [row] = await db().select().from(coaches).where(eq(coaches.id, ownId));
      const list = (await call('GET', `/api/coaches/${ownId}/reviews`)).json();
      return {
        stars: page.starRating,
        count: page.reviewCount,
        dashboard: dashboard.starRating,
        directoryScore: row!.ratingScore,
        listed: list.rows.map((r: { id: string }) => r.id).includes(bad),
      };
    };
    expect(await figures()).toEqual({
      stars: 3,
      count: 2,
      dashboard: 3,
      directoryScore: 300,
      listed: true,
    });

    expect((await admin('POST', `/api/admin/reviews/${bad}/hide`)).statusCode).toBe(204);
    expect(await figures()).toEqual({
      stars: 5,
      count: 1,
      dashboard: 5,
      directoryScore: 500,
      listed: false,
    });
    // Its report is closed as acted on; a hidden review is neither replied to nor reported.
    const [report] = await db()
      .select()
      .from(abuseReports)
      .where(eq(abuseReports.reportedReviewId, bad));
    expect(report!.status).toBe('actioned');
    expect(
      (await call('POST', `/api/reviews/${bad}/reply`, coachUser, { reply: 'Hello' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/reviews/${bad}/reports`, otherPlayer, { reason: 'spam' }))
        .statusCode,
    ).toBe(404);
    // The Player changing the stars does not bring it back.
    const [hidden] = await db().select().from(reviews).where(eq(reviews.id, bad));
    expect((await review(hidden!.questionId, { rating: 2 })).statusCode).toBe(204);
    expect((await figures()).count).toBe(1);

    const twice = await admin('POST', `/api/admin/reviews/${bad}/hide`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(REVIEW_ACTION_REFUSALS.hide);

    expect((await admin('POST', `/api/admin/reviews/${bad}/restore`)).statusCode).toBe(204);
    expect(await figures()).toMatchObject({ count: 2, listed: true, directoryScore: 350 });
    expect((await admin('POST', `/api/admin/reviews/${bad}/restore`)).statusCode).toBe(409);
    expect(
      (await admin('POST', '/api/admin/reviews/00000000-0000-4000-8000-000000000000/hide'))
        .statusCode,
    ).toBe(404);

    const audited = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.username, 'review-moderator')));
    const actions = audited
      .filter((a) => (a.details as { reviewId?: string } | null)?.reviewId === bad)
      .map((a) => `${a.action}:${a.success}`);
    expect(actions.sort()).toEqual(
      [
        'review.hide:true',
        'review.hide:false',
        'review.restore:true',
        'review.restore:false',
      ].sort(),
    );
  });

  it("refuses a review of someone else's question, or before the answer", async () => {
    const id = await answered();
    expect((await review(id, { rating: 5 }, otherPlayer)).statusCode).toBe(403);
    const pending = await insertQuestion(db(), {
      coachId,
      playerId: player.userId,
      paymentStatus: 'paid',
    });
    expect((await review(pending.id, { rating: 5, words: 'Early' })).statusCode).toBe(409);
    expect(await db().select().from(questions).where(eq(questions.id, pending.id))).toHaveLength(1);
  });

  it('e-mails the Coach when a review is posted, once, unless she turned conversation e-mails off', async () => {
    await db().delete(mailOutbox);
    const id = await answered();
    // The name the Player asked under, as every e-mail about the question says it.
    const { playerName } = (await db().select().from(questions).where(eq(questions.id, id)))[0]!;
    const reviewMail = async () =>
      (await asSent(db().select().from(mailOutbox).where(eq(mailOutbox.to, coach.email)))).filter(
        (m) => m.subject === REVIEW_MAIL.subject(playerName),
      );
    expect((await review(id, { rating: 4, words: 'Sharp advice.' })).statusCode).toBe(204);
    const [sent, ...more] = await reviewMail();
    expect(more).toEqual([]);
    expect(sent?.text).toContain(REVIEW_MAIL.lead(playerName, 4));
    expect(sent?.text).toContain('Sharp advice.');
    expect(sent?.text).toContain(`/questions/${id}`);
    // She may turn it off in one click: the footer's unsubscribe link.
    expect(sent?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // Changing the stars or the words is not a new review.
    expect((await review(id, { rating: 5 })).statusCode).toBe(204);
    expect(await reviewMail()).toHaveLength(1);

    // With conversation e-mails off, a new review is not mailed.
    await choosePreference(db(), coach.userId, 'conversation_messages', false);
    expect((await review(await answered(), { rating: 3 })).statusCode).toBe(204);
    expect(await reviewMail()).toHaveLength(1);
    await choosePreference(db(), coach.userId, 'conversation_messages', true);
  });
});
