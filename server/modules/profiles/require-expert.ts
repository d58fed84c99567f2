import type { FastifyRequest } from 'fastify';
import { PROFILE_MESSAGES } from '../../../contracts/profiles';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import type { Auth, SessionUser } from '../auth';
import { requireRole } from '../auth';
import { findExpertByUser } from './data';
import { joined } from '../../../contracts/messages';

/** The user's Coach row; 404 with the spec's message before the profile exists. */
export async function expertOf(db: Database, user: SessionUser) {
  const expert = await findExpertByUser(db, user.id);
  if (!expert) {
    throw notFound(joined(PROFILE_MESSAGES.expertMissing));
  }
  return expert;
}

/** The signed-in Coach and their Coach row. */
export async function requireExpert(auth: Auth, db: Database, request: FastifyRequest) {
  const user = await requireRole(auth, request, 'expert');
  return { user, expert: await expertOf(db, user) };
}
