import { and, count, eq, like, or, sql } from 'drizzle-orm';
import type { Role } from '../../../../contracts/account';
import { coachSlugBase } from '../../../../contracts/coach-slug';
import type { CoachProfileInput, PlayerProfileInput } from '../../../../contracts/profiles';
import type { ConnectedAccountStatus } from '../../../adapters/payments/types';
import type { Executor } from '../../../db/client';
import { transaction, type Changes, type UnitOfWorkDeps } from '../../../db/unit-of-work';
import {
  coachSlugs,
  coaches,
  questions,
  userProfileCompletion,
  userRoles,
  users,
} from '../../../db/schema';
import { availabilityColumns, coachCardColumns, listedCoach } from '../../coaches';

const linkColumns = {
  websiteUrl: coaches.websiteUrl,
  linkedinUrl: coaches.linkedinUrl,
  twitterUrl: coaches.twitterUrl,
  instagramUrl: coaches.instagramUrl,
};

export async function findCoachByUser(db: Executor, userId: string) {
  const [row] = await db.select().from(coaches).where(eq(coaches.userId, userId));
  return row ?? null;
}

/**
 * The slug for `name`: its base, or the base with the first free number from 2 (ADR 025). A slug
 * the Coach had before is theirs again; one that any other Coach has or had is never given out,
 * so old links keep finding the Coach they were shared for. The caller holds the base's lock.
 */
async function freeSlug(db: Executor, base: string, coachId: string | null): Promise<string> {
  const rows = await db
    .select({ slug: coachSlugs.slug, coachId: coachSlugs.coachId })
    .from(coachSlugs)
    .where(or(eq(coachSlugs.slug, base), like(coachSlugs.slug, `${base}-%`)));
  const owners = new Map(rows.map((row) => [row.slug, row.coachId]));
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const owner = owners.get(candidate);
    if (owner === undefined || owner === coachId) return candidate;
  }
}

/**
 * Creates or updates the Coach's row and mirrors the profile onto their Coach role row. A new
 * Coach, or one whose name changed, gets a slug from the name; the old one keeps pointing at them.
 */
export async function upsertCoachProfile(
  db: Executor,
  changes: Changes,
  user: { id: string; email: string },
  input: CoachProfileInput,
) {
  const values = {
    name: input.name,
    expertise: input.expertise,
    bio: input.bio,
    pricePerQuestion: input.price * 100,
    websiteUrl: input.websiteUrl,
    linkedinUrl: input.linkedinUrl,
    twitterUrl: input.twitterUrl,
    instagramUrl: input.instagramUrl,
    // A new promise applies to questions asked from now on: each question keeps its own (ADR 060).
    ...(input.responseHours === undefined ? {} : { responseHours: input.responseHours }),
  };
  const current = await findCoachByUser(db, user.id);
  let slug = current?.slug;
  if (!current || current.name !== input.name) {
    const base = coachSlugBase(input.name);
    // Two Coaches of one name saving at once would otherwise pick the same number.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`expert-slug:${base}`}))`);
    slug = await freeSlug(db, base, current?.id ?? null);
  }
  // A photo uploaded before the Coach row existed lives on the role row; carry it over.
  const role = await findRoleProfile(db, user.id, 'expert');
  const [coach] = await db
    .insert(coaches)
    .values({
      userId: user.id,
      email: user.email,
      photoUrl: role?.photoUrl ?? null,
      slug: slug!,
      ...values,
    })
    .onConflictDoUpdate({ target: coaches.userId, set: { ...values, slug: slug! } })
    .returning();
  if (!coach) throw new Error('upsert returned no row');
  if (slug !== current?.slug) {
    await db
      .insert(coachSlugs)
      .values({ slug: coach.slug, coachId: coach.id })
      .onConflictDoNothing();
  }
  const now = new Date();
  await db
    .update(userRoles)
    .set({
      name: input.name,
      bio: input.bio,
      websiteUrl: input.websiteUrl,
      linkedinUrl: input.linkedinUrl,
      twitterUrl: input.twitterUrl,
      instagramUrl: input.instagramUrl,
      acceptedTermsAt: now,
      acceptedPrivacyAt: now,
      acceptedRevenueSplitAt: now,
      updatedAt: now,
    })
    .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, 'expert')));
  changes.raise('coaches.changed', { userId: user.id });
  return coach;
}

export async function findRoleProfile(db: Executor, userId: string, role: Role) {
  const [row] = await db
    .select()
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
  return row ?? null;
}

