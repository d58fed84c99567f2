import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { CoachCard } from '../../../contracts/coaches';
import type { Executor } from '../../db/client';
import { coaches, payouts, questions } from '../../db/schema';
import { coachCardColumns } from '../coaches';

/** A payout counts as earned once paid (spec §4). */
export async function earnedCents(db: Executor, coachId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payouts.amount}), 0)::int` })
    .from(payouts)
    .where(and(eq(payouts.coachId, coachId), eq(payouts.status, 'paid')));
  return row?.total ?? 0;
}

/** The Coaches a Player has asked, most recently asked first (served by questions_asker_idx). */
export async function coachesAskedBy(
  db: Executor,
  playerId: string,
  limit = 12,
): Promise<CoachCard[]> {
  const lastAsked = max(questions.createdAt);
  return db
    .select(coachCardColumns)
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(eq(questions.playerId, playerId))
    .groupBy(coaches.id)
    .orderBy(desc(lastAsked))
    .limit(limit);
}
