import { and, count, eq, sql } from 'drizzle-orm';
import type { Role } from '../../../contracts/account';
import type { CoachProfileInput, PlayerProfileInput } from '../../../contracts/profiles';
import type { Executor } from '../../db/client';
import { questions, userProfileCompletion, userRoles, users } from '../../db/schema';

/**
 * The profiles on the role rows (user_roles) and which of them are filled in
 * (user_profile_completion). The Player's profile lives here whole; the Coach's lives on the
 * Coach row (the coaches module), mirrored onto the Coach role row.
 */

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

/** A saved Coach profile onto the Coach role row, with the consents saving it gave. */
export async function mirrorCoachProfile(
  db: Executor,
  userId: string,
  input: CoachProfileInput,
  now: Date,
) {
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
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'expert')));
}

/** One photo per user (spec §7): every role row of the user shows it. */
export async function setRolePhotos(tx: Executor, userId: string, photoUrl: string | null) {
  await tx
    .update(userRoles)
    .set({ photoUrl, updatedAt: new Date() })
    .where(eq(userRoles.userId, userId));
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

export * from './data/roles';
