import pg from 'pg';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { answerQuestion, askedQuestion } from '../../test/asked-question';
import { createTestApp, openTestDatabase, testDatabaseKind } from '../../test/harness';
import { createPostgresBus } from './postgres';

/** Reads one SSE stream until `event` arrives. */
async function waitForEvent(
  url: string,
  cookie: string,
  event: string,
  start: () => Promise<void>,
) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  const arrived = (async () => {
    while (!received.includes(`event: ${event}`)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value);
    }
  })();
  await start();
  await arrived;
  controller.abort();
  return received;
}

// LISTEN/NOTIFY needs a PostgreSQL server; this runs in the PostgreSQL pass of `npm test`.
describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL event bus across two servers', () => {
  it('delivers an event to its own process at once and once only, and once to the other', async () => {
    const database = await openTestDatabase();
    const silent = pino({ level: 'silent' });
    const one = await createPostgresBus(database.url ?? '', silent);
    const two = await createPostgresBus(database.url ?? '', silent);
    try {
      const onOne: string[] = [];
      const onTwo: string[] = [];
      one.subscribe('coaches.changed', ({ userId }) => onOne.push(userId));
      two.subscribe('coaches.changed', ({ userId }) => onTwo.push(userId));
      const publishing = one.publish('coaches.changed', { userId: 'u1' });
      // Before the round trip to PostgreSQL: the caches of the process that made the change.
      expect(onOne).toEqual(['u1']);
      await publishing;
      await vi.waitFor(() => expect(onTwo).toEqual(['u1']));
      // By now the publisher's own notification has come back too, and was ignored.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(onOne).toEqual(['u1']);

      // Shutting down: a late publish neither throws nor reaches anyone.
      await one.close();
      await expect(one.publish('coaches.changed', { userId: 'u2' })).resolves.toBeUndefined();
    } finally {
      await one.close();
      await two.close();
      await database.close();
    }
  });

  it('sends a burst of events in order, in a few statements, never two at once on its connection', async () => {
    const database = await openTestDatabase();
    const silent = pino({ level: 'silent' });
    const one = await createPostgresBus(database.url ?? '', silent);
    const two = await createPostgresBus(database.url ?? '', silent);
    // Counts the NOTIFY statements and how many were in flight at once, on every pg.Client.
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    let statements = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const result = query.apply(this, args);
      if (typeof args[0] !== 'string' || !args[0].includes('pg_notify')) return result as never;
      statements += 1;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      return (result as Promise<unknown>).finally(() => (inFlight -= 1)) as never;
    });
    try {
      const received: string[] = [];
      two.subscribe('coaches.changed', ({ userId }) => received.push(userId));
      const ids = Array.from({ length: 200 }, (_, i) => `u${i}`);
      await Promise.all(ids.map((userId) => one.publish('coaches.changed', { userId })));
      await vi.waitFor(() => expect(received).toHaveLength(ids.length));
      expect(received).toEqual(ids);
      expect(mostInFlight).toBe(1);
      expect(statements).toBeLessThan(10);
    } finally {
      spy.mockRestore();
      await one.close();
      await two.close();
      await database.close();
    }
  });

  it('an answer given through one server reaches the Player connected to the other, and their views there', async () => {
    const database = await openTestDatabase();
    const env = { DATABASE_URL: database.url ?? '', EVENTS_DRIVER: 'postgres' };
    const one = await createTestApp(env, database);
    const two = await createTestApp(env, database);
    try {
      const { coach, player, questionId: id } = await askedQuestion(one.app, one.ctx, 'Bus Coach');

      // Server two has shown the Player the question unanswered before the answer arrives.
      const onTwo = async (url: string) =>
        (await two.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } })).json();
      expect((await onTwo(`/api/questions/${id}`)).answer).toBeNull();
      expect((await onTwo('/api/questions/mine')).questions[0].status).toBe('pending');

      const base = await two.app.listen({ host: '127.0.0.1', port: 0 });
      const received = await waitForEvent(
        `${base}/api/events`,
        player.cookie,
        'questions.changed',
        async () => {
          expect(await answerQuestion(one.app, coach, id, 'Count your strokes.')).toBe(204);
        },
      );
      expect(received).toContain('event: questions.changed');
      // Server two's views read the answer at once (nothing private is cached, ADR 033).
      expect((await onTwo(`/api/questions/${id}`)).answer).toBe('Count your strokes.');
      expect((await onTwo('/api/questions/mine')).questions[0].status).toBe('answered');
    } finally {
      await one.close();
      await two.close();
      await database.close();
    }
  });
});
