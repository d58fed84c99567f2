import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { coachSlugBase } from '../../contracts/coach-slug';
import {
  adminAttemptLimits,
  checkoutSessions,
  coachSlugs,
  coaches,
  questions,
  users,
} from '../db/schema';

/** Inserts a verified user directly, as the tests' starting point. */
export async function insertUser(db: Executor, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = overrides.id ?? randomUUID();
  const [user] = await db
    .insert(users)
    .values({
      id,
      name: 'Test User',
      email: `${id}@example.test`,
      emailVerified: true,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

export async function insertCoach(
  db: Executor,
  overrides: Partial<typeof coaches.$inferInsert> = {},
) {
  const user = await insertUser(db, { name: overrides.name ?? 'Coach Carter' });
  const [coach] = await db
    .insert(coaches)
    .values({
      userId: user.id,
      email: user.email,
      name: user.name,
      expertise: 'Basketball',
      pricePerQuestion: 5000,
      slug: `${coachSlugBase(user.name)}-${user.id.slice(0, 8).toLowerCase()}`,
      // Payouts set up, so the Coach can be asked and is listed by default (ADR 061).
      stripeAccountId: `acct_test_${user.id}`,
      stripeOnboardingComplete: true,
      stripeChargesEnabled: true,
      stripePayoutsEnabled: true,
      ...overrides,
    })
    .returning();
  if (!coach) throw new Error('no coach');
  await db.insert(coachSlugs).values({ slug: coach.slug, coachId: coach.id });
  return coach;
}

/** A question inserted directly, for tests of what reads questions. */
export async function insertQuestion(
  db: Executor,
  values: { coachId: string; playerId: string } & Partial<typeof questions.$inferInsert>,
) {
  const [row] = await db
    .insert(questions)
    .values({
      playerName: 'Sam Asker',
      playerEmail: 'sam@example.test',
      question: 'How do I improve my first touch under pressure?',
      amount: 5000,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no question');
  return row;
}

/** Every administrator attempt counter as it would be `minutes` from now (ADR 038). */
export async function adminAttemptsAge(db: Executor, minutes: number) {
  const earlier = sql.raw(`interval '${Math.trunc(minutes)} minutes'`);
  await db.update(adminAttemptLimits).set({
    windowStartedAt: sql`${adminAttemptLimits.windowStartedAt} - ${earlier}`,
    lockedUntil: sql`${adminAttemptLimits.lockedUntil} - ${earlier}`,
  });
}

/** A question's row as stored. */
export const questionRow = async (db: Executor, id: string) =>
  (await db.select().from(questions).where(eq(questions.id, id)))[0]!;

/** A question's checkout sessions as if started `minutes` earlier (their hold, ADR 082). */
export async function checkoutsStartedEarlier(db: Executor, questionId: string, minutes: number) {
  await db
    .update(checkoutSessions)
    .set({ createdAt: sql`${checkoutSessions.createdAt} - make_interval(mins => ${minutes}::int)` })
    .where(eq(checkoutSessions.questionId, questionId));
}
