import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../adapters/events/in-process';
import type { BusEvents, EventBus } from '../adapters/events/types';
import { openTestDatabase } from '../test/harness';
import type { DatabaseHandle } from './client';
import { users } from './schema';
import { transaction } from './unit-of-work';

describe('transaction (unit of work)', () => {
  let database: DatabaseHandle;
  let bus: EventBus;
  const seen: { payload: BusEvents['coaches.changed']; committed: boolean }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    bus = createInProcessBus();
    // Each listener looks at the database when the event arrives: it must see the change.
    bus.subscribe('coaches.changed', (payload) => {
      seen.push({ payload, committed: false });
      const entry = seen.at(-1)!;
      void database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, payload.userId))
        .then(([row]) => (entry.committed = row !== undefined));
    });
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  const insertUser = (id: string) =>
    database.db
      .insert(users)
      .values({ id, name: id, email: `${id}@example.com` })
      .onConflictDoNothing();

  it('publishes the raised events after COMMIT, once each', async () => {
    seen.length = 0;
    const deps = { db: database.db, bus };
    const result = await transaction(deps, async (tx, changes) => {
      await tx
        .insert(users)
        .values({ id: 'uow-commit', name: 'A', email: 'uow-commit@example.com' });
      changes.raise('coaches.changed', { userId: 'uow-commit' });
      changes.raise('coaches.changed', { userId: 'uow-commit' });
      // Nothing is published while the transaction is open.
      expect(seen).toHaveLength(0);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen.map((s) => s.payload)).toEqual([{ userId: 'uow-commit' }]);
    await expect.poll(() => seen[0]?.committed).toBe(true);
  });

  it('publishes nothing when the transaction rolls back', async () => {
    seen.length = 0;
    await insertUser('uow-other');
    const failing = transaction({ db: database.db, bus }, async (tx, changes) => {
      await tx
        .insert(users)
        .values({ id: 'uow-rollback', name: 'B', email: 'uow-rollback@example.com' });
      changes.raise('coaches.changed', { userId: 'uow-rollback' });
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(seen).toHaveLength(0);
    const [row] = await database.db.select().from(users).where(eq(users.id, 'uow-rollback'));
    expect(row).toBeUndefined();
  });
});
