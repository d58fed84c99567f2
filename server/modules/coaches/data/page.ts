import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { coachSlugs, coaches } from '../../../db/schema';
import { availabilityColumns } from './availability';
import { coachCardColumns, listedCoach } from '../data';

/** The Coach's public page: the card, the figures the triggers keep, the links, availability. */

const linkColumns = {
  websiteUrl: coaches.websiteUrl,
  linkedinUrl: coaches.linkedinUrl,
  twitterUrl: coaches.twitterUrl,
  instagramUrl: coaches.instagramUrl,
};

/** The columns `coachFigures` reads: kept by triggers on questions, reviews and ratings. */
export const coachFigureColumns = {
  answeredCount: coaches.answeredCount,
  reviewCount: coaches.reviewCount,
  reviewSum: coaches.reviewSum,
  helpfulCount: coaches.helpfulCount,
  ratingCount: coaches.ratingCount,
  responseHours: coaches.responseHours,
  medianResponseMinutes: coaches.medianResponseMinutes,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const publicColumns = {
  ...coachCardColumns,
  userId: coaches.userId,
  figures: coachFigureColumns,
  ...linkColumns,
  availability: availabilityColumns,
};

/**
 * By id, or by any slug the Coach has had (case-insensitively, so the name links of spec §2 that
 * the migration recorded still work). Both by primary key.
 */
export async function findPublicCoach(db: Executor, idOrSlug: string) {
  if (UUID.test(idOrSlug)) {
    const [byId] = await db
      .select(publicColumns)
      .from(coaches)
      .where(and(eq(coaches.id, idOrSlug), listedCoach));
    if (byId) return byId;
  }
  const [bySlug] = await db
    .select(publicColumns)
    .from(coachSlugs)
    .innerJoin(coaches, eq(coaches.id, coachSlugs.coachId))
    .where(and(eq(coachSlugs.slug, idOrSlug.toLowerCase()), listedCoach));
  return bySlug ?? null;
}

/**
 * Spec §9: stars from published reviews rounded to 1-5, and the average to one decimal beside them
 * (issue 36); helpful percent rounded.
 */
export function coachFigures(coach: {
  answeredCount: number;
  reviewCount: number;
  reviewSum: number;
  helpfulCount: number;
  ratingCount: number;
  responseHours: number;
  medianResponseMinutes: number | null;
}) {
  return {
    starRating:
      coach.reviewCount === 0
        ? null
        : Math.min(5, Math.max(1, Math.round(coach.reviewSum / coach.reviewCount))),
    averageRating:
      coach.reviewCount === 0
        ? null
        : Math.min(5, Math.max(1, Math.round((coach.reviewSum / coach.reviewCount) * 10) / 10)),
    reviewCount: coach.reviewCount,
    helpfulPercent:
      coach.ratingCount > 0 ? Math.round((coach.helpfulCount / coach.ratingCount) * 100) : null,
    answeredCount: coach.answeredCount,
    responseHours: coach.responseHours,
    // Kept null below RESPONSE_MEDIAN_MIN_ANSWERS by the trigger that maintains it (ADR 060).
    medianResponseMinutes: coach.medianResponseMinutes,
  };
}
