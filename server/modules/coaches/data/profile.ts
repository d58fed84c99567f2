import { eq, like, or, sql } from 'drizzle-orm';
import { coachSlugBase } from '../../../../contracts/coach-slug';
import type { CoachProfileInput } from '../../../../contracts/profiles';
import type { Executor } from '../../../db/client';
import type { Changes } from '../../../db/unit-of-work';
import { coachSlugs, coaches } from '../../../db/schema';

/**
 * The Coach's row (experts) and the slugs that lead to it (expert_slugs), as the Coach edits
 * them and as an account's deletion ends them. Every change raises `coaches.changed`, so the
 * cached lists and pages drop the Coach.
 */

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
 * Creates or updates the Coach's row. A new Coach, or one whose name changed, gets a slug from
 * the name; the old one keeps pointing at them. `photoUrl` is a photo uploaded before the row
 * existed, carried over to a new row.
 */
export async function upsertCoachProfile(
  db: Executor,
  changes: Changes,
  user: { id: string; email: string },
  input: CoachProfileInput,
  photoUrl: string | null,
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
  const [coach] = await db
    .insert(coaches)
    .values({ userId: user.id, email: user.email, photoUrl, slug: slug!, ...values })
    .onConflictDoUpdate({ target: coaches.userId, set: { ...values, slug: slug! } })
    .returning();
  if (!coach) throw new Error('upsert returned no row');
  if (slug !== current?.slug) {
    await db
      .insert(coachSlugs)
      .values({ slug: coach.slug, coachId: coach.id })
      .onConflictDoNothing();
  }
  changes.raise('coaches.changed', { userId: user.id });
  return coach;
}

/**
 * A Coach row made whole, with a provider account that can take payments and receive payouts, and
 * its slug (the demo seed's Coaches); nothing where the user has a Coach row already.
 */
export async function insertReadyCoach(
  tx: Executor,
  coach: Pick<
    typeof coaches.$inferInsert,
    'userId' | 'email' | 'name' | 'expertise' | 'bio' | 'pricePerQuestion' | 'createdAt' | 'slug'
  > & { stripeAccountId: string },
) {
  const [inserted] = await tx
    .insert(coaches)
    .values({
      ...coach,
      stripeOnboardingComplete: true,
      stripeChargesEnabled: true,
      stripePayoutsEnabled: true,
    })
    .onConflictDoNothing()
    .returning({ id: coaches.id });
  if (inserted) await tx.insert(coachSlugs).values({ slug: coach.slug, coachId: inserted.id });
}

/** The user's photo on their Coach row too (one photo per user, spec §7). */
export async function setCoachPhoto(
  tx: Executor,
  changes: Changes,
  userId: string,
  photoUrl: string | null,
) {
  await tx.update(coaches).set({ photoUrl }).where(eq(coaches.userId, userId));
  changes.raise('coaches.changed', { userId });
}

/** Hides or shows the Coach's page and cards while their account is suspended (ADR 061). */
export async function setCoachSuspended(
  tx: Executor,
  changes: Changes,
  userId: string,
  suspendedAt: Date | null,
) {
  await tx.update(coaches).set({ suspendedAt }).where(eq(coaches.userId, userId));
  changes.raise('coaches.changed', { userId });
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
