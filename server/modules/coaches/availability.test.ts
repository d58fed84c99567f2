import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVAILABILITY_MESSAGES, todayUtc } from '../../../contracts/availability';
import { coaches, questions } from '../../db/schema';
import {
  askCoach,
  connectPayouts,
  requestsTo,
  signedInUser,
  type TestUser,
} from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

const ask = {
  playerName: 'Pat Player',
  question: 'How do I defend a faster winger?',
  pledge: true,
  acceptedConsents: true,
};
const DAY_MS = 86_400_000;
const dayFromToday = (days: number) => todayUtc(new Date(Date.now() + days * DAY_MS));

describe(`a Coach's availability: payout-ready gate, pause and cap (${testDatabaseKind})`, () => {
  let t: TestApp;
  const call = requestsTo(() => t.app);
  let coach: TestUser;
  let coachId: string;
  let player: TestUser;
  let otherPlayer: TestUser;
  const db = () => t.ctx.database.db;
  const page = async () => (await call('GET', `/api/coaches/${coachId}`)).json();
  const directory = async (show?: string) =>
    (await call('GET', `/api/coaches?sort=newest${show ? `&show=${show}` : ''}`)).json() as {
      coaches: { id: string; availability: { state: string } }[];
    };
  const setAvailability = (body: object, who: TestUser = coach) =>
    call('PUT', '/api/profiles/expert/availability', who, body);
  const askNow = (who: TestUser) => call('POST', '/api/questions', who, { coachId, ...ask });
  // The directory's pages are cached until a profile changes; a question changes none.
  const dropCaches = () => t.ctx.bus.publish('coaches.changed', { userId: coach.userId });

  beforeAll(async () => {
    t = await createTestApp();
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Gina Gate' });
    const saved = await call('PUT', '/api/profiles/expert', coach, {
      name: 'Gina Gate',
      expertise: 'Goalkeeping',
      price: 20,
      acceptedAgreement: true,
    });
    coachId = saved.json().id;
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    otherPlayer = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
  });
  afterAll(() => t.close());

  describe('payout-ready gate', () => {
    it('shows a Coach without payouts as "Not taking questions yet" and refuses asking with 409', async () => {
      expect((await page()).availability).toEqual({
        state: 'not-ready',
        returnOn: null,
        note: null,
      });
      const res = await askNow(player);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(AVAILABILITY_MESSAGES.refusedNotReady);
    });

    it('leaves them out of the directory by default and lists them when showing all', async () => {
      expect((await directory()).coaches.map((c) => c.id)).not.toContain(coachId);
      const all = await directory('all');
      expect(all.coaches.find((c) => c.id === coachId)?.availability.state).toBe('not-ready');
    });

    it('refuses checkout with 409 for a question asked before payouts stopped', async () => {
      await connectPayouts(t.app, coach);
      const questionId = await askCoach(call, player, coachId);
      await db()
        .update(coaches)
        .set({ stripePayoutsEnabled: false })
        .where(eq(coaches.id, coachId));
      const res = await call('POST', '/api/payments/checkout', player, {
        questionId,
        amount: 2000,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(AVAILABILITY_MESSAGES.refusedNotReady);
      await db().update(coaches).set({ stripePayoutsEnabled: true }).where(eq(coaches.id, coachId));
      const paid = await call('POST', '/api/payments/checkout', player, {
        questionId,
        amount: 2000,
      });
      expect(paid.statusCode).toBe(200);
      // Out of the way of the cap below.
      await call('POST', `/api/questions/${questionId}/decline`, coach, { note: 'Not my area.' });
    });

    it('lists a connected Coach by default as taking questions', async () => {
      await dropCaches();
      expect((await page()).availability.state).toBe('open');
      const listed = (await directory()).coaches.find((c) => c.id === coachId);
      expect(listed?.availability.state).toBe('open');
    });
  });

  describe('pause', () => {
    it('pauses with a return date and a note: shown, and asking refused with 409', async () => {
      const returnOn = dayFromToday(10);
      const res = await setAvailability({
        paused: true,
        returnOn,
        note: 'Away at a tournament',
        openQuestionCap: null,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ paused: true, returnOn, note: 'Away at a tournament' });
      expect((await page()).availability).toEqual({
        state: 'paused',
        returnOn,
        note: 'Away at a tournament',
      });
      expect((await directory()).coaches.map((c) => c.id)).not.toContain(coachId);
      const ask = await askNow(player);
      expect(ask.statusCode).toBe(409);
      expect(ask.json().message).toBe(AVAILABILITY_MESSAGES.refusedPaused);
    });

    it('lifts itself on the return date', async () => {
      await db().update(coaches).set({ pauseReturnOn: todayUtc() }).where(eq(coaches.id, coachId));
      await dropCaches();
      expect((await page()).availability.state).toBe('open');
      expect((await directory()).coaches.map((c) => c.id)).toContain(coachId);
    });

    it('refuses a return date that is not after today, and a note with markup', async () => {
      const past = await setAvailability({
        paused: true,
        returnOn: todayUtc(),
        note: null,
        openQuestionCap: null,
      });
      expect(past.statusCode).toBe(400);
      expect(past.body).toContain(AVAILABILITY_MESSAGES.returnDateInvalid);
      const script = await setAvailability({
        paused: true,
        returnOn: null,
        note: '<script>alert(1)</script>',
        openQuestionCap: null,
      });
      expect(script.statusCode).toBe(400);
    });

    it('is only the Coach’s: a Player gets 403, a visitor 401', async () => {
      const body = { paused: false, returnOn: null, note: null, openQuestionCap: null };
      expect((await setAvailability(body, player)).statusCode).toBe(403);
      expect(
        (await call('PUT', '/api/profiles/expert/availability', undefined, body)).statusCode,
      ).toBe(401);
    });
  });

  describe('cap on open questions', () => {
    it('admits exactly one of two Players asking for the last slot at once; the other is told "Fully booked"', async () => {
      const saved = await setAvailability({
        paused: false,
        returnOn: null,
        note: null,
        openQuestionCap: 1,
      });
      expect(saved.statusCode).toBe(200);
      // Both at the same instant: the Coach's row lock admits exactly one (on PostgreSQL a real race).
      const both = await Promise.all([askNow(otherPlayer), askNow(player)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const refused = both.find((r) => r.statusCode === 409)!;
      expect(refused.json().message).toBe(AVAILABILITY_MESSAGES.fullyBooked);
      const open = await db().select().from(questions).where(eq(questions.coachId, coachId));
      expect(open.filter((q) => q.status === 'pending')).toHaveLength(1);
      expect((await page()).availability.state).toBe('full');
    });

    it('lets the admitted question be paid, and refuses checkout past a cap lowered since', async () => {
      const [admitted] = await db()
        .select()
        .from(questions)
        .where(eq(questions.coachId, coachId))
        .orderBy(questions.createdAt);
      const pending = (
        await db().select().from(questions).where(eq(questions.coachId, coachId))
      ).find((q) => q.status === 'pending')!;
      expect(admitted).toBeDefined();
      // A second open question, asked while the cap was higher.
      await setAvailability({ paused: false, returnOn: null, note: null, openQuestionCap: 2 });
      const second = await askNow(player);
      expect(second.statusCode).toBe(201);
      await setAvailability({ paused: false, returnOn: null, note: null, openQuestionCap: 1 });
      const owner = pending.playerId === player.userId ? player : otherPlayer;
      const paidWithin = await call('POST', '/api/payments/checkout', owner, {
        questionId: pending.id,
        amount: 2000,
      });
      expect(paidWithin.statusCode).toBe(200);
      const past = await call('POST', '/api/payments/checkout', player, {
        questionId: second.json().id,
        amount: 2000,
      });
      expect(past.statusCode).toBe(409);
      expect(past.json().message).toBe(AVAILABILITY_MESSAGES.fullyBooked);
    });

    it('refuses a cap outside 1 to 100', async () => {
      for (const openQuestionCap of [0, 101, 2.5, 'ten']) {
        const res = await setAvailability({
          paused: false,
          returnOn: null,
          note: null,
          openQuestionCap,
        });
        expect(res.statusCode).toBe(400);
      }
    });
  });
});
