import type { CoachProfileInput } from '../../../contracts/profiles';
import type { ServiceDeps } from '../../context';
import type { coaches } from '../../db/schema';
import { transaction } from '../../db/unit-of-work';
import type { SessionUser } from '../auth';
import { findRoleProfile, markProfileCompleted, mirrorCoachProfile } from '../profiles/data';
import { upsertCoachProfile } from './data/profile';

type Deps = Pick<ServiceDeps, 'db' | 'bus'>;

/** The Coach's own profile form. */
export const ownCoachProfile = (coach: typeof coaches.$inferSelect) => ({
  id: coach.id,
  slug: coach.slug,
  name: coach.name,
  expertise: coach.expertise,
  price: coach.pricePerQuestion / 100,
  bio: coach.bio,
  photoUrl: coach.photoUrl,
  websiteUrl: coach.websiteUrl,
  linkedinUrl: coach.linkedinUrl,
  twitterUrl: coach.twitterUrl,
  instagramUrl: coach.instagramUrl,
  onboardingComplete: coach.stripeOnboardingComplete,
  responseHours: coach.responseHours,
});

/**
 * Saves the Coach profile, mirrors it onto the Coach role row and marks it complete; lists of
 * Coaches hear of it after the commit.
 */
export async function saveCoachProfile(deps: Deps, user: SessionUser, input: CoachProfileInput) {
  const coach = await transaction(deps, async (tx, changes) => {
    // A photo uploaded before the Coach row existed lives on the role row; a new row takes it.
    const role = await findRoleProfile(tx, user.id, 'expert');
    const saved = await upsertCoachProfile(tx, changes, user, input, role?.photoUrl ?? null);
    await mirrorCoachProfile(tx, user.id, input, new Date());
    await markProfileCompleted(tx, user.id, 'expert');
    return saved;
  });
  return { id: coach.id };
}
