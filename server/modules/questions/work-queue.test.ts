import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_REASONS } from '../../../contracts/question-states';
import type { MessageKind } from '../../../contracts/question-thread';
import type { CoachInbox, PlayerQuestions } from '../../../contracts/questions';
import { questions } from '../../db/schema';
import { askCoach, requestsTo, signedInUser, type TestUser } from '../../test/accounts';
import { coachProfile } from '../../test/asked-question';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

/**
 * Issue 36, "The work queue": the Coach's inbox lists everything that needs her, soonest deadline
 * first, each question saying what is needed and by when, and the header's badge counts exactly
 * that list; the same rule decides the Player's side.
 */
describe(`the work queue (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: TestUser;
  let player: TestUser;
  let coachId: string;
  const call = requestsTo(() => t.app);
  const db = () => t.ctx.database.db;
  let address = 0;
  const send = (user: TestUser, id: string, kind: MessageKind, body: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/questions/${id}/messages`,
      headers: { cookie: user.cookie },
      // Sending is rate-limited per address; this file sends more than one person would.
      remoteAddress: `10.36.${Math.floor(++address / 250)}.${address % 250}`,
      payload: { kind, body },
    });

  async function paidQuestion(text: string) {
    const id = await askCoach(call, player, coachId, { question: text });
    await db()
      .update(questions)
      .set({ paymentStatus: 'paid', paidAt: new Date() })
      .where(eq(questions.id, id));
    return id;
  }
  async function answered(text: string) {
    const id = await paidQuestion(text);
    const res = await call('POST', `/api/questions/${id}/answer`, coach, {
      answer: 'Keep your elbow under the ball.',
    });
    expect(res.statusCode).toBe(204);
    return id;
  }
  const queue = async () => {
    const res = await call('GET', '/api/questions/coach-inbox?filter=needs', coach);
    expect(res.statusCode).toBe(200);
    return res.json() as CoachInbox;
  };
  const badge = async (user: TestUser) =>
    (await call('GET', '/api/questions/unread-count', user)).json().count as number;
  const playerCards = async () =>
    ((await call('GET', '/api/questions/mine', player)).json() as PlayerQuestions).questions;

  type Case = 'waiting' | 'replied' | 'asked' | 'followUp' | 'disputed' | 'done' | 'unpaid';
  // Filled by beforeAll, before any test reads them.
  const ids = {} as Record<Case, string>;

  beforeAll(async () => {
    t = await createTestApp({ QUESTION_RATE_LIMIT_PER_MINUTE: '1000' });
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Quinn' });
    coachId = await coachProfile(t.app, coach, 'Coach Quinn');
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });

    ids.waiting = await paidQuestion('How do I stop fading away on my jump shot?');
    ids.replied = await paidQuestion('Which drills build a quicker release?');
    expect(
      (await send(coach, ids.replied, 'clarification_request', 'How tall are you?')).statusCode,
    ).toBe(201);
    expect(
      (await send(player, ids.replied, 'clarification_reply', 'Five foot ten.')).statusCode,
    ).toBe(201);
    ids.asked = await paidQuestion('Should I shoot more free throws a day?');
    expect(
      (await send(coach, ids.asked, 'clarification_request', 'How many now?')).statusCode,
    ).toBe(201);
    ids.followUp = await answered('How high should my arc be?');
    expect((await send(player, ids.followUp, 'follow_up', 'And from the corner?')).statusCode).toBe(
      201,
    );
    ids.disputed = await answered('What should I eat before a game?');
    const dispute = await call('POST', `/api/questions/${ids.disputed}/dispute`, player, {
      reason: DISPUTE_REASONS[0],
      details: 'It did not say what to eat.',
    });
    expect(dispute.statusCode).toBe(204);
    ids.done = await answered('How do I warm up my wrists?');
    // Asked but not paid: nothing is owed yet.
    ids.unpaid = await askCoach(call, player, coachId, { question: 'Is a heavier ball worth it?' });
  });
  afterAll(() => t.close());

  it('lists what needs the Coach, soonest deadline first, each with what is needed and by when', async () => {
    const inbox = await queue();
    const rows = new Map(inbox.questions.map((q) => [q.id, q]));
    // The statement first (owed now), the follow-up's 72 h, then the answers' deadlines.
    expect(inbox.questions.map((q) => q.id)).toEqual([
      ids.disputed,
      ids.followUp,
      ids.waiting,
      ids.replied,
      ids.asked,
    ]);
    expect(rows.get(ids.disputed)?.need).toEqual({ kind: 'statement', by: null });
    const followUpUntil = (await db().query.questions.findFirst({
      where: (q, { eq: is }) => is(q.id, ids.followUp),
    }))!.followUpUntil!;
    expect(rows.get(ids.followUp)?.need).toEqual({
      kind: 'follow_up',
      by: followUpUntil.toISOString(),
    });
    for (const [key, kind] of [
      ['waiting', 'answer'],
      ['replied', 'reply'],
      ['asked', 'answer'],
    ] as const) {
      const row = rows.get(ids[key])!;
      expect(row.need).toEqual({ kind, by: row.answerBy });
    }
    expect(inbox.needsCount).toBe(5);
    expect(await badge(coach)).toBe(5);
  });

  it('shows the same needs in every view, and none on a question that needs nothing', async () => {
    const all = (await call('GET', '/api/questions/coach-inbox', coach)).json() as CoachInbox;
    const need = (id: string) => all.questions.find((q) => q.id === id)?.need;
    expect(need(ids.followUp)).toMatchObject({ kind: 'follow_up' });
    expect(need(ids.done)).toBeNull();
    expect(need(ids.unpaid)).toBeNull();
    expect(all.needsCount).toBe(5);
  });

  it("decides the Player's side by the same rule: details asked of them, answers not read", async () => {
    const cards = new Map((await playerCards()).map((q) => [q.id, q]));
    expect(cards.get(ids.asked)?.need).toEqual({
      kind: 'details',
      by: cards.get(ids.asked)?.answerBy,
    });
    expect(cards.get(ids.done)?.need).toMatchObject({ kind: 'answer' });
    expect(cards.get(ids.done)?.need?.by).toEqual(cards.get(ids.done)?.disputeUntil);
    expect(cards.get(ids.waiting!)?.need).toBeNull();
    const owed = [...cards.values()].filter((q) => q.need !== null).length;
    expect(await badge(player)).toBe(owed);

    // Read: the answer no longer needs them; replied: neither do the details.
    await call('POST', `/api/questions/${ids.done}/viewed`, player);
    expect((await playerCards()).find((q) => q.id === ids.done)?.need).toBeNull();
    expect((await send(player, ids.asked, 'clarification_reply', 'Fifty.')).statusCode).toBe(201);
    expect((await playerCards()).find((q) => q.id === ids.asked)?.need).toBeNull();
    expect(await badge(player)).toBe(owed - 2);
  });

  it('drops each question from the queue and the badge once its need is met', async () => {
    expect(
      (await send(coach, ids.followUp, 'follow_up_answer', 'Aim a little higher.')).statusCode,
    ).toBe(201);
    const statement = await call('PUT', `/api/questions/${ids.disputed}/dispute/statement`, coach, {
      statement: 'The answer covered the meal two hours before.',
    });
    expect(statement.statusCode).toBe(204);
    expect(
      (
        await call('POST', `/api/questions/${ids.waiting}/answer`, coach, {
          answer: 'Land where you took off.',
        })
      ).statusCode,
    ).toBe(204);
    // The Player's reply to "How many now?" made it a reply waiting.
    const inbox = await queue();
    expect(inbox.questions.map((q) => [q.id, q.need?.kind])).toEqual([
      [ids.replied, 'reply'],
      [ids.asked, 'reply'],
    ]);
    expect(inbox.needsCount).toBe(2);
    expect(await badge(coach)).toBe(2);
  });

  it('leaves out a follow-up whose window has closed: it can no longer be answered', async () => {
    const id = await answered('How long should I rest between sets?');
    expect((await send(player, id, 'follow_up', 'And on game days?')).statusCode).toBe(201);
    expect((await queue()).questions.map((q) => q.id)).toContain(id);
    await db()
      .update(questions)
      .set({ followUpUntil: new Date(Date.now() - 60_000) })
      .where(eq(questions.id, id));
    expect((await queue()).questions.map((q) => q.id)).not.toContain(id);
  });
});
