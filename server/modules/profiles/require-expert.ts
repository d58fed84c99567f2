import type { FastifyRequest } from 'fastify';
import { PROFILE_MESSAGES } from '../../../contracts/profiles';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import type { Auth } from '../auth/auth';
import { requireRole } from '../auth/guards';
import { findExpertByUser } from './data';

/** The signed-in Coach and their Coach row; 404 with the spec's message before the profile exists. */
export async function requireExpert(auth: Auth, db: Database, request: FastifyRequest) {
  const user = await requireRole(auth, db, request, 'expert');
  const expert = await findExpertByUser(db, user.id);
  if (!expert) {
    throw notFound(
      `${PROFILE_MESSAGES.expertMissing.title} ${PROFILE_MESSAGES.expertMissing.description}`,
    );
  }
  return { user, expert };
}
