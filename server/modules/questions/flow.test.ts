import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_INPUT } from '../../../contracts/secure-input';
import { abuseReports, mailOutbox, payouts, questions, reviews } from '../../db/schema';
import { asSent } from '../../test/mail';
import pino from 'pino';
import { connectPayouts, requestsTo, signedInUser } from '../../test/accounts';
import { applyPaymentEvent } from '../payments/apply-event';
import { moneyOf, refundUnanswered } from '../payments/settlement';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

type User = Awaited<ReturnType<typeof signedInUser>>;

const silent = pino({ level: 'silent' });
const DAY = 86_400_000;

describe(`the question loop (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: User;
  let otherCoach: User;
  let player: User;
  let otherPlayer: User;
  let coachId: string;

  const call = requestsTo(() => t.app);
  const db = () => t.ctx.database.db;
  /** As a completed checkout would: ratings, reviews and disputes need a paid question. */
  const markPaid = (id: string) =>
    db()
      .update(questions)
      .set({ paymentStatus: 'paid', paidAt: new Date() })
      .where(eq(questions.id, id));
  let address = 0;
  const ask = (user: User | undefined, overrides: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: user ? { cookie: user.cookie } : {},
      // Asking is rate-limited per address; this file asks far more than one person would.
      remoteAddress: `10.20.${Math.floor(++address / 250)}.${address % 250}`,
      payload: {
        coachId,
        playerName: 'Pat Player',
        question: 'How do I keep my elbow in on the jump shot?',
        context: 'I am 16 and play shooting guard.',
        pledge: true,
        acceptedConsents: true,
        ...overrides,
      },
    });
  // A Coach who can be asked: the profile, then the payout set-up (ADR 061).
  const coachProfile = async (user: User, name: string, price: number) => {
    const saved = await call('PUT', '/api/profiles/expert', user, {
      name,
      expertise: 'Basketball',
      price,
      acceptedAgreement: true,
    });
    await connectPayouts(t.app, user);
    return saved;
  };

  beforeAll(async () => {
    t = await createTestApp();
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Lee' });
    coachId = (await coachProfile(coach, 'Coach Lee', 50)).json().id;
    otherCoach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    await coachProfile(otherCoach, 'Other Coach', 20);
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
    otherPlayer = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
  });
  afterAll(() => t.close());

  describe('asking', () => {
    it('creates a pending question at the Coach price, with the context, and records the consents', async () => {
      const res = await ask(player);
      expect(res.statusCode).toBe(201);
      const [row] = await db().select().from(questions).where(eq(questions.id, res.json().id));
      expect(row).toMatchObject({
        status: 'pending',
        paymentStatus: 'pending',
        amount: 5000,
        context: 'I am 16 and play shooting guard.',
        playerEmail: player.email,
      });
      const role = await db().query.userRoles.findFirst({
        where: (r, { and, eq: is }) => and(is(r.userId, player.userId), is(r.role, 'asker')),
      });
      expect(role?.acceptedRevenueSplitAt).toBeInstanceOf(Date);
    });

    it.each([
      ['an empty name', { playerName: '' }, 'playerName', 'Name must be 1-100 characters'],
      [
        'a 101-character name',
        { playerName: 'x'.repeat(101) },
        'playerName',
        'Name must be 1-100 characters',
      ],
      [
        'a 9-character question',
        { question: 'too short' },
        'question',
        'Question must be 10-5000 characters',
      ],
      [
        'a 5001-character question',
        { question: 'x'.repeat(5001) },
        'question',
        'Question must be 10-5000 characters',
      ],
      [
        'a 2001-character context',
        { context: 'x'.repeat(2001) },
        'context',
        'Context must be at most 2000 characters',
      ],
      [
        'no pledge',
        { pledge: false },
        'pledge',
        'Please confirm your question is respectful and on-topic.',
      ],
    ])(
      'refuses %s with the spec message and creates nothing',
      async (_label, change, field, message) => {
        const before = (await db().select().from(questions)).length;
        const res = await ask(player, change);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field]).toBe(message);
        expect(await db().select().from(questions)).toHaveLength(before);
      },
    );

    it('creates one question for repeats of one Idempotency-Key, even concurrent ones', async () => {
      const withKey = (key: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/questions',
          headers: { cookie: player.cookie, 'idempotency-key': key },
          remoteAddress: `10.21.0.${++address % 250}`,
          payload: {
            coachId,
            playerName: 'Pat Player',
            question: 'Asked once, however often the form is sent?',
            pledge: true,
            acceptedConsents: true,
          },
        });
      const key = `key-${Date.now()}`;
      const answers = await Promise.all(Array.from({ length: 5 }, () => withKey(key)));
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
      const again = await withKey(key);
      expect(again.json().id).toBe(answers[0]?.json().id);
      const other = await withKey(`${key}-other`);
      expect(other.json().id).not.toBe(answers[0]?.json().id);
      const stored = await db()
        .select()
        .from(questions)
        .where(eq(questions.question, 'Asked once, however often the form is sent?'));
      expect(stored).toHaveLength(2);
      // Another Player's same key is theirs alone.
      const theirs = await t.app.inject({
        method: 'POST',
        url: '/api/questions',
        headers: { cookie: otherPlayer.cookie, 'idempotency-key': key },
        remoteAddress: '10.21.1.1',
        payload: {
          coachId,
          playerName: 'Other',
          question: 'Asked once, however often the form is sent?',
          pledge: true,
          acceptedConsents: true,
        },
      });
      expect(theirs.json().id).not.toBe(answers[0]?.json().id);
      const malformed = await withKey('no spaces allowed');
      expect(malformed.statusCode).toBe(400);
    });

    it('refuses script in a question and strips angle brackets (secure inputs)', async () => {
      const script = await ask(player, { question: 'Hello <script>alert(1)</script> coach' });
      expect(script.statusCode).toBe(400);
      expect(script.json().fields.question).toBe(UNSAFE_INPUT);
      const handler = await ask(player, { context: 'see <img src=x onerror=alert(1)>' });
      expect(handler.statusCode).toBe(400);
      const ok = await ask(player, { question: 'Is <b>bold</b> footwork better than speed?' });
      const [row] = await db().select().from(questions).where(eq(questions.id, ok.json().id));
      expect(row?.question).toBe('Is bbold/b footwork better than speed?');
    });

    it('refuses anonymous visitors, Coaches, and asking yourself', async () => {
      expect((await ask(undefined)).statusCode).toBe(401);
      expect((await ask(coach)).statusCode).toBe(403);
      const both = await signedInUser(t.app, t.ctx, { roles: ['asker', 'expert'] });
      const ownId = (await coachProfile(both, 'Self Asker', 10)).json().id;
      await call('PUT', '/api/profiles/asker', both, { name: 'Self Asker' });
      await call('POST', '/api/account/active-role', both, { role: 'expert' });
      const asCoach = await ask(both, { coachId: ownId });
      expect(asCoach.statusCode).toBe(403);
      expect(asCoach.json().message).toBe(
        'Coaches cannot ask questions. Switch to player mode to ask a question.',
      );
      await call('POST', '/api/account/active-role', both, { role: 'asker' });
      expect((await ask(both, { coachId: ownId })).statusCode).toBe(400);
    });
  });

  describe('answering', () => {
    it('saves the answer, creates the 70% payout and mails the Player, in one go', async () => {
      const id = (await ask(player)).json().id;
      const res = await call('POST', `/api/questions/${id}/answer`, coach, {
        answer: '  Film yourself from the side.  ',
      });
      expect(res.statusCode).toBe(204);
      const [row] = await db().select().from(questions).where(eq(questions.id, id));
      expect(row).toMatchObject({ status: 'answered', answer: 'Film yourself from the side.' });
      expect(row?.answeredAt).toBeInstanceOf(Date);
      const [payout] = await db().select().from(payouts).where(eq(payouts.questionId, id));
      expect(payout).toMatchObject({ amount: 3500, status: 'pending', coachId });
      const mails = await asSent(
        db().select().from(mailOutbox).where(eq(mailOutbox.to, player.email)),
      );
      expect(mails.some((m) => m.text.includes(`/questions/${id}`))).toBe(true);
    });

    it('refuses a blank answer, another Coach, the Player, and a second answer', async () => {
      const id = (await ask(player)).json().id;
      expect(
        (await call('POST', `/api/questions/${id}/answer`, coach, { answer: '   ' })).statusCode,
      ).toBe(400);
      expect(
        (await call('POST', `/api/questions/${id}/answer`, otherCoach, { answer: 'Mine' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/api/questions/${id}/answer`, player, { answer: 'Me' })).statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/api/questions/${id}/answer`, coach, { answer: 'First' })).statusCode,
      ).toBe(204);
      const again = await call('POST', `/api/questions/${id}/answer`, coach, { answer: 'Second' });
      expect(again.statusCode).toBe(409);
      const [row] = await db().select().from(questions).where(eq(questions.id, id));
      expect(row?.answer).toBe('First');
    });

    it('refuses a refunded question', async () => {
      const id = (await ask(player)).json().id;
      await db()
        .update(questions)
        .set({ status: 'refunded', paymentStatus: 'refunded', refundedAt: new Date() })
        .where(eq(questions.id, id));
      expect(
        (await call('POST', `/api/questions/${id}/answer`, coach, { answer: 'Late' })).statusCode,
      ).toBe(409);
      expect(await db().select().from(payouts).where(eq(payouts.questionId, id))).toHaveLength(0);
    });

    it('turns 20 concurrent answers into one answer and one payout', async () => {
      const id = (await ask(player)).json().id;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call('POST', `/api/questions/${id}/answer`, coach, { answer: `Answer ${i}` }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 204)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      expect(await db().select().from(payouts).where(eq(payouts.questionId, id))).toHaveLength(1);
    });
  });

  describe('reading and acting on a question', () => {
    let answeredId: string;
    beforeAll(async () => {
      answeredId = (await ask(player)).json().id;
      // Ratings, reviews and disputes need a paid question.
      await markPaid(answeredId);
      await call('POST', `/api/questions/${answeredId}/answer`, coach, { answer: 'Square up.' });
    });

    it('shows the question to its Player and its Coach, and to nobody else', async () => {
      const asPlayer = await call('GET', `/api/questions/${answeredId}`, player);
      expect(asPlayer.statusCode).toBe(200);
      expect(asPlayer.json()).toMatchObject({
        viewerRole: 'asker',
        answer: 'Square up.',
        coach: { id: coachId, name: 'Coach Lee' },
        player: { id: player.userId, name: 'Pat Player' },
      });
      expect(asPlayer.json().thread.length).toBeGreaterThan(1);
      expect((await call('GET', `/api/questions/${answeredId}`, coach)).json().viewerRole).toBe(
        'expert',
      );
      const denied = await call('GET', `/api/questions/${answeredId}`, otherPlayer);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe("You don't have permission to view this question.");
      expect((await call('GET', `/api/questions/${answeredId}`, otherCoach)).statusCode).toBe(403);
      expect((await call('GET', `/api/questions/${answeredId}`)).statusCode).toBe(401);
      const missing = await call(
        'GET',
        '/api/questions/00000000-0000-4000-8000-000000000000',
        player,
      );
      expect(missing.statusCode).toBe(404);
    });

    it('counts what needs each side: a paid question until it is answered, an answer until it is read', async () => {
      const fresh = (await ask(player)).json().id;
      const coachNeeds = async () =>
        (await call('GET', '/api/questions/unread-count', coach)).json().count as number;
      const before = await coachNeeds();
      await markPaid(fresh);
      expect(await coachNeeds()).toBe(before + 1);
      // Opening it is not answering it (issue 36): the Coach still owes it.
      await call('POST', `/api/questions/${fresh}/viewed`, coach);
      expect(await coachNeeds()).toBe(before + 1);
      await call('POST', `/api/questions/${fresh}/answer`, coach, { answer: 'Done.' });
      expect(await coachNeeds()).toBe(before);
      const playerNeeds = async () =>
        (await call('GET', '/api/questions/unread-count', player)).json().count as number;
      const unreadAnswers = await playerNeeds();
      expect(unreadAnswers).toBeGreaterThan(0);
      await call('POST', `/api/questions/${fresh}/viewed`, player);
      expect(await playerNeeds()).toBe(unreadAnswers - 1);
      expect((await call('POST', `/api/questions/${fresh}/viewed`, otherPlayer)).statusCode).toBe(
        403,
      );
    });

    it('lets only the Player rate, once per question (upsert)', async () => {
      expect(
        (await call('PUT', `/api/questions/${answeredId}/rating`, player, { isHelpful: true }))
          .statusCode,
      ).toBe(204);
      expect(
        (await call('PUT', `/api/questions/${answeredId}/rating`, player, { isHelpful: false }))
          .statusCode,
      ).toBe(204);
      const rows = await db().query.ratings.findMany({
        where: (r, { eq: is }) => is(r.questionId, answeredId),
      });
      expect(rows).toHaveLength(1);
      expect(rows[0]?.isHelpful).toBe(false);
      expect(
        (await call('PUT', `/api/questions/${answeredId}/rating`, coach, { isHelpful: true }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('PUT', `/api/questions/${answeredId}/rating`, otherPlayer, { isHelpful: true }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('PUT', `/api/questions/${answeredId}/rating`, undefined, { isHelpful: true }))
          .statusCode,
      ).toBe(401);
    });

    it('keeps one star review per question, feeding the Coach profile', async () => {
      await call('PUT', `/api/questions/${answeredId}/review`, player, { rating: 3 });
      await call('PUT', `/api/questions/${answeredId}/review`, player, { rating: 5 });
      expect(
        await db().select().from(reviews).where(eq(reviews.questionId, answeredId)),
      ).toHaveLength(1);
      expect(
        (await call('PUT', `/api/questions/${answeredId}/review`, player, { rating: 6 }))
          .statusCode,
      ).toBe(400);
      const profile = (await call('GET', `/api/coaches/${coachId}`)).json();
      expect(profile.starRating).toBe(5);
      expect(profile.helpfulPercent).toBe(0);
    });

    it('refuses rating an unanswered question', async () => {
      const pending = (await ask(player)).json().id;
      expect(
        (await call('PUT', `/api/questions/${pending}/rating`, player, { isHelpful: true }))
          .statusCode,
      ).toBe(409);
    });

    it('stores a report with details null when empty, and refuses a missing reason', async () => {
      const res = await call('POST', `/api/questions/${answeredId}/reports`, player, {
        reason: 'spam',
        details: '  ',
      });
      expect(res.statusCode).toBe(201);
      const [report] = await db()
        .select()
        .from(abuseReports)
        .where(eq(abuseReports.reportedQuestionId, answeredId));
      expect(report).toMatchObject({
        reason: 'spam',
        details: null,
        reportedCoachId: coachId,
        reporterId: player.userId,
      });
      expect(
        (await call('POST', `/api/questions/${answeredId}/reports`, player, { details: 'x' }))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await call('POST', `/api/questions/${answeredId}/reports`, otherPlayer, {
            reason: 'spam',
          })
        ).statusCode,
      ).toBe(403);
    });

    it('lets the Player flag a dispute once, with a reason, after which rating is locked', async () => {
      const dispute = (user: User, body: object = { reason: 'not_as_described' }) =>
        call('POST', `/api/questions/${answeredId}/dispute`, user, body);
      expect((await dispute(coach)).statusCode).toBe(403);
      const noReason = await dispute(player, { details: 'Nothing useful.' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().message).toBe('Please choose a reason.');
      expect((await dispute(player, { reason: 'other', details: 'Off topic.' })).statusCode).toBe(
        204,
      );
      const [row] = await db().select().from(questions).where(eq(questions.id, answeredId));
      expect(row).toMatchObject({
        disputeFlagged: true,
        disputeReason: 'other',
        disputeDetails: 'Off topic.',
      });
      expect((await dispute(player)).statusCode).toBe(409);
      expect(
        (await call('PUT', `/api/questions/${answeredId}/rating`, player, { isHelpful: true }))
          .statusCode,
      ).toBe(409);
      const pending = (await ask(player)).json().id;
      expect(
        (await call('POST', `/api/questions/${pending}/dispute`, player, { reason: 'other' }))
          .statusCode,
      ).toBe(409);
    });
  });

  describe('access matrix: every question route against every kind of visitor', () => {
    type Actor = 'anonymous' | 'otherPlayer' | 'otherCoach' | 'owningCoach' | 'player';
    // Successful calls change state, so the people allowed go last.
    const ORDER: Actor[] = ['anonymous', 'otherPlayer', 'otherCoach', 'owningCoach', 'player'];
    const actor = (who: Actor): User | undefined =>
      ({ anonymous: undefined, otherPlayer, otherCoach, owningCoach: coach, player: player })[who];

    const cases: {
      route: string;
      method: 'GET' | 'POST' | 'PUT';
      path: (id: string) => string;
      body?: unknown;
      answered: boolean;
      expected: Record<Actor, number>;
    }[] = [
      {
        route: 'GET /api/questions/:id',
        method: 'GET',
        path: (id) => `/api/questions/${id}`,
        answered: true,
        expected: {
          anonymous: 401,
          otherPlayer: 403,
          otherCoach: 403,
          owningCoach: 200,
          player: 200,
        },
      },
      {
        route: 'POST /api/questions/:id/viewed',
        method: 'POST',
        path: (id) => `/api/questions/${id}/viewed`,
        answered: true,
        expected: {
          anonymous: 401,
          otherPlayer: 403,
          otherCoach: 403,
          owningCoach: 204,
          player: 204,
        },
      },
      {
        route: 'POST /api/questions/:id/answer',
        method: 'POST',
        path: (id) => `/api/questions/${id}/answer`,
        body: { answer: 'Yes.' },
        answered: false,
        expected: {
          anonymous: 401,
          otherPlayer: 403,
          otherCoach: 403,
          owningCoach: 204,
          player: 403,
        },
      },
      {
        route: 'PUT /api/questions/:id/rating',
        method: 'PUT',
        path: (id) => `/api/questions/${id}/rating`,
        body: { isHelpful: true },
        answered: true,
        expected: {
          anonymous: 401,
          otherPlayer: 403,
          otherCoach: 403,
          owningCoach: 403,
          player: 204,
        },
      },
      {
        route: 'PUT /api/questions/:id/review',
        method: 'PUT',
        path: (id) => `/api/questions/${id}/review`,
        body: { rating: 4 },
        answered: true,
        expected: {
          anonymous: 401,
          otherPlayer: 403,
          otherCoach: 403,
          owningCoach: 403,
          player: 204,
        },
      },
      {
        route: 'POST /api/questions/:id/reports',
        method: 'POST',
        path: (id) => `/api/questions/${id}/reports`,
        body: { reason: 'other' },
        answered: true,
        expected: {
          anonymous: 401,
          otherPlayer: 403,
          otherCoach: 403,
          owningCoach: 403,
          player: 201,
        },
      },
      {
        route: 'POST /api/questions/:id/dispute',
        method: 'POST',
        path: (id) => `/api/questions/${id}/dispute`,
        body: { reason: 'incomplete' },
        answered: true,
        expected: {
          anonymous: 401,
          otherPlayer: 403,
          otherCoach: 403,
          owningCoach: 403,
          player: 204,
        },
      },
      {
        route: 'POST /api/questions/:id/decline',
        method: 'POST',
        path: (id) => `/api/questions/${id}/decline`,
        body: {},
        answered: false,
        expected: {
          anonymous: 401,
          otherPlayer: 403,
          otherCoach: 403,
          owningCoach: 204,
          player: 403,
        },
      },
      {
        route: 'POST /api/questions/:id/withdraw',
        method: 'POST',
        path: (id) => `/api/questions/${id}/withdraw`,
        answered: false,
        expected: {
          anonymous: 401,
          otherPlayer: 403,
          otherCoach: 403,
          owningCoach: 403,
          player: 204,
        },
      },
    ];

    it.each(cases.map((c) => [c.route, c] as const))('%s', async (_route, c) => {
      const id = (await ask(player)).json().id as string;
      if (c.answered) {
        await markPaid(id);
        await call('POST', `/api/questions/${id}/answer`, coach, { answer: 'Done.' });
      }
      const got: Record<string, number> = {};
      for (const who of ORDER)
        got[who] = (await call(c.method, c.path(id), actor(who), c.body)).statusCode;
      expect(got).toEqual(c.expected);
    });
  });

  describe("a Coach's public page", () => {
    it('shows each answer, rating, review and profile change at once, though it is cached', async () => {
      const owner = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      const id = (await coachProfile(owner, 'Casey Cache', 30)).json().id;
      const page = async () => (await call('GET', `/api/coaches/${id}`)).json();
      expect(await page()).toMatchObject({
        answeredCount: 0,
        starRating: null,
        helpfulPercent: null,
      });

      const questionId = (await ask(player, { coachId: id })).json().id;
      await markPaid(questionId);
      expect(
        (await call('POST', `/api/questions/${questionId}/answer`, owner, { answer: 'Elbow in.' }))
          .statusCode,
      ).toBe(204);
      expect((await page()).answeredCount).toBe(1);

      await call('PUT', `/api/questions/${questionId}/rating`, player, { isHelpful: true });
      expect((await page()).helpfulPercent).toBe(100);
      await call('PUT', `/api/questions/${questionId}/review`, player, { rating: 4 });
      expect((await page()).starRating).toBe(4);
      await coachProfile(owner, 'Casey Cached', 30);
      expect((await page()).name).toBe('Casey Cached');
      expect((await call('GET', '/api/coaches/casey-cached')).json().name).toBe('Casey Cached');
    });

    it('keeps the Coach inbox summary current as questions arrive and are answered', async () => {
      const owner = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      const id = (await coachProfile(owner, 'Sam Summary', 30)).json().id;
      const summary = async () => {
        const { answeredCount, unansweredCount } = (
          await call('GET', '/api/questions/coach-inbox', owner)
        ).json();
        return { answeredCount, unansweredCount };
      };
      expect(await summary()).toEqual({ answeredCount: 0, unansweredCount: 0 });
      const questionId = (await ask(player, { coachId: id })).json().id;
      expect(await summary()).toEqual({ answeredCount: 0, unansweredCount: 1 });
      await call('POST', `/api/questions/${questionId}/answer`, owner, { answer: 'Stay low.' });
      expect(await summary()).toEqual({ answeredCount: 1, unansweredCount: 0 });
    });

    it('tells the owner it is theirs while visitors get the cached page', async () => {
      const owner = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      const id = (await coachProfile(owner, 'Olive Owner', 30)).json().id;
      expect((await call('GET', `/api/coaches/${id}`)).json().isOwner).toBe(false);
      expect((await call('GET', `/api/coaches/${id}`, owner)).json().isOwner).toBe(true);
      expect((await call('GET', `/api/coaches/${id}`, player)).json().isOwner).toBe(false);
    });
  });

  describe('signed-in views, never cached (ADR 033)', () => {
    it('show every change to a question at once: payment, answer, rating, review, dispute, refund, profile', async () => {
      const owner = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      const id = (await coachProfile(owner, 'Vic Views', 30)).json().id;
      const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
      const mine = async () => (await call('GET', '/api/questions/mine', player)).json().questions;
      const inbox = async () =>
        (await call('GET', '/api/questions/coach-inbox?filter=all', owner)).json().questions;
      const detail = async (questionId: string, viewer: User) =>
        (await call('GET', `/api/questions/${questionId}`, viewer)).json();

      expect(await mine()).toEqual([]);
      expect(await inbox()).toEqual([]);
      const questionId = (await ask(player, { coachId: id })).json().id;
      expect(await mine()).toMatchObject([{ id: questionId, paymentStatus: 'pending' }]);
      expect(await inbox()).toMatchObject([{ id: questionId, status: 'pending' }]);
      expect(await detail(questionId, player)).toMatchObject({ paymentStatus: 'pending' });
      expect(await detail(questionId, owner)).toMatchObject({ viewerRole: 'expert' });

      const pay = (qid: string) =>
        applyPaymentEvent(moneyOf(t.ctx, silent), 'local', {
          id: `evt_${qid}`,
          type: 'checkout.completed',
          questionId: qid,
          paymentIntentId: `pi_${qid}`,
        });
      await pay(questionId);
      expect(await mine()).toMatchObject([{ paymentStatus: 'paid' }]);
      expect(await inbox()).toMatchObject([{ paymentStatus: 'paid' }]);
      expect(await detail(questionId, owner)).toMatchObject({ paymentStatus: 'paid' });

      await call('POST', `/api/questions/${questionId}/answer`, owner, {
        answer: 'Turn the hips.',
      });
      expect(await mine()).toMatchObject([{ status: 'answered', answer: 'Turn the hips.' }]);
      expect(await inbox()).toMatchObject([{ status: 'answered' }]);
      expect(await detail(questionId, player)).toMatchObject({ answer: 'Turn the hips.' });

      await call('PUT', `/api/questions/${questionId}/rating`, player, { isHelpful: true });
      expect((await detail(questionId, player)).myRating).toBe(true);
      await call('PUT', `/api/questions/${questionId}/review`, player, { rating: 5 });
      expect((await detail(questionId, player)).myReview).toBe(5);
      expect((await detail(questionId, owner)).myReview).toBe(5);
      await call('POST', `/api/questions/${questionId}/dispute`, player, { reason: 'incomplete' });
      expect((await detail(questionId, player)).disputeFlagged).toBe(true);
      expect((await detail(questionId, owner)).disputeFlagged).toBe(true);

      // A second question joins the thread on the first one's page, then is refunded unanswered.
      const second = (await ask(player, { coachId: id })).json().id;
      expect((await detail(questionId, player)).thread.map((q: { id: string }) => q.id)).toEqual([
        questionId,
        second,
      ]);
      await pay(second);
      await refundUnanswered(moneyOf(t.ctx, silent), new Date(Date.now() + 8 * DAY));
      expect((await mine())[0]).toMatchObject({ id: second, status: 'refunded' });
      expect((await detail(questionId, owner)).thread[1]).toMatchObject({ status: 'refunded' });

      await coachProfile(owner, 'Vic Renamed', 30);
      expect((await mine())[0].coach.name).toBe('Vic Renamed');
      expect((await detail(questionId, player)).coach.name).toBe('Vic Renamed');
    });

    it('keep each viewer to their own view', async () => {
      const questionId = (await ask(player)).json().id;
      expect((await call('GET', `/api/questions/${questionId}`, player)).json().viewerRole).toBe(
        'asker',
      );
      expect((await call('GET', `/api/questions/${questionId}`, coach)).json().viewerRole).toBe(
        'expert',
      );
      expect((await call('GET', `/api/questions/${questionId}`, otherPlayer)).statusCode).toBe(403);
      expect((await call('GET', `/api/questions/${questionId}`, otherCoach)).statusCode).toBe(403);
      const otherMine = (await call('GET', '/api/questions/mine', otherPlayer)).json().questions;
      expect(otherMine.map((q: { id: string }) => q.id)).not.toContain(questionId);
    });
  });
});
