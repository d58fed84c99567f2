import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

/** Who holds a data directory: enough to tell, on the same machine, whether it still runs. */
interface Owner {
  pid: number;
  host: string;
  /** Tells this process's own lock from one a previous process with the same pid left. */
  token: string;
}

/** Tokens of the locks this process holds. */
const heldHere = new Set<string>();

// Beside proper-lockfile's lock directory, not in it: it removes that directory with rmdir.
const ownerFileOf = (dataDir: string) => `${dataDir}.owner`;

async function readOwner(dataDir: string): Promise<Partial<Owner> | undefined> {
  try {
    return JSON.parse(await readFile(ownerFileOf(dataDir), 'utf8')) as Partial<Owner>;
  } catch {
    return undefined;
  }
}

/**
 * True only when the owner is known to have ended. Without an owner file (the owner is between
 * taking the lock and writing it) or on another machine sharing the volume, the lock's age decides,
 * as before.
 */
function ownerIsGone(owner: Partial<Owner> | undefined): boolean {
  if (typeof owner?.pid !== 'number' || owner.host !== hostname()) return false;
  // In a container a restarted server often gets the pid its crashed predecessor had.
  if (owner.pid === process.pid) return !heldHere.has(owner.token ?? '');
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (err) {
    // EPERM: alive, under another user.
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * PGlite is one process's database: a second process on the same directory (a seed while the
 * server runs) would write beside it and lose data. A lock file (proper-lockfile: refreshed while
 * held, taken over once stale) makes the second one fail at once. The lock also names its process,
 * so a restart after a crash takes it over at once instead of waiting for it to go stale (ADR 045).
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await takeLock(dataDir);
  } catch (err) {
    if (!isLocked(err) || !ownerIsGone(await readOwner(dataDir))) return inUse(dataDir, err);
    await rm(`${dataDir}.lock`, { recursive: true, force: true });
    return takeLock(dataDir).catch((again: unknown) => inUse(dataDir, again));
  }
}

/**
 * A lock not refreshed for this long is another opener's to take. Long, because the refresh is a
 * timer: PGlite's start-up (initdb, migrations) runs synchronously in WebAssembly and held the
 * event loop past 10 s on a loaded machine, and the lock of a live process looked stale
 * (2026-11-29, client.test.ts). A crashed owner is found by its pid at once, not by age (ADR 045).
 */
const LOCK_STALE_MS = 60_000;
const LOCK_UPDATE_MS = 2_000;

async function takeLock(dataDir: string): Promise<() => Promise<void>> {
  const release = await lockfile.lock(dataDir, {
    stale: LOCK_STALE_MS,
    update: LOCK_UPDATE_MS,
    realpath: false,
  });
  const owner: Owner = { pid: process.pid, host: hostname(), token: randomUUID() };
  heldHere.add(owner.token);
  const unlock = async () => {
    heldHere.delete(owner.token);
    await rm(ownerFileOf(dataDir), { force: true });
    await release();
  };
  await writeFile(ownerFileOf(dataDir), JSON.stringify(owner)).catch(async (err: unknown) => {
    await unlock();
    throw err;
  });
  return unlock;
}

const isLocked = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ELOCKED';

/** Says who to ask when the lock is held; any other failure goes up as it is. */
function inUse(dataDir: string, err: unknown): never {
  if (!isLocked(err)) throw err;
  throw new DatabaseInUseError(
    `The embedded database in ${path.dirname(dataDir)} is in use by another process (is the ` +
      'server running?). Stop it and try again, or use a PostgreSQL server (DATABASE_URL), ' +
      'which any number of processes can share.',
  );
}
