import type { FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES } from '../../../contracts/admin';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { adminForToken } from './service';
import { joined } from '../../../contracts/messages';

const expired = () => new AppError(401, joined(ADMIN_MESSAGES.sessionExpired));

/** Admin routes accept only a bearer admin token; a user's session cookie never counts. */
export async function requireAdmin(db: Executor, request: FastifyRequest) {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  if (!token) throw expired();
  const admin = await adminForToken(db, token);
  if (!admin) throw expired();
  return admin;
}
