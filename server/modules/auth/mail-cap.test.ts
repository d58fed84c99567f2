import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { asSent } from '../../test/mail';
import { signedInUser, signUp } from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { ACCOUNT_MAIL_CAP } from './auth';

const ORIGIN = { origin: 'http://localhost:3000' };
const SOURCES = ['10.21.0.1', '10.21.0.2', '10.21.0.3', '10.21.0.4'];

describe(`account e-mails capped per recipient (${testDatabaseKind})`, () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A second process on the same database: the cap must hold across both.
    other = await createTestApp({}, t.ctx.database);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const mailsTo = (email: string, subject: string) =>
    asSent(
      t.ctx.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, subject))),
    );
  /** `count` requests spread over both processes and four source addresses, all at once. */
  const flood = (count: number, url: string, payload: object, cookie?: string) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        (i % 2 === 0 ? t : other).app.inject({
          method: 'POST',
          url,
          payload,
          remoteAddress: SOURCES[i % SOURCES.length],
          headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
        }),
      ),
    );

  it('sends at most the cap of reset mails to one address from many sources, answering alike', async () => {
    const { email } = await signedInUser(t.app, t.ctx);
    const answers = await flood(40, '/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'nobody-at-all@example.test', redirectTo: '/reset-password' },
      headers: ORIGIN,
    });
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(unknown.json());
    }
    expect(await mailsTo(email, 'Reset your Playbook password')).toHaveLength(
      ACCOUNT_MAIL_CAP.perRecipient,
    );

    // Once the window has passed, the address gets a reset mail again.
    await t.ctx.database.db
      .update(mailOutbox)
      .set({
        createdAt: sql`${mailOutbox.createdAt} - make_interval(mins => ${ACCOUNT_MAIL_CAP.windowMinutes})`,
      })
      .where(eq(mailOutbox.to, email));
    await flood(4, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(await mailsTo(email, 'Reset your Playbook password')).toHaveLength(
      2 * ACCOUNT_MAIL_CAP.perRecipient,
    );
  });

  it('caps confirmation mails, from sign-ups and resends together', async () => {
    const email = 'flooded-confirm@example.test';
    const signUps = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? t : other).app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          payload: { name: 'Flo Od', email, password: 'a-long-password', acceptTerms: true },
          remoteAddress: SOURCES[i % SOURCES.length],
          headers: ORIGIN,
        }),
      ),
    );
    // A sign-up racing another for the same new address may lose the insert (better-auth's 422).
    for (const res of signUps) expect([200, 422]).toContain(res.statusCode);
    const resends = await flood(20, '/api/auth/send-verification-email', {
      email,
      callbackURL: '/auth?mode=signin&confirmed=1',
    });
    for (const res of resends) expect(res.statusCode).toBe(200);
    expect(await mailsTo(email, 'Confirm your Playbook account')).toHaveLength(
      ACCOUNT_MAIL_CAP.perRecipient,
    );
  });

  it('caps e-mail change confirmations to the new address', async () => {
    const { cookie } = await signedInUser(t.app, t.ctx);
    const next = 'flooded-change@example.test';
    const answers = await flood(
      12,
      '/api/auth/change-email',
      { newEmail: next, callbackURL: '/account?email=changed' },
      cookie,
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(await mailsTo(next, 'Confirm your new Playbook e-mail address')).toHaveLength(
      ACCOUNT_MAIL_CAP.perRecipient,
    );
  });

  it('counts each recipient on its own', async () => {
    const a = await signedInUser(t.app, t.ctx);
    const b = await signedInUser(t.app, t.ctx);
    await flood(5, '/api/auth/request-password-reset', { email: a.email, redirectTo: '/r' });
    await flood(5, '/api/auth/request-password-reset', { email: b.email, redirectTo: '/r' });
    for (const email of [a.email, b.email]) {
      expect(await mailsTo(email, 'Reset your Playbook password')).toHaveLength(
        ACCOUNT_MAIL_CAP.perRecipient,
      );
    }
    expect(await signUp(t.app, { name: 'Just One', email: 'just-one@example.test' })).toBeTruthy();
    expect(await mailsTo('just-one@example.test', 'Confirm your Playbook account')).toHaveLength(1);
  });
});
