import type { PlayerProfileInput } from '../../../contracts/profiles';
import { PROFILE_MESSAGES } from '../../../contracts/profiles';
import { joined } from '../../../contracts/messages';
import type { ServiceDeps } from '../../context';
import { transaction } from '../../db/unit-of-work';
import { notFound } from '../../errors';
import type { SessionUser } from '../auth';
import {
  findPublicPlayer,
  findRoleProfile,
  markProfileCompleted,
  updatePlayerProfile,
} from './data';

type Deps = Pick<ServiceDeps, 'db' | 'bus'>;

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
