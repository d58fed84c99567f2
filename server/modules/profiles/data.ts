import { and, count, eq, sql } from 'drizzle-orm';
import type { Role } from '../../../contracts/account';
import type { CoachProfileInput, PlayerProfileInput } from '../../../contracts/profiles';
import type { Executor } from '../../db/client';
import { experts, questions, ratings, reviews, userRoles, users } from '../../db/schema';

const linkColumns = {
  websiteUrl: experts.websiteUrl,
  linkedinUrl: experts.linkedinUrl,
  twitterUrl: experts.twitterUrl,
  instagramUrl: experts.instagramUrl,
};

export async function findExpertByUser(db: Executor, userId: string) {
  const [row] = await db.select().from(experts).where(eq(experts.userId, userId));
  return row ?? null;
}

/** Creates or updates the Coach's row and mirrors the profile onto their expert role row. */
export async function upsertCoachProfile(
  db: Executor,
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
  };
  // A photo uploaded before the Coach row existed lives on the role row; carry it over.
  const role = await findRoleProfile(db, user.id, 'expert');
  const [expert] = await db
    .insert(experts)
    .values({ userId: user.id, email: user.email, photoUrl: role?.photoUrl ?? null, ...values })
    .onConflictDoUpdate({ target: experts.userId, set: values })
    .returning();
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
  if (!expert) throw new Error('upsert returned no row');
  return expert;
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

/** One photo per user (spec §7: {userId}/profile.ext), so every profile of the user shows it. */
export async function setPhotoUrl(db: Executor, userId: string, photoUrl: string | null) {
  await db
    .update(userRoles)
    .set({ photoUrl, updatedAt: new Date() })
    .where(eq(userRoles.userId, userId));
  await db.update(experts).set({ photoUrl }).where(eq(experts.userId, userId));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** By id, or by name with hyphens for spaces, case-insensitively (served by experts_lower_name_idx). */
export async function findPublicCoach(db: Executor, idOrSlug: string) {
  const columns = {
    id: experts.id,
    userId: experts.userId,
    name: experts.name,
    expertise: experts.expertise,
    bio: experts.bio,
    photoUrl: experts.photoUrl,
    pricePerQuestion: experts.pricePerQuestion,
    ...linkColumns,
  };
  if (UUID.test(idOrSlug)) {
    const [byId] = await db.select(columns).from(experts).where(eq(experts.id, idOrSlug));
    if (byId) return byId;
  }
  const name = idOrSlug.replace(/-/g, ' ').toLowerCase();
  const [byName] = await db
    .select(columns)
    .from(experts)
    .where(sql`lower(${experts.name}) = ${name}`)
    .limit(1);
  if (byName) return byName;
  // Names that contain hyphens themselves ("Mary-Jane Doe" → "Mary-Jane-Doe").
  const [byHyphenated] = await db
    .select(columns)
    .from(experts)
    .where(sql`lower(replace(${experts.name}, ' ', '-')) = ${idOrSlug.toLowerCase()}`)
    .limit(1);
  return byHyphenated ?? null;
}

/** Spec §9: stars from published reviews rounded to 1-5; helpful percent rounded. */
export async function coachStats(db: Executor, expertId: string) {
  // Three index-only reads (ADR 018), sent together.
  const [[stars], [helpful], [answered]] = await Promise.all([
    db
      .select({ average: sql<string | null>`avg(${reviews.rating})`, total: count() })
      .from(reviews)
      .where(and(eq(reviews.expertId, expertId), eq(reviews.published, true))),
    db
      .select({
        helpful: sql<number>`count(*) filter (where ${ratings.isHelpful})::int`,
        total: count(),
      })
      .from(ratings)
      .where(eq(ratings.expertId, expertId)),
    db
      .select({ total: count() })
      .from(questions)
      .where(and(eq(questions.expertId, expertId), eq(questions.status, 'answered'))),
  ]);
  const average = stars?.average == null ? null : Number(stars.average);
  return {
    starRating: average === null ? null : Math.min(5, Math.max(1, Math.round(average))),
    reviewCount: stars?.total ?? 0,
    helpfulPercent:
      helpful && helpful.total > 0 ? Math.round((helpful.helpful / helpful.total) * 100) : null,
    answeredCount: answered?.total ?? 0,
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
    .where(eq(questions.askerId, userId));
  return { ...row, questionsAsked: asked?.total ?? 0 };
}
