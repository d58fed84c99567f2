import type { FastifyRequest } from 'fastify';
import { PROFILE_MESSAGES } from '../../../contracts/profiles';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import type { Auth, SessionUser } from '../auth';
import { requireRole } from '../auth';
import { findCoachByUser } from './data/profile';
import { joined } from '../../../contracts/messages';

/** The user's Coach row; 404 with the spec's message before the profile exists. */
export async function coachOf(db: Database, user: SessionUser) {
  const coach = await findCoachByUser(db, user.id);
  if (!coach) {
    throw notFound(joined(PROFILE_MESSAGES.coachMissing));
  }
  return coach;
}

/** The signed-in Coach and their Coach row. */
export async function requireCoach(auth: Auth, db: Database, request: FastifyRequest) {
  const user = await requireRole(auth, request, 'expert');
  return { user, coach: await coachOf(db, user) };
}
