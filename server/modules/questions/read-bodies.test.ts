import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { partialRefundSplit } from '../../../contracts/disputes';
import { QUESTION_PAGE_SIZE } from '../../../contracts/limits';
import {
  coachInboxSchema,
  playerQuestionsSchema,
  questionDetailSchema,
} from '../../../contracts/questions';
import { questionMessages } from '../../db/schema';
import { signedInUser, type TestUser } from '../../test/accounts';
import { insertQuestion } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

/**
 * The signed-in reads send JSON text PostgreSQL wrote (ADR 072), so no response schema checks
 * them on the way out: each body is held to its contract here, on both databases. A body passes
 * when the contract's schema takes it and writing back what the schema kept gives the same JSON:
 * the same keys in the contract's order, nothing more, every value of its type.
 */

/** Text that JSON must escape, and characters beyond ASCII. */
const AWKWARD = 'A "quoted" word, a back\\slash,\na new line, a\ttab, \u0001, é, ✓ and 🏀';
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 2, 1, 9, 30, 15, 123);

describe(`signed-in read bodies against their contracts (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: TestUser;
  let player: TestUser;
  let answeredId: string;
  let coachId: string;

  beforeAll(async () => {
    t = await createTestApp();
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach "Kim"' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: coach.cookie },
      payload: { name: 'Coach Kim', expertise: 'Rowing', price: 30, acceptedAgreement: true },
    });
    coachId = saved.json().id;
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
    const db = t.ctx.database.db;
    // More than a page, so the first page has a next cursor.
    for (let i = 0; i < QUESTION_PAGE_SIZE + 2; i++) {
      await insertQuestion(db, {
        coachId,
        playerId: player.userId,
        question: `${AWKWARD} (${i})`,
        context: i % 2 ? AWKWARD : null,
        paymentStatus: 'paid',
        createdAt: new Date(BASE + i * DAY),
        answerBy: new Date(BASE + (i + 7) * DAY),
      });
    }
    const answered = await insertQuestion(db, {
      coachId,
      playerId: player.userId,
      question: AWKWARD,
      status: 'answered',
      answer: AWKWARD,
      answeredAt: new Date(BASE + 40 * DAY + 7),
      paymentStatus: 'paid',
      createdAt: new Date(BASE + 39 * DAY),
      messageCount: 2,
      lastMessageKind: 'clarification_reply',
    });
    answeredId = answered.id;
    await db.insert(questionMessages).values([
      {
        questionId: answered.id,
        authorId: coach.userId,
        kind: 'clarification_request',
        body: AWKWARD,
        createdAt: new Date(BASE + 39 * DAY + 1000),
      },
      {
        questionId: answered.id,
        authorId: player.userId,
        kind: 'clarification_reply',
        body: AWKWARD,
        createdAt: new Date(BASE + 39 * DAY + 2000),
      },
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, who: TestUser) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

  /** The body, after checking it is exactly what its contract's schema would send. */
  async function contractBody<S extends z.ZodType>(url: string, who: TestUser, schema: S) {
    const res = await get(url, who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const sent: unknown = JSON.parse(res.body);
    expect(JSON.stringify(schema.parse(sent))).toBe(JSON.stringify(sent));
    return schema.parse(sent) as z.infer<S>;
  }
  const isoAt = (ms: number) => new Date(ms).toISOString();

  it('sends every inbox filter and sort, and its next page, in the contract', async () => {
    for (const query of [
      '',
      '?filter=unanswered',
      '?filter=answered',
      '?filter=unanswered&sort=deadline',
    ]) {
      await contractBody(`/api/questions/coach-inbox${query}`, coach, coachInboxSchema);
    }
    const first = await contractBody('/api/questions/coach-inbox', coach, coachInboxSchema);
    expect(first.questions).toHaveLength(QUESTION_PAGE_SIZE);
    expect(first.questions[0]).toMatchObject({
      id: answeredId,
      question: AWKWARD,
      answer: AWKWARD,
      createdAt: isoAt(BASE + 39 * DAY),
      answeredAt: isoAt(BASE + 40 * DAY + 7),
      messageCount: 2,
      replyWaiting: false,
    });
    expect(first.nextCursor).not.toBeNull();
    const next = await contractBody(
      `/api/questions/coach-inbox?cursor=${first.nextCursor}`,
      coach,
      coachInboxSchema,
    );
    expect(next.questions.map((q) => q.question)).toEqual([
      `${AWKWARD} (2)`,
      `${AWKWARD} (1)`,
      `${AWKWARD} (0)`,
    ]);
    expect(next.nextCursor).toBeNull();
  });

  it('sends My Questions and its next page in the contract', async () => {
    const first = await contractBody('/api/questions/mine', player, playerQuestionsSchema);
    expect(first.questions).toHaveLength(QUESTION_PAGE_SIZE);
    expect(first.questions[0]).toMatchObject({ id: answeredId, answer: AWKWARD, messageCount: 2 });
    const next = await contractBody(
      `/api/questions/mine?cursor=${first.nextCursor}`,
      player,
      playerQuestionsSchema,
    );
    expect(next.questions).toHaveLength(3);
    expect(next.nextCursor).toBeNull();
  });

  it('sends the question page, its thread and its messages, in the contract to both sides', async () => {
    for (const who of [player, coach]) {
      const page = await contractBody(`/api/questions/${answeredId}`, who, questionDetailSchema);
      expect(page.thread).toHaveLength(QUESTION_PAGE_SIZE + 3);
      expect(page.thread[0]).toMatchObject({ question: `${AWKWARD} (0)`, createdAt: isoAt(BASE) });
      expect(page.messages).toEqual([
        expect.objectContaining({ authorRole: 'expert', authorName: 'Coach Kim', body: AWKWARD }),
        expect.objectContaining({
          authorRole: 'asker',
          body: AWKWARD,
          createdAt: isoAt(BASE + 39 * DAY + 2000),
        }),
      ]);
    }
  });

  it('sends a dispute, with and without a partial refund, in the contract to both sides', async () => {
    const db = t.ctx.database.db;
    const disputedAt = BASE + 50 * DAY + 3;
    const disputed = (partialRefundAmount: number | null) =>
      insertQuestion(db, {
        coachId,
        playerId: player.userId,
        question: AWKWARD,
        status: 'answered',
        answer: AWKWARD,
        answeredAt: new Date(BASE + 49 * DAY),
        paymentStatus: 'paid',
        amount: 5000,
        createdAt: new Date(BASE + 48 * DAY),
        disputeFlagged: true,
        disputeReason: 'incomplete',
        disputeDetails: AWKWARD,
        disputedAt: new Date(disputedAt),
        disputeStatement: AWKWARD,
        disputeStatementAt: new Date(disputedAt + DAY),
        disputeNote: AWKWARD,
        ...(partialRefundAmount === null
          ? {}
          : {
              disputeResolution: 'partially_refunded' as const,
              disputeResolvedAt: new Date(disputedAt + 2 * DAY),
              partialRefundAmount,
            }),
      });
    const plain = await disputed(null);
    const partial = await disputed(1500);
    const { refundCents, keptCents, coachCents } = partialRefundSplit(5000, 1500);
    for (const who of [player, coach]) {
      const open = await contractBody(`/api/questions/${plain.id}`, who, questionDetailSchema);
      expect(open.dispute).toEqual({
        reason: 'incomplete',
        details: AWKWARD,
        at: isoAt(disputedAt),
        resolution: null,
        resolvedAt: null,
        statement: AWKWARD,
        statementAt: isoAt(disputedAt + DAY),
        note: AWKWARD,
        partialRefund: null,
      });
      const settled = await contractBody(`/api/questions/${partial.id}`, who, questionDetailSchema);
      expect(settled.dispute).toMatchObject({
        resolution: 'partially_refunded',
        resolvedAt: isoAt(disputedAt + 2 * DAY),
        note: AWKWARD,
        partialRefund: {
          refunded: refundCents,
          kept: keptCents,
          coachShare: coachCents,
          done: false,
        },
      });
      expect(settled.viewerRole).toBe(who === player ? 'asker' : 'expert');
    }
  });

  it('sends an empty thread for a Player’s only question with a Coach', async () => {
    const other = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Lee' });
    const created = await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: other.cookie },
      payload: { name: 'Coach Lee', expertise: 'Golf', price: 30, acceptedAgreement: true },
    });
    const only = await insertQuestion(t.ctx.database.db, {
      coachId: created.json().id,
      playerId: player.userId,
    });
    const page = await contractBody(`/api/questions/${only.id}`, player, questionDetailSchema);
    expect(page.thread).toEqual([]);
    expect(page.messages).toEqual([]);
  });
});
