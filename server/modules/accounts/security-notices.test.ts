import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, sessions } from '../../db/schema';
import { asSent } from '../../test/mail';
import { SESSION_ACTIVITY_STEP_MINUTES } from '../auth/data';
import {
  confirmationLink,
  cookieHeader,
  PASSWORD,
  signedInUser,
  signIn,
} from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { browserSummary } from './sessions';

const ORIGIN = { origin: 'http://localhost:3000' };
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe(`security notices and the sessions list (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...ORIGIN, cookie } });
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const newest = async (email: string, subject: string) => {
    const [mail] = await asSent(
      t.ctx.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, subject)))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1),
    );
    return mail;
  };
  const pathOf = (link: string) => {
    const url = new URL(link);
    return url.pathname + url.search;
  };
  const turnEverythingOff = async (cookie: string) => {
    for (const category of ['new_questions', 'conversation_messages', 'reminders', 'payout_sent']) {
      await post('/api/account/notifications', { category, enabled: false }, cookie);
    }
  };

  it('a changed e-mail address is told to the old address, with where to get help', async () => {
    const { cookie, email, name } = await signedInUser(t.app, t.ctx);
    await turnEverythingOff(cookie);
    const next = `moved-${Date.now()}@example.test`;
    expect(
      (await post('/api/auth/change-email', { newEmail: next, callbackURL: '/account' }, cookie))
        .statusCode,
    ).toBe(200);
    // Nothing is said before the change is carried out.
    expect(await newest(email, 'Your Playbook e-mail address was changed')).toBeUndefined();
    expect((await get(pathOf(await confirmationLink(t.ctx, next)), cookie)).statusCode).toBe(302);

    const notice = await newest(email, 'Your Playbook e-mail address was changed');
    expect(notice?.text).toContain(`Hi ${name},`);
    expect(notice?.text).toContain(
      `The e-mail address of your Playbook account was changed from ${email} to ${next}.`,
    );
    expect(notice?.text).toContain(`${t.ctx.config.PUBLIC_URL}/contact`);
    expect(notice?.headers).toBeNull();
    expect(await newest(next, 'Your Playbook e-mail address was changed')).toBeUndefined();
  });

  it('a changed password is told to the person, in Account Settings or by a reset link', async () => {
    const { cookie, email } = await signedInUser(t.app, t.ctx);
    await turnEverythingOff(cookie);
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'not-my-password', newPassword: 'a-brand-new-password' },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(await newest(email, 'Your Playbook password was changed')).toBeUndefined();

    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'a-brand-new-password', revokeOtherSessions: true },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    const notice = await newest(email, 'Your Playbook password was changed');
    expect(notice?.text).toContain(
      'The password of your Playbook account was just changed, and your other devices were signed out.',
    );
    expect(notice?.text).toContain(`${t.ctx.config.PUBLIC_URL}/contact`);
    await t.ctx.database.db.delete(mailOutbox).where(eq(mailOutbox.to, email));

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/reset-password' },
      headers: ORIGIN,
    });
    const opened = await get(pathOf(await confirmationLink(t.ctx, email)));
    const token =
      new URL(String(opened.headers.location), 'http://x').searchParams.get('token') ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'yet-another-password' },
      headers: ORIGIN,
    });
    expect(reset.statusCode).toBe(200);
    expect(await newest(email, 'Your Playbook password was changed')).toBeDefined();
  });

  it('lists where the account is signed in, and signs out everywhere else', async () => {
    const { cookie, email } = await signedInUser(t.app, t.ctx);
    expect((await get('/api/account/sessions')).statusCode).toBe(401);
    const signInWith = async (userAgent: string) =>
      cookieHeader(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email, password: PASSWORD },
          headers: { ...ORIGIN, 'user-agent': userAgent },
        }),
      );
    const firefox = await signInWith(FIREFOX);
    const phone = await signInWith(SAFARI_IPHONE);

    const listed = await get('/api/account/sessions', firefox);
    expect(listed.statusCode).toBe(200);
    const { sessions } = listed.json() as {
      sessions: { id: string; browser: string; current: boolean; createdAt: string }[];
    };
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.browser)).toEqual(['Firefox on Windows']);
    expect(sessions.map((s) => s.browser)).toContain('Safari on iOS');
    expect(JSON.stringify(sessions)).not.toContain(firefox.split('=')[1]?.split('.')[0]);

    const out = await post('/api/auth/revoke-other-sessions', {}, firefox);
    expect(out.statusCode).toBe(200);
    expect((await get('/api/account', phone)).json().user).toBeNull();
    expect((await get('/api/account', cookie)).json().user).toBeNull();
    const left = (await get('/api/account/sessions', firefox)).json().sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    expect((await signIn(t.app, email)).statusCode).toBe(200);
  });

  it("revokes only the person's own sessions: anyone else's, or an unknown one, is a 404 (issue 36)", async () => {
    const owner = await signedInUser(t.app, t.ctx);
    const other = await signedInUser(t.app, t.ctx);
    const tokenOf = (cookie: string) =>
      decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    const second = cookieHeader(await signIn(t.app, owner.email));
    const revoke = (token: string, cookie: string) =>
      post('/api/auth/revoke-session', { token }, cookie);
    const signedIn = async (cookie: string) => (await get('/api/account', cookie)).json().user;

    const theirs = await revoke(tokenOf(owner.cookie), other.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('"status":true');
    expect(await signedIn(owner.cookie)).not.toBeNull();
    expect((await revoke('no-such-session-token', owner.cookie)).statusCode).toBe(404);

    const own = await revoke(tokenOf(second), owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ status: true });
    expect(await signedIn(second)).toBeNull();
    expect(await signedIn(owner.cookie)).not.toBeNull();
    // Signed out, the endpoint still answers better-auth's 401 first.
    expect((await post('/api/auth/revoke-session', { token: 'x' }, '')).statusCode).toBe(401);
  });

  it('moves "Last active" when the session is used, at most once per step (issue 36)', async () => {
    const { cookie } = await signedInUser(t.app, t.ctx);
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    const db = t.ctx.database.db;
    const setActive = (minutesAgo: number) =>
      db
        .update(sessions)
        .set({ updatedAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(sessions.token, token));
    const lastActive = async () => {
      const listed = (await get('/api/account/sessions', cookie)).json() as {
        sessions: { current: boolean; lastActiveAt: string }[];
      };
      return Date.parse(listed.sessions.find((s) => s.current)!.lastActiveAt);
    };

    // Used an hour after its last recorded use: now is recorded.
    await setActive(60);
    expect((await get('/api/account', cookie)).json().user).not.toBeNull();
    expect(Date.now() - (await lastActive())).toBeLessThan(60_000);

    // Used again within the step: no write, the recorded moment stays.
    const within = SESSION_ACTIVITY_STEP_MINUTES - 2;
    await setActive(within);
    await get('/api/account', cookie);
    expect(Date.now() - (await lastActive())).toBeGreaterThan((within - 1) * 60_000);
  });

  it('names browsers and systems from their user agents', () => {
    expect(browserSummary(FIREFOX)).toBe('Firefox on Windows');
    expect(browserSummary(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(
      browserSummary(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(
      browserSummary(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on macOS');
    expect(browserSummary(null)).toBe('Unknown browser');
  });
});
