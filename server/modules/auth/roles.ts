import { and, eq } from 'drizzle-orm';
import type { Role } from '../../../contracts/account';
import type { Executor } from '../../db/client';
import { userRoles } from '../../db/schema';

/**
 * Whether the user holds the role: the guards' one read of `user_roles`, a table the accounts
 * module writes (roles are only ever added). It lives here so that auth depends on no module above.
 */
export async function holdsRole(db: Executor, userId: string, role: Role): Promise<boolean> {
  const [row] = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
  return Boolean(row);
}
