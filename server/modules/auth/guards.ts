import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type Role } from '../../../contracts/account';
import { forbidden } from '../../errors';
import type { Auth } from './auth';
import { requireUser, type Viewer } from './session';

/** Spec §6 'Page access' on the server: the signed-in user must hold the role. */
export async function requireRole(
  auth: Auth,
  request: FastifyRequest,
  role: Role,
): Promise<Viewer> {
  const user = await requireUser(auth, request);
  if (!user.roles.includes(role)) throw forbidden(ACCOUNT_MESSAGES.roleRequired);
  return user;
}
