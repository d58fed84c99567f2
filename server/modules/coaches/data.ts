import { and, asc, count, desc, isNull } from 'drizzle-orm';
import type { CoachCard } from '../../../contracts/coaches';
import type { Executor } from '../../db/client';
import { coaches } from '../../db/schema';

/** The public columns of a Coach card, for every list of Coaches. */
export const coachCardColumns = {
  id: coaches.id,
  slug: coaches.slug,
  name: coaches.name,
  expertise: coaches.expertise,
  bio: coaches.bio,
  photoUrl: coaches.photoUrl,
  pricePerQuestion: coaches.pricePerQuestion,
};

/**
 * Coaches whose account still exists and is not suspended (ADR 061): every public list and page
 * shows only these, so a suspended Coach's page is a 404 like a deleted Coach's.
 */
export const listedCoach = and(isNull(coaches.deletedAt), isNull(coaches.suspendedAt))!;

/** Served by experts_newest_idx. */
export function newestCoaches(db: Executor, limit: number): Promise<CoachCard[]> {
  return db
    .select(coachCardColumns)
    .from(coaches)
    .where(listedCoach)
    .orderBy(desc(coaches.createdAt), desc(coaches.id))
    .limit(limit);
}

export async function countCoaches(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(coaches).where(listedCoach);
  return row?.total ?? 0;
}

/** Every listed Coach's current slug, oldest Coach first (the sitemap). */
export function listedCoachSlugs(db: Executor) {
  return db
    .select({ slug: coaches.slug })
    .from(coaches)
    .where(listedCoach)
    .orderBy(asc(coaches.createdAt), asc(coaches.id));
}
