import { count, desc } from 'drizzle-orm';
import type { CoachCard } from '../../../contracts/experts';
import type { Executor } from '../../db/client';
import { experts } from '../../db/schema';

/** The public columns of a Coach card, for every list of Coaches. */
export const coachCardColumns = {
  id: experts.id,
  slug: experts.slug,
  name: experts.name,
  expertise: experts.expertise,
  bio: experts.bio,
  photoUrl: experts.photoUrl,
  pricePerQuestion: experts.pricePerQuestion,
};

/** Served by experts_newest_idx. */
export function newestCoaches(db: Executor, limit: number): Promise<CoachCard[]> {
  return db
    .select(coachCardColumns)
    .from(experts)
    .orderBy(desc(experts.createdAt), desc(experts.id))
    .limit(limit);
}

export async function countCoaches(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(experts);
  return row?.total ?? 0;
}