export async function updatePlayerProfile(db: Executor, userId: string, input: PlayerProfileInput) {
  await db
    .update(userRoles)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'asker')));
}

/**
 * One photo per user (spec §7: {userId}/profile.ext), so every profile of the user shows it; its
 * own unit of work, since it follows a file upload rather than another write.
 */
export async function setPhotoUrl(deps: UnitOfWorkDeps, userId: string, photoUrl: string | null) {
  await transaction(deps, async (tx, changes) => {
    await tx
      .update(userRoles)
      .set({ photoUrl, updatedAt: new Date() })
      .where(eq(userRoles.userId, userId));
    await tx.update(coaches).set({ photoUrl }).where(eq(coaches.userId, userId));
    changes.raise('coaches.changed', { userId });
  });
}

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
  ...coachFigureColumns,
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

/** Spec §9: stars from published reviews rounded to 1-5; helpful percent rounded. */
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
    reviewCount: coach.reviewCount,
    helpfulPercent:
      coach.ratingCount > 0 ? Math.round((coach.helpfulCount / coach.ratingCount) * 100) : null,
    answeredCount: coach.answeredCount,
    responseHours: coach.responseHours,
    // Kept null below RESPONSE_MEDIAN_MIN_ANSWERS by the trigger that maintains it (ADR 060).
    medianResponseMinutes: coach.medianResponseMinutes,
  };
}

export async function findPublicPlayer(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${userRoles.name}, ${users.name})`,
      bio: userRoles.bio,
      photoUrl: userRoles.photoUrl,
      createdAt: users.createdAt,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'asker')));
  if (!row) return null;
  const [asked] = await db
    .select({ total: count() })
    .from(questions)
    .where(eq(questions.playerId, userId));
  return { ...row, questionsAsked: asked?.total ?? 0 };
}

/** Which of the user's profiles are filled in (the account's completion flags). */
export async function profileCompletion(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(userProfileCompletion)
    .where(eq(userProfileCompletion.userId, userId));
  return {
    asker: row?.playerProfileCompleted ?? false,
    expert: row?.coachProfileCompleted ?? false,
  };
}

export async function markProfileCompleted(db: Executor, userId: string, role: Role) {
  const set = role === 'asker' ? { playerProfileCompleted: true } : { coachProfileCompleted: true };
  await db
    .insert(userProfileCompletion)
    .values({ userId, ...set })
    .onConflictDoUpdate({
      target: userProfileCompletion.userId,
      set: { ...set, updatedAt: new Date() },
    });
}

/** The user's Coach row, locked for the transaction (account deletion). */
export async function lockCoachOf(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ id: coaches.id })
    .from(coaches)
    .where(eq(coaches.userId, userId))
    .for('update');
  return row ?? null;
}

/**
 * A deleted account's Coach row: kept for the questions and payouts, with nothing personal left and
 * no public page. Old links to the page stop resolving, and the name is no longer kept in them.
 */
export async function anonymiseCoach(
  tx: Executor,
  changes: Changes,
  coachId: string,
  userId: string,
  anonymous: { name: string; email: string },
  now: Date,
) {
  await tx
    .update(coaches)
    .set({
      ...anonymous,
      bio: null,
      photoUrl: null,
      websiteUrl: null,
      linkedinUrl: null,
      twitterUrl: null,
      instagramUrl: null,
      slug: `deleted-${coachId}`,
      deletedAt: now,
    })
    .where(eq(coaches.id, coachId));
  await tx.delete(coachSlugs).where(eq(coachSlugs.coachId, coachId));
  changes.raise('coaches.changed', { userId });
}

/** The Coach's payments account at the provider (the payments module opens it). */
export async function setConnectedAccount(db: Executor, coachId: string, accountId: string) {
  await db.update(coaches).set({ stripeAccountId: accountId }).where(eq(coaches.id, coachId));
}

/** Mirrors the provider's view of a connected account into the Coach's row. */
export async function mirrorAccountStatus(
  db: Executor,
  where: { coachId: string } | { accountId: string },
  status: ConnectedAccountStatus,
) {
  await db
    .update(coaches)
    .set({
      stripeOnboardingComplete: status.onboardingComplete,
      stripeChargesEnabled: status.chargesEnabled,
      stripePayoutsEnabled: status.payoutsEnabled,
    })
    .where(
      'coachId' in where
        ? eq(coaches.id, where.coachId)
        : eq(coaches.stripeAccountId, where.accountId),
    );
}

export * from './roles';
