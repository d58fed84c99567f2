import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCoach, insertUser } from '../test/factories';
import { openTestDatabase, testDatabaseKind } from '../test/harness';
import type { DatabaseHandle } from './client';
import { payouts, questions, ratings, reviews, userRoles } from './schema';

/** The rules live in the database too: a bug in a service cannot write an impossible row. */
describe(`schema constraints (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  const db = () => handle.db;

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  async function question(overrides: Partial<typeof questions.$inferInsert> = {}) {
    const coach = await insertCoach(db());
    const player = await insertUser(db());
    const [row] = await db()
      .insert(questions)
      .values({
        coachId: coach.id,
        playerId: player.id,
        playerName: 'Sam',
        playerEmail: player.email,
        question: 'How do I improve my jump shot?',
        amount: 5000,
        ...overrides,
      })
      .returning();
    if (!row) throw new Error('no question');
    return { row, coach, player };
  }

  it('keeps one row per user and role, and one active role per user', async () => {
    const user = await insertUser(db());
    await db().insert(userRoles).values({ userId: user.id, role: 'asker', activeRole: true });
    await expect(
      db().insert(userRoles).values({ userId: user.id, role: 'asker' }),
    ).rejects.toThrow();
    await expect(
      db().insert(userRoles).values({ userId: user.id, role: 'expert', activeRole: true }),
    ).rejects.toThrow();
    await db().insert(userRoles).values({ userId: user.id, role: 'expert', activeRole: false });
  });

  it('refuses a Coach price under one dollar', async () => {
    await expect(insertCoach(db(), { pricePerQuestion: 99 })).rejects.toThrow();
  });

  it('refuses unknown statuses and non-positive amounts', async () => {
    await expect(question({ amount: 0 })).rejects.toThrow();
    await expect(
      db().execute(sql`update questions set status = 'lost' where false`),
    ).rejects.toThrow();
  });

  it('refuses an answered question without its answer and answered_at', async () => {
    await expect(question({ status: 'answered' })).rejects.toThrow();
    const { row } = await question({
      status: 'answered',
      answer: 'Bend your knees.',
      answeredAt: new Date(),
    });
    expect(row.status).toBe('answered');
  });

  it('allows one payout per question and requires paid_at on a paid payout', async () => {
    const { row, coach } = await question();
    await db().insert(payouts).values({ questionId: row.id, coachId: coach.id, amount: 3500 });
    await expect(
      db().insert(payouts).values({ questionId: row.id, coachId: coach.id, amount: 3500 }),
    ).rejects.toThrow();
    const other = await question();
    await expect(
      db().insert(payouts).values({
        questionId: other.row.id,
        coachId: other.coach.id,
        amount: 3500,
        status: 'paid',
      }),
    ).rejects.toThrow();
  });

  it('allows one helpful rating per question and user', async () => {
    const { row, player, coach } = await question();
    const rating = { questionId: row.id, coachId: coach.id, userId: player.id };
    await db()
      .insert(ratings)
      .values({ ...rating, isHelpful: true });
    await expect(
      db()
        .insert(ratings)
        .values({ ...rating, isHelpful: false }),
    ).rejects.toThrow();
  });

  it('keeps star ratings between 1 and 5', async () => {
    const { row, coach, player } = await question();
    await expect(
      db()
        .insert(reviews)
        .values({ coachId: coach.id, questionId: row.id, reviewerId: player.id, rating: 6 }),
    ).rejects.toThrow();
  });

  it('refuses a question for a Coach that does not exist', async () => {
    const player = await insertUser(db());
    await expect(
      db().insert(questions).values({
        coachId: randomUUID(),
        playerId: player.id,
        playerName: 'Sam',
        playerEmail: player.email,
        question: 'Anyone there?',
        amount: 100,
      }),
    ).rejects.toThrow();
  });
});
