import { and, asc, count, desc, isNull, sql } from 'drizzle-orm';
import type { CoachCard, HomeFigures } from '../../../contracts/coaches';
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

/**
 * The home page's figures over the listed Coaches: answers given, and the median of their
 * measured medians (ADR 060). One pass over the Coach rows, cached with the newest Coaches.
 */
export async function homeFigures(db: Executor): Promise<HomeFigures> {
  const [row] = await db
    .select({
      answeredQuestions: sql<number>`coalesce(sum(${coaches.answeredCount}), 0)::int`,
      typicalResponseMinutes: sql<
        number | null
      >`round(percentile_cont(0.5) within group (order by ${coaches.medianResponseMinutes}))::int`,
    })
    .from(coaches)
    .where(listedCoach);
  return {
    answeredQuestions: row?.answeredQuestions ?? 0,
    typicalResponseMinutes: row?.typicalResponseMinutes ?? null,
  };
}

/** Every listed Coach's current slug, oldest Coach first (the sitemap). */
export function listedCoachSlugs(db: Executor) {
  return db
    .select({ slug: coaches.slug })
    .from(coaches)
    .where(listedCoach)
    .orderBy(asc(coaches.createdAt), asc(coaches.id));
}

// The Coach row's transitions that other modules make in their own transactions, and the demo
// seed's.
export {
  anonymiseCoach,
  insertReadyCoach,
  lockCoachOf,
  setCoachPhoto,
  setCoachSuspended,
} from './data/profile';
export { mirrorAccountStatus, setConnectedAccount } from './data/payments-account';
