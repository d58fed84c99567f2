import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES } from '../../../contracts/admin';
import { joined } from '../../../contracts/messages';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { adminForTokenHash } from './data';

/**
 * Who an administrator's request is. It lives with the users' sessions, below every module, so
 * the modules that serve administrators too (attachments) need not import the portal (ADR 076).
 */

/** An administrator's token as its session row keeps it: hashed, so the table alone grants nothing. */
export const hashAdminToken = (token: string) => createHash('sha256').update(token).digest('hex');

const expired = () => new AppError(401, joined(ADMIN_MESSAGES.sessionExpired));

/** Admin routes accept only a bearer admin token; a user's session cookie never counts. */
export async function requireAdmin(db: Executor, request: FastifyRequest) {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  if (!token) throw expired();
  const admin = await adminForTokenHash(db, hashAdminToken(token));
  if (!admin) throw expired();
  return admin;
}
