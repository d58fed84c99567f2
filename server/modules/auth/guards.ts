import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type Role } from '../../../contracts/account';
import type { Database } from '../../db/client';
import { forbidden } from '../../errors';
import { holdsRole } from '../accounts/data';
import type { Auth } from './auth';
import { requireUser, type SessionUser } from './session';

/** Spec §6 'Page access' on the server: the signed-in user must hold the role. */
export async function requireRole(
  auth: Auth,
  db: Database,
  request: FastifyRequest,
  role: Role,
): Promise<SessionUser> {
  const user = await requireUser(auth, request);
  if (!(await holdsRole(db, user.id, role))) throw forbidden(ACCOUNT_MESSAGES.roleRequired);
  return user;
}
