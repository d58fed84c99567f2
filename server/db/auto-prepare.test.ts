import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '../test/harness';
import { PREPARED_PER_CONNECTION } from './auto-prepare';
import type { DatabaseHandle, Executor } from './client';
import { users } from './schema';

/** The texts of the statements prepared on the connection `db` runs on. */
async function preparedOn(db: Executor): Promise<string[]> {
  const result = await db.execute(sql`select statement from pg_prepared_statements`);
  // node-postgres's result; the Database type is shared with PGlite, so execute is untyped.
  return (result as unknown as { rows: { statement: string }[] }).rows.map((r) => r.statement);
}

describe.runIf(testDatabaseKind === 'postgres')('statements on a PostgreSQL connection', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('are prepared once per connection and reused, inside a transaction too', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
        await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      }
      const lookups = (await preparedOn(tx)).filter((s) =>
        s.includes('where "users"."email" = $1'),
      );
      expect(lookups).toHaveLength(1);
    });
  });

  it('answer the same as unprepared statements', async () => {
    const { db } = database;
    await db.insert(users).values({ id: 'u-prep', name: 'Prepared', email: 'prep@example.com' });
    for (let i = 0; i < 7; i++) {
      // Past five runs PostgreSQL may switch to a generic plan; the answer must not change.
      const found = await db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.email, 'prep@example.com'));
      expect(found).toEqual([{ name: 'Prepared' }]);
    }
  });

  it(`keep at most ${PREPARED_PER_CONNECTION} per connection and run the rest unnamed`, async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      // Each length of the id list is its own statement text.
      for (let n = 1; n <= PREPARED_PER_CONNECTION + 20; n++) {
        const ids = Array.from({ length: n }, (_, i) => `id-${i}`);
        const found = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(inArray(users.id, ids));
        expect(found).toEqual([{ n: 0 }]);
      }
      expect((await preparedOn(tx)).length).toBe(PREPARED_PER_CONNECTION);
    });
  });
});
