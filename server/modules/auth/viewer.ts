import { and, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Role } from '../../../contracts/account';
import type { Executor } from '../../db/client';
import { coaches, sessions, userRoles, users } from '../../db/schema';

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
  coachId: string | null;
}

/**
 * The viewer of the live session `token` as a one-row subquery: the user, the roles held (spec §6),
 * the Coach row's id, and `extra` columns a read computes once from them (`coaches` is joined).
 * A signed-in read joins its own rows to it laterally, so the session check and the data are one
 * statement and one round trip (ADR 033). Nothing is cached: signing out, a password change or a
 * deleted account takes effect on the very next request in every process.
 */
export function viewerByToken<E extends Record<string, SQL.Aliased>>(
  db: Executor,
  token: string | Placeholder,
  extra: E = {} as E,
) {
  return (
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        sessionExpiresAt: sessions.expiresAt,
        sessionActiveAt: sessions.updatedAt,
        roles: sql<
          string[] | null
        >`(select array_agg(${userRoles.role}::text) from ${userRoles} where ${userRoles.userId} = ${users.id})`.as(
          'viewer_roles',
        ),
        activeRole: sql<
          string | null
        >`(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.activeRole})`.as(
          'viewer_active_role',
        ),
        coachId: sql<string | null>`${coaches.id}`.as('viewer_expert_id'),
        ...extra,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(coaches, eq(coaches.userId, users.id))
      .where(and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`)))
      // A token names one session; the LIMIT also keeps PostgreSQL from merging the subquery into
      // the read that joins it, which would compute the `extra` columns again for each of its rows.
      .limit(1)
      .as('viewer')
  );
}

export interface ViewerRow extends Viewer {
  sessionExpiresAt: Date;
  /** When the session was last recorded in use ("Last active", issue 36). */
  sessionActiveAt: Date;
}

/** The viewer as the app uses it, from the subquery's columns. */
export function toViewer(row: {
  id: string;
  name: string;
  email: string;
  sessionExpiresAt: Date;
  sessionActiveAt: Date;
  roles: string[] | null;
  activeRole: string | null;
  coachId: string | null;
}): ViewerRow {
  const roles = (row.roles ?? []).map((r) => r as Role).sort();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    sessionExpiresAt: row.sessionExpiresAt,
    sessionActiveAt: row.sessionActiveAt,
    roles,
    // A user who holds a single role acts in it (spec §4), before `accountOf` records it.
    activeRole: (row.activeRole as Role | null) ?? (roles.length === 1 ? roles[0]! : null),
    coachId: row.coachId,
  };
}

/** Finds the viewer alone, for requests that read nothing else first (writes, the account). */
export function viewerFinder(db: Executor) {
  const statement = db
    .select()
    .from(viewerByToken(db, sql.placeholder('token')))
    .prepare('viewer');
  return async (token: string): Promise<ViewerRow | null> => {
    const [row] = await statement.execute({ token });
    return row ? toViewer(row) : null;
  };
}
