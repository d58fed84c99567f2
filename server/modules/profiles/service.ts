import type { CoachProfileInput, PlayerProfileInput } from '../../../contracts/profiles';
import { PROFILE_MESSAGES } from '../../../contracts/profiles';
import { joined } from '../../../contracts/messages';
import type { ServiceDeps } from '../../context';
import type { coaches } from '../../db/schema';
import { transaction } from '../../db/unit-of-work';
import { notFound } from '../../errors';
import type { SessionUser } from '../auth';
import {
  findPublicPlayer,
  findRoleProfile,
  markProfileCompleted,
  setPhotoUrl,
  updatePlayerProfile,
  upsertCoachProfile,
} from './data';
import { photoKey, processPhoto, removePhotos } from './photo';

type Deps = Pick<ServiceDeps, 'db' | 'bus' | 'storage'>;

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

/** Saves the Coach profile and marks it complete; lists of Coaches hear of it after the commit. */
export async function saveCoachProfile(deps: Deps, user: SessionUser, input: CoachProfileInput) {
  const coach = await transaction(deps, async (tx, changes) => {
    const saved = await upsertCoachProfile(tx, changes, user, input);
    await markProfileCompleted(tx, user.id, 'expert');
    return saved;
  });
  return { id: coach.id };
}

/** The Player's own profile form, filled from the account until they save it. */
export async function ownPlayerProfile(deps: Pick<Deps, 'db'>, user: SessionUser) {
  const row = await findRoleProfile(deps.db, user.id, 'asker');
  return {
    name: row?.name ?? user.name,
    bio: row?.bio ?? null,
    photoUrl: row?.photoUrl ?? null,
    websiteUrl: row?.websiteUrl ?? null,
    linkedinUrl: row?.linkedinUrl ?? null,
    twitterUrl: row?.twitterUrl ?? null,
    instagramUrl: row?.instagramUrl ?? null,
  };
}

export async function savePlayerProfile(deps: Deps, user: SessionUser, input: PlayerProfileInput) {
  await transaction(deps, async (tx) => {
    await updatePlayerProfile(tx, user.id, input);
    await markProfileCompleted(tx, user.id, 'asker');
  });
}

/** A new profile photo: judged and re-encoded, the old file removed first (spec §7). */
export async function replacePhoto(deps: Deps, user: SessionUser, bytes: Buffer) {
  const { storage } = deps;
  const photo = await processPhoto(bytes);
  // The old file goes first (spec §7), whichever format it was.
  await removePhotos(storage, user.id);
  const key = photoKey(user.id, photo.extension);
  await storage.put(key, photo.body, photo.contentType);
  // The key is reused, so a version keeps browsers from showing the cached old photo.
  const photoUrl = `${storage.publicUrl(key)}?v=${Date.now()}`;
  await setPhotoUrl(deps, user.id, photoUrl);
  return { photoUrl };
}

export async function deletePhoto(deps: Deps, user: SessionUser) {
  await removePhotos(deps.storage, user.id);
  await setPhotoUrl(deps, user.id, null);
  return { photoUrl: null };
}

/** A Player's public page. */
export async function publicPlayer(deps: Pick<Deps, 'db'>, userId: string) {
  const player = await findPublicPlayer(deps.db, userId);
  if (!player) throw notFound(joined(PROFILE_MESSAGES.playerNotFound));
  return {
    id: player.id,
    name: player.name,
    bio: player.bio,
    photoUrl: player.photoUrl,
    memberSince: player.createdAt.toISOString(),
    questionsAsked: player.questionsAsked,
  };
}
