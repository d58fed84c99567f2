import type { Account, Role } from '../../../contracts/account';
import type { Database } from '../../db/client';
import type { SessionUser } from '../auth/session';
import { expertIdOf, insertRole, profileCompletion, roleRows, setActiveRole } from './data';

const SIGNED_OUT: Account = {
  user: null,
  roles: [],
  activeRole: null,
  profileCompleted: { asker: false, expert: false },
  expertId: null,
};

/** The account as the guard sees it. A user with a single role has it set active (spec §4). */
export async function accountOf(db: Database, user: SessionUser | null): Promise<Account> {
  if (!user) return SIGNED_OUT;
  let rows = await roleRows(db, user.id);
  const only = rows.length === 1 ? rows[0] : undefined;
  if (only && !only.activeRole) {
    await setActiveRole(db, user.id, only.role);
    rows = [{ ...only, activeRole: true }];
  }
  const [profileCompleted, expertId] = await Promise.all([
    profileCompletion(db, user.id),
    expertIdOf(db, user.id),
  ]);
  return {
    user,
    roles: rows.map((r) => r.role).sort(),
    activeRole: rows.find((r) => r.activeRole)?.role ?? null,
    profileCompleted,
    expertId,
  };
}

/** Onboarding's choice: hold the role and act in it. */
export async function chooseRole(db: Database, user: SessionUser, role: Role): Promise<Account> {
  await db.transaction(async (tx) => {
    await insertRole(tx, user.id, role, user.name);
    await setActiveRole(tx, user.id, role);
  });
  return accountOf(db, user);
}
