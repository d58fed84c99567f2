import { ACCOUNT_MESSAGES, type Account, type Role } from '../../../contracts/account';
import { notFound } from '../../errors';
import type { ServiceDeps } from '../../context';
import type { SessionUser } from '../auth';
import { profileCompletion } from '../profiles';
import { holdActiveRole, setActiveRole } from '../profiles/data';
import { coachIdOf, roleRows } from './data';

const SIGNED_OUT: Account = {
  user: null,
  roles: [],
  activeRole: null,
  profileCompleted: { asker: false, expert: false },
  coachId: null,
};

/** The account as the guard sees it. A user with a single role has it set active (spec §4). */
export async function accountOf(
  { db }: Pick<ServiceDeps, 'db'>,
  user: SessionUser | null,
): Promise<Account> {
  if (!user) return SIGNED_OUT;
  let rows = await roleRows(db, user.id);
  const only = rows.length === 1 ? rows[0] : undefined;
  if (only && !only.activeRole) {
    await setActiveRole(db, user.id, only.role);
    rows = [{ ...only, activeRole: true }];
  }
  const [profileCompleted, coachId] = await Promise.all([
    profileCompletion(db, user.id),
    coachIdOf(db, user.id),
  ]);
  return {
    user,
    roles: rows.map((r) => r.role).sort(),
    activeRole: rows.find((r) => r.activeRole)?.role ?? null,
    profileCompleted,
    coachId,
  };
}

/** Onboarding's choice: hold the role and act in it. */
export async function chooseRole(
  deps: Pick<ServiceDeps, 'db'>,
  user: SessionUser,
  role: Role,
): Promise<Account> {
  await holdActiveRole(deps.db, user.id, role, user.name);
  return accountOf(deps, user);
}

/** Acts in another role the user holds; 404 when they do not hold it. */
export async function switchActiveRole(
  deps: Pick<ServiceDeps, 'db'>,
  user: SessionUser,
  role: Role,
): Promise<Account> {
  if (!(await setActiveRole(deps.db, user.id, role))) {
    throw notFound(
      role === 'expert' ? ACCOUNT_MESSAGES.coachRoleNotFound : 'Player role not found',
    );
  }
  return accountOf(deps, user);
}
