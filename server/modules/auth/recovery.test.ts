import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, sessions } from '../../db/schema';
import { asSent } from '../../test/mail';
import {
  confirmationLink,
  cookieHeader,
  PASSWORD,
  signedInUser,
  signIn,
  signUp,
} from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

const ORIGIN = { origin: 'http://localhost:3000' };
const NEW_PASSWORD = 'a-brand-new-password';

describe(`account recovery (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const mailsTo = (email: string) =>
    asSent(
      t.ctx.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
        .orderBy(desc(mailOutbox.createdAt)),
    );
  const pathOf = (link: string) => {
    const url = new URL(link);
    return url.pathname + url.search;
  };
  const accountOf = async (cookie: string) => (await get('/api/account', cookie)).json();

  it('resets a password by an e-mailed link that works once and signs every device out', async () => {
    const { cookie, email } = await signedInUser(t.app, t.ctx);
    const requested = await post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(requested.statusCode).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Reset your Playbook password');
    expect(mail?.html).toContain('Choose a new password');

    // The link leads to the web page with the token.
    const resetLink = await confirmationLink(t.ctx, email);
    const opened = await get(pathOf(resetLink));
    expect(opened.statusCode).toBe(302);
    const landing = new URL(String(opened.headers.location), 'http://localhost:3000');
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    expect(
      (await post('/api/auth/reset-password', { token, newPassword: 'short' })).statusCode,
    ).toBe(400);
    const reset = await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect((await accountOf(cookie)).user).toBeNull();
    expect((await signIn(t.app, email)).statusCode).toBe(401);
    expect((await signIn(t.app, email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'yet-another-one' });
    expect(again.statusCode).toBe(400);
    // (The newest mail is now the notice that the password changed: the reset link is the one read above.)
    const reopened = await get(pathOf(resetLink));
    expect(String(reopened.headers.location)).toContain('error=INVALID_TOKEN');
  });

  it('answers a reset request for an unknown address the same way, sending nothing', async () => {
    const res = await post('/api/auth/request-password-reset', {
      email: 'nobody-here@example.test',
      redirectTo: '/reset-password',
    });
    expect(res.statusCode).toBe(200);
    expect(await mailsTo('nobody-here@example.test')).toHaveLength(0);
  });

  it('resends the confirmation link of an unconfirmed account, and only on request', async () => {
    const email = 'resend@example.test';
    await signUp(t.app, { name: 'Rae Send', email });
    expect(await mailsTo(email)).toHaveLength(1);
    // Signing in unconfirmed is refused without mailing again: the page offers the resend.
    const refused = await signIn(t.app, email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(await mailsTo(email)).toHaveLength(1);

    const resent = await post('/api/auth/send-verification-email', {
      email,
      callbackURL: '/auth?mode=signin&confirmed=1',
    });
    expect(resent.statusCode).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe('Confirm your Playbook account');
    // The newest link confirms the account.
    await get(pathOf(await confirmationLink(t.ctx, email)));
    expect((await signIn(t.app, email)).statusCode).toBe(200);
  });

  it('signs in on confirmation only the browser that signed up', async () => {
    const email = 'browser@example.test';
    const signedUp = await signUp(t.app, { name: 'Bo Rowser', email });
    const mark = cookieHeader(signedUp);
    expect(mark).toContain('playbook.signup=');
    const link = pathOf(await confirmationLink(t.ctx, email));

    // Someone else opening the link confirms the address but gets no session.
    const elsewhere = await get(link);
    expect(elsewhere.statusCode).toBe(302);
    expect(cookieHeader(elsewhere)).not.toContain('session_token');
    const user = await t.ctx.database.db.query.users.findFirst({
      where: (u, { eq: is }) => is(u.email, email),
    });
    expect(user?.emailVerified).toBe(true);
    expect(
      await t.ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? '')),
    ).toHaveLength(0);

    // The browser that signed up is signed in by its own link.
    const other = 'browser2@example.test';
    const mine = cookieHeader(await signUp(t.app, { name: 'Bo Two', email: other }));
    const confirmed = await get(pathOf(await confirmationLink(t.ctx, other)), mine);
    const session = cookieHeader(confirmed);
    expect(session).toContain('session_token');
    expect((await accountOf(session)).user).toMatchObject({ email: other });
  });

  it('changes the e-mail address only once the new address confirms it', async () => {
    const { cookie, email } = await signedInUser(t.app, t.ctx);
    const next = `changed-${Date.now()}@example.test`;
    const asked = await post(
      '/api/auth/change-email',
      { newEmail: next, callbackURL: '/account?email=changed' },
      cookie,
    );
    expect(asked.statusCode).toBe(200);
    expect((await accountOf(cookie)).user.email).toBe(email);
    const [mail] = await mailsTo(next);
    expect(mail?.subject).toBe('Confirm your new Playbook e-mail address');

    const confirmed = await get(pathOf(await confirmationLink(t.ctx, next)), cookie);
    expect(confirmed.statusCode).toBe(302);
    expect(String(confirmed.headers.location)).toBe('/account?email=changed');
    expect((await accountOf(cookie)).user.email).toBe(next);
    expect((await signIn(t.app, next)).statusCode).toBe(200);
    expect((await signIn(t.app, email)).statusCode).toBe(401);
  });

  it('changes the password with the current one and signs out the other devices', async () => {
    const { cookie, email } = await signedInUser(t.app, t.ctx);
    const other = cookieHeader(await signIn(t.app, email));
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD, revokeOtherSessions: true },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect((await accountOf(cookieHeader(changed))).user).toMatchObject({ email });
    expect((await accountOf(other)).user).toBeNull();
    expect((await signIn(t.app, email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
