import { AsyncLocalStorage } from 'node:async_hooks';

/** Set while a database transaction is open, for the code that must never run inside one. */
const openTransaction = new AsyncLocalStorage<true>();

/** True inside a database transaction opened through `db.transaction` (ADR 097). */
export const insideTransaction = (): boolean => openTransaction.getStore() === true;

/**
 * Marks every transaction the database `db` opens, a unit of work's, a module's own and
 * better-auth's alike, so CPU-only work can tell it is inside one.
 */
export function markEveryTransaction<D extends { transaction: (...args: never[]) => unknown }>(
  db: D,
): D {
  const open = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  // `insideTransaction()` is true until the transaction settles, in everything it awaits.
  db.transaction = ((...args: unknown[]) =>
    openTransaction.run(true, () => open(...args))) as unknown as D['transaction'];
  return db;
}

/**
 * Throws inside a transaction: CPU-only work (rendering an e-mail, a PDF or an image, hashing a
 * password, a transcode) would hold the transaction and its row locks open while it runs, and make
 * every writer of those rows wait for it (ADR 097). Called first by each such piece of work.
 */
export function refuseInsideTransaction(work: string): void {
  if (insideTransaction()) {
    throw new Error(
      `${work} ran inside a database transaction; it must run before or after one (ADR 097)`,
    );
  }
}
