import { asc, count, desc, isNull } from 'drizzle-orm';
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

/** Coaches whose account still exists: every public list shows only these. */
export const listedCoach = isNull(experts.deletedAt);

/** Served by experts_newest_idx. */
export function newestCoaches(db: Executor, limit: number): Promise<CoachCard[]> {
  return db
    .select(coachCardColumns)
    .from(experts)
    .where(listedCoach)
    .orderBy(desc(experts.createdAt), desc(experts.id))
    .limit(limit);
}

export async function countCoaches(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(experts).where(listedCoach);
  return row?.total ?? 0;
}

/** Every listed Coach's current slug, oldest Coach first (the sitemap). */
export function listedCoachSlugs(db: Executor) {
  return db
    .select({ slug: experts.slug })
    .from(experts)
    .where(listedCoach)
    .orderBy(asc(experts.createdAt), asc(experts.id));
}
