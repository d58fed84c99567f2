import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type Role } from '../../../contracts/account';
import type { Database } from '../../db/client';
import { forbidden } from '../../errors';
import { holdsRole } from './roles';
import type { Auth } from './auth';
import { requireUser, type SessionUser } from './session';

/** About 60 bytes each; past this many the memory starts over. */
const HELD_ROLES_MAX = 100_000;
/**
 * Roles are only ever added, never taken away (`accounts/data.ts`), so a role once found is
 * remembered per database and every later request skips the query. Should roles ever be
 * removable, this must be dropped on removal like the session cache (ADR 020).
 */
const heldRoles = new WeakMap<Database, Set<string>>();

async function holds(db: Database, userId: string, role: Role): Promise<boolean> {
  const held = heldRoles.get(db) ?? new Set<string>();
  heldRoles.set(db, held);
  const key = `${userId}:${role}`;
  if (held.has(key)) return true;
  if (!(await holdsRole(db, userId, role))) return false;
  if (held.size >= HELD_ROLES_MAX) held.clear();
  held.add(key);
  return true;
}

/** Spec §6 'Page access' on the server: the signed-in user must hold the role. */
export async function requireRole(
  auth: Auth,
  db: Database,
  request: FastifyRequest,
  role: Role,
): Promise<SessionUser> {
  const user = await requireUser(auth, request);
  if (!(await holds(db, user.id, role))) throw forbidden(ACCOUNT_MESSAGES.roleRequired);
  return user;
}
