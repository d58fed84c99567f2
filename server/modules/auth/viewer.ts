import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Role } from '../../../contracts/account';
import type { Database } from '../../db/client';
import { experts, sessions, userRoles, users } from '../../db/schema';

/** The signed-in person, as services need them. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

/** Who is asking: the signed-in user, the roles they hold and their Coach row, read together. */
export interface Viewer extends SessionUser {
  roles: Role[];
  activeRole: Role | null;
  /** The user's Coach profile, once created. */
  expertId: string | null;
}

interface ViewerRow extends Viewer {
  sessionExpiresAt: Date;
}

/**
 * The session token from better-auth's signed cookie, or null when the signature is wrong.
 * better-call signs a cookie as `token.base64(HMAC-SHA256(secret, token))`; checking it here, with
 * Node's synchronous HMAC, saves the Web Request and crypto round trip of `auth.api.getSession`.
 */
export function verifiedToken(cookie: string, secret: string): string | null {
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Every signed-in request reads its viewer in one prepared statement: the live session, its user,
 * the roles held (spec §6) and the Coach row. Nothing is cached, so signing out, a password change
 * or a deleted account takes effect on the very next request in every process (ADR 033).
 */
export function viewerLookup(db: Database) {
  const statement = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      sessionExpiresAt: sessions.expiresAt,
      roles: sql<(string | null)[]>`array_agg(${userRoles.role}::text)`,
      activeRole: sql<
        string | null
      >`(array_agg(${userRoles.role}::text) filter (where ${userRoles.activeRole}))[1]`,
      expertId: sql<
        string | null
      >`(select ${experts.id} from ${experts} where ${experts.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql`now()`)))
    .groupBy(users.id, sessions.expiresAt)
    .prepare('viewer_by_session_token');

  return async (token: string): Promise<ViewerRow | null> => {
    const [row] = await statement.execute({ token });
    if (!row) return null;
    const roles = row.roles.filter((r): r is Role => r !== null).sort();
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      sessionExpiresAt: row.sessionExpiresAt,
      roles,
      // A user who holds a single role acts in it (spec §4), before `accountOf` records it.
      activeRole: (row.activeRole as Role | null) ?? (roles.length === 1 ? roles[0]! : null),
      expertId: row.expertId,
    };
  };
}
