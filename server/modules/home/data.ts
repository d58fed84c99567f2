import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { CoachCard } from '../../../contracts/experts';
import type { Executor } from '../../db/client';
import { experts, payouts, questions } from '../../db/schema';
import { coachCardColumns } from '../experts';

/** A payout counts as earned once paid (spec §4). */
export async function earnedCents(db: Executor, expertId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payouts.amount}), 0)::int` })
    .from(payouts)
    .where(and(eq(payouts.expertId, expertId), eq(payouts.status, 'paid')));
  return row?.total ?? 0;
}

/** The Coaches a Player has asked, most recently asked first (served by questions_asker_idx). */
export async function coachesAskedBy(
  db: Executor,
  askerId: string,
  limit = 12,
): Promise<CoachCard[]> {
  const lastAsked = max(questions.createdAt);
  return db
    .select(coachCardColumns)
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .where(eq(questions.askerId, askerId))
    .groupBy(experts.id)
    .orderBy(desc(lastAsked))
    .limit(limit);
}
