import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../../adapters/events/in-process';
import type { DatabaseHandle } from '../../db/client';
import { eventJournal } from '../../db/schema';
import { openTestDatabase, testDatabaseKind } from '../../test/harness';
import { journalAfter, pruneEventJournal } from './data';
import { journaledBus } from './journal';

describe(`the event journal (${testDatabaseKind})`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('journals each published event in order before it reaches subscribers, and prunes old ones', async () => {
    const silent = { warn: () => {} } as never;
    const bus = journaledBus(createInProcessBus(), database.db, silent);
    // Whether a subscriber, when it hears an event, can already read it from the journal.
    const journaledWhenHeard: boolean[] = [];
    bus.subscribe('coaches.changed', ({ userId }) => {
      void journalAfter(database.db, 0, 100).then((rows) =>
        journaledWhenHeard.push(
          rows.some((row) => row.channel === 'coaches.changed' && row.payload.userId === userId),
        ),
      );
    });
    for (const userId of ['u1', 'u2', 'u3']) await bus.publish('coaches.changed', { userId });
    const rows = await journalAfter(database.db, 0, 100);
    expect(rows.map((row) => row.payload)).toEqual([
      { userId: 'u1' },
      { userId: 'u2' },
      { userId: 'u3' },
    ]);
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => a - b));
    await expect.poll(() => journaledWhenHeard).toEqual([true, true, true]);

    await database.db
      .update(eventJournal)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(eventJournal.id, rows[0]!.id));
    expect(await pruneEventJournal(database.db)).toBe(1);
    expect((await journalAfter(database.db, 0, 100)).map((row) => row.id)).toEqual(
      rows.slice(1).map((row) => row.id),
    );
  });
});
