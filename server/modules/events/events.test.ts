import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../admin/service';
import { cookieHeader, PASSWORD, signedInUser, signIn } from '../../test/accounts';
import { answerQuestion, askedQuestion, coachProfile } from '../../test/asked-question';
import {
  createTestApp,
  openTestDatabase,
  testDatabaseKind,
  type TestApp,
} from '../../test/harness';
import { openSse, type SseStream } from '../../test/sse';

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

describe(`GET /api/events ends with the session it was opened with (${testDatabaseKind})`, () => {
  const ORIGIN = { origin: 'http://localhost:3000' };
  let t: TestApp;
  let base: string;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    await createAdmin(t.ctx.database.db, 'stream-admin', 'a-long-admin-password');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'stream-admin', password: 'a-long-admin-password' },
    });
    admin = { authorization: `Bearer ${login.json().token as string}` };
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...ORIGIN, cookie }, payload });
  const tokenOf = (cookie: string) =>
    decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
  const anotherSession = async (email: string) => cookieHeader(await signIn(t.app, email));

  it('on sign-out, a revoked session and "sign out everywhere else": those sessions’ streams end, the others stay open', async () => {
    const person = await signedInUser(t.app, t.ctx);
    const kept = await anotherSession(person.email);
    const revoked = await anotherSession(person.email);
    const others = await anotherSession(person.email);
    const [signingOut, staying, ofRevoked] = await openStreams(base, [
      person.cookie,
      kept,
      revoked,
    ]);

    expect((await post('/api/auth/sign-out', person.cookie)).statusCode).toBe(200);
    await endsSoon(signingOut!);
    expect(
      (await post('/api/auth/revoke-session', kept, { token: tokenOf(revoked) })).statusCode,
    ).toBe(200);
    await endsSoon(ofRevoked!);
    await stillOpen(t, staying!);

    const [ofOthers] = await openStreams(base, [others]);
    expect((await post('/api/auth/revoke-other-sessions', kept)).statusCode).toBe(200);
    await endsSoon(ofOthers!);
    await stillOpen(t, staying!);
  });

  it('on a password change: every stream of the sessions it ends', async () => {
    const person = await signedInUser(t.app, t.ctx);
    const elsewhere = await anotherSession(person.email);
    const streams = await openStreams(base, [person.cookie, elsewhere]);
    const changed = await post('/api/auth/change-password', person.cookie, {
      currentPassword: PASSWORD,
      newPassword: 'another-long-password',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    for (const stream of streams) await endsSoon(stream);
  });

  it('on suspension by an administrator, and on deletion of the account', async () => {
    const suspended = await signedInUser(t.app, t.ctx);
    const deleting = await signedInUser(t.app, t.ctx);
    const [ofSuspended, ofDeleting] = await openStreams(base, [suspended.cookie, deleting.cookie]);
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${suspended.userId}/suspend`,
      headers: admin,
      payload: { reason: 'Streams end too' },
    });
    expect(suspend.statusCode).toBe(204);
    await endsSoon(ofSuspended!);
    await stillOpen(t, ofDeleting!);
    const deleted = await post('/api/account/delete', deleting.cookie, { password: PASSWORD });
    expect(deleted.statusCode).toBe(204);
    await endsSoon(ofDeleting!);
  });
});

// Across processes the bus is PostgreSQL's LISTEN/NOTIFY: this runs in the PostgreSQL pass.
describe.runIf(testDatabaseKind === 'postgres')(
  'GET /api/events ends with its session, whichever process ended it',
  () => {
    it('closes the stream open on one server when the session ends through another', async () => {
      const database = await openTestDatabase();
      const env = { DATABASE_URL: database.url ?? '', EVENTS_DRIVER: 'postgres' };
      const one = await createTestApp(env, database);
      const two = await createTestApp(env, database);
      try {
        const person = await signedInUser(one.app, one.ctx);
        const base = await two.app.listen({ host: '127.0.0.1', port: 0 });
        const [stream] = await openStreams(base, [person.cookie]);
        const out = await one.app.inject({
          method: 'POST',
          url: '/api/auth/sign-out',
          headers: { origin: 'http://localhost:3000', cookie: person.cookie },
        });
        expect(out.statusCode).toBe(200);
        await endsSoon(stream!);
      } finally {
        await one.close();
        await two.close();
        await database.close();
      }
    });
  },
);

/** Every stream the cases below open, closed after each (a failed case leaves none open). */
const opened = new Set<SseStream>();
afterEach(() => {
  for (const stream of opened) stream.close();
  opened.clear();
});

/** Signed-in streams, each open once the server has said where it stands (its first `id:`). */
async function openStreams(base: string, cookies: string[]): Promise<SseStream[]> {
  return Promise.all(
    cookies.map(async (cookie) => {
      const stream = await openSse(`${base}/api/events`, { cookie });
      opened.add(stream);
      await stream.until((received) => /^id: \d+$/m.test(received));
      return stream;
    }),
  );
}

/** The server ends the stream within a few seconds (it used to stay open for as long as the tab). */
async function endsSoon(stream: SseStream) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'open'>((resolve) => {
    timer = setTimeout(() => resolve('open'), 5000);
  });
  const outcome = await Promise.race([stream.ended.then(() => 'ended' as const), late]);
  clearTimeout(timer);
  stream.close();
  expect(outcome).toBe('ended');
}

/** The stream still delivers: a Coach change published now reaches it. */
async function stillOpen(t: TestApp, stream: SseStream) {
  const count = (text: string) => text.split('event: coaches.changed').length;
  const before = count(await stream.until(() => true));
  await t.ctx.bus.publish('coaches.changed', { userId: 'nobody' });
  await stream.until((received) => count(received) > before);
}
