import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts';
import { answerQuestion, askedQuestion, coachProfile } from '../../test/asked-question';
import {
  createTestApp,
  openTestDatabase,
  testDatabaseKind,
  type TestApp,
} from '../../test/harness';
import { openSse } from '../../test/sse';

describe(`GET /api/events (${testDatabaseKind})`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it("announces 'coaches.changed' when a Coach saves a profile", async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const event = (async () => {
      while (!received.includes('event: coaches.changed')) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
      }
    })();

    const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: coach.cookie },
      payload: { name: 'Live Coach', expertise: 'Tennis', price: 20, acceptedAgreement: true },
    });
    await event;
    controller.abort();
    expect(received).toContain('event: coaches.changed');
  });

  it("tells a Coach's own tabs when their payment account is ready, and the rest of the world only that a Coach changed", async () => {
    const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    // A profile without payouts yet (coachProfile would connect them).
    await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: coach.cookie },
      payload: { name: 'Tab Coach', expertise: 'Swim', price: 10, acceptedAgreement: true },
    });
    const connect = await t.app.inject({
      method: 'POST',
      url: '/api/payments/connect',
      headers: { cookie: coach.cookie },
    });
    const accountId = new URL((connect.json() as { url: string }).url).pathname.split('/').pop();
    const other = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const own = await openSse(`${base}/api/events`, { cookie: coach.cookie });
    const theirs = await openSse(`${base}/api/events`, { cookie: other.cookie });
    try {
      // Onboarding finished in another tab, as the local provider's Complete does it.
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/payments/local/onboarding/${accountId}/complete`,
        headers: { cookie: coach.cookie },
      });
      expect(done.statusCode).toBe(204);
      await own.until((text) => text.includes('event: coaches.changed\ndata: {"own":true}'));
      await theirs.until((text) => text.includes('event: coaches.changed\ndata: {}'));
      expect(await theirs.until(() => true)).not.toContain('"own"');
    } finally {
      own.close();
      theirs.close();
    }
  });
});

describe(`GET /api/events resumed with Last-Event-ID (${testDatabaseKind})`, () => {
  it('gives a returning Player what was published while they were away, by another process too', async () => {
    const database = await openTestDatabase();
    const one = await createTestApp({}, database);
    const two = await createTestApp({}, database);
    try {
      const { coach, player, questionId } = await askedQuestion(one.app, one.ctx, 'Resume Coach');

      // The Player's stream on server two tells it where it stands, then drops.
      const base = await two.app.listen({ host: '127.0.0.1', port: 0 });
      const first = await openSse(`${base}/api/events`, { cookie: player.cookie });
      await first.until((received) => /^id: \d+$/m.test(received));
      const lastEventId = first.lastEventId()!;
      first.close();

      // Meanwhile, through server one: the answer, and another Coach's profile.
      expect(await answerQuestion(one.app, coach, questionId, 'Square the club face.')).toBe(204);
      const another = await signedInUser(one.app, one.ctx, { roles: ['expert'] });
      await coachProfile(one.app, another, 'Other Coach');

      const resumed = await openSse(`${base}/api/events`, {
        cookie: player.cookie,
        'last-event-id': lastEventId,
      });
      const received = await resumed.until(
        (text) =>
          text.includes('event: questions.changed') && text.includes('event: coaches.changed'),
      );
      resumed.close();
      const ids = [...received.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
      expect(ids.length).toBeGreaterThanOrEqual(2);
      expect(ids.every((n) => n > Number(lastEventId))).toBe(true);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));

      // An id the journal no longer covers: everything is announced, so the browser refetches all.
      const stale = await openSse(`${base}/api/events`, {
        cookie: player.cookie,
        'last-event-id': '999999999',
      });
      await stale.until(
        (text) =>
          text.includes('event: questions.changed') && text.includes('event: coaches.changed'),
      );
      stale.close();
    } finally {
      await one.close();
      await two.close();
      await database.close();
    }
  });
});
