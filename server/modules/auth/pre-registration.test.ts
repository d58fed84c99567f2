import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, mailOutbox, sessions, users } from '../../db/schema';
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

const ATTACKER_PASSWORD = 'attacker-chose-this-one';

/** What a sign-up answer lets its caller see: status, body keys and the cookies it sets. */
function shapeOf(res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) {
  const body = res.json() as { token: unknown; user: Record<string, unknown> };
  return {
    status: res.statusCode,
    keys: Object.keys(body).sort(),
    token: body.token,
    userKeys: Object.keys(body.user).sort(),
    emailVerified: body.user.emailVerified,
    cookies: cookieHeader(res)
      .split('; ')
      .map((c) => c.split('=')[0])
      .sort(),
  };
}

describe(`sign-up of an address someone else signed up first (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const open = (link: string, cookie?: string) => {
    const url = new URL(link);
    return t.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: cookie ? { cookie } : {},
    });
  };
  const userOf = (email: string) =>
    db().query.users.findFirst({ where: (u, { eq: is }) => is(u.email, email) });
  const mailsTo = (email: string) =>
    asSent(
      db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
        .orderBy(desc(mailOutbox.createdAt)),
    );
  const accountOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).json();

  it("restarts the attacker's unconfirmed account: only the victim's sign-up counts", async () => {
    const email = 'victim@example.test';
    const byAttacker = await signUp(t.app, {
      name: 'Mallory',
      email,
      password: ATTACKER_PASSWORD,
    });
    expect(byAttacker.statusCode).toBe(200);
    const attackerBrowser = cookieHeader(byAttacker);
    const attackerLink = await confirmationLink(t.ctx, email);

    const byVictim = await signUp(t.app, { name: 'Victoria', email });
    expect(shapeOf(byVictim)).toEqual(shapeOf(byAttacker));
    const victimBrowser = cookieHeader(byVictim);
    // The victim gets a fresh confirmation of their own sign-up.
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.html).toContain('Hi Victoria,');
    const victimLink = await confirmationLink(t.ctx, email);
    expect(victimLink).not.toBe(attackerLink);
    // The binding is not a function of the address: the two browsers hold different marks.
    expect(victimBrowser).toContain('playbook.signup=');
    expect(victimBrowser).not.toBe(attackerBrowser);

    // The attacker's password is gone at once (an unconfirmed right password would be a 403).
    expect((await signIn(t.app, email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    // The mail the attacker's sign-up caused confirms nobody and signs nobody in, in either browser.
    for (const browser of [victimBrowser, attackerBrowser]) {
      const opened = await open(attackerLink, browser);
      expect(opened.statusCode).toBe(302);
      expect(String(opened.headers.location)).toContain('error=INVALID_TOKEN');
      expect(cookieHeader(opened)).not.toContain('session_token');
    }
    expect((await userOf(email))?.emailVerified).toBe(false);

    // The victim confirms from the newest mail, in their browser, and is signed in as themself.
    const confirmed = await open(victimLink, victimBrowser);
    const session = cookieHeader(confirmed);
    expect(session).toContain('session_token');
    expect((await accountOf(session)).user).toMatchObject({ email, name: 'Victoria' });
    expect((await signIn(t.app, email)).statusCode).toBe(200);
    expect((await signIn(t.app, email, ATTACKER_PASSWORD)).statusCode).toBe(401);

    // Afterwards the attacker's link still does nothing.
    const late = await open(attackerLink, attackerBrowser);
    expect(String(late.headers.location)).toContain('error=INVALID_TOKEN');
    expect(cookieHeader(late)).not.toContain('session_token');
    const user = await userOf(email);
    expect(
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? '')),
    ).toHaveLength(2);
  });

  it('signs in by the newest link only the browser of the newest sign-up', async () => {
    const email = 'two-browsers@example.test';
    const first = cookieHeader(await signUp(t.app, { name: 'First Try', email }));
    const second = cookieHeader(await signUp(t.app, { name: 'Second Try', email }));
    const link = await confirmationLink(t.ctx, email);
    // The earlier sign-up's browser confirms the address but is not signed in.
    const byFirst = await open(link, first);
    expect(cookieHeader(byFirst)).not.toContain('session_token');
    expect((await userOf(email))?.emailVerified).toBe(true);
    expect((await signIn(t.app, email)).statusCode).toBe(200);

    // The same two sign-ups of another address: the second's browser is the one signed in.
    const again = 'two-browsers-again@example.test';
    await signUp(t.app, { name: 'First Try', email: again });
    const latest = cookieHeader(await signUp(t.app, { name: 'Second Try', email: again }));
    expect(latest).not.toBe(second);
    const bySecond = await open(await confirmationLink(t.ctx, again), latest);
    const session = cookieHeader(bySecond);
    expect(session).toContain('session_token');
    expect((await accountOf(session)).user).toMatchObject({ email: again, name: 'Second Try' });
  });

  it('changes nothing about a confirmed account, and answers like a fresh sign-up', async () => {
    const owner = await signedInUser(t.app, t.ctx, { name: 'Olive Owner' });
    const before = await userOf(owner.email);
    const [credential] = await db()
      .select()
      .from(accounts)
      .where(eq(accounts.userId, owner.userId));
    const mailsBefore = (await mailsTo(owner.email)).length;

    const fresh = await signUp(t.app, { name: 'Fresh Person', email: 'fresh-one@example.test' });
    const intruder = await signUp(t.app, {
      name: 'Intruder',
      email: owner.email,
      password: ATTACKER_PASSWORD,
    });
    expect(shapeOf(intruder)).toEqual(shapeOf(fresh));
    expect(intruder.json().user.id).not.toBe(owner.userId);

    expect(await userOf(owner.email)).toEqual(before);
    const [after] = await db().select().from(accounts).where(eq(accounts.userId, owner.userId));
    expect(after?.password).toBe(credential?.password);
    expect((await mailsTo(owner.email)).length).toBe(mailsBefore);
    expect((await accountOf(owner.cookie)).user).toMatchObject({ email: owner.email });
    expect((await signIn(t.app, owner.email)).statusCode).toBe(200);
    expect((await signIn(t.app, owner.email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect(await db().select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);
  });

  it("never restarts a deleted account's anonymised row", async () => {
    const gone = await signedInUser(t.app, t.ctx);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { cookie: gone.cookie, origin: 'http://localhost:3000' },
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    const row = await db().query.users.findFirst({
      where: (u, { eq: is }) => is(u.id, gone.userId),
    });
    expect(row?.deletedAt).not.toBeNull();
    const res = await signUp(t.app, { name: 'Squatter', email: row?.email ?? '' });
    expect(res.statusCode).toBeLessThan(500);
    expect(
      await db().query.users.findFirst({ where: (u, { eq: is }) => is(u.id, gone.userId) }),
    ).toEqual(row);
  });

  it('leaves a sign-up still being made alone, and takes over one left without a password', async () => {
    // better-auth has written the user and not yet its password: a second sign-up gets the
    // duplicate's answer (which looks like a fresh sign-up) and the first goes on untouched.
    const inFlight = 'in-flight@example.test';
    const [first] = await db()
      .insert(users)
      .values({ id: 'in-flight-user', name: 'First', email: inFlight, emailVerified: false })
      .returning();
    const second = await signUp(t.app, { name: 'Second', email: inFlight });
    expect(second.statusCode).toBe(200);
    expect(await db().select().from(users).where(eq(users.email, inFlight))).toEqual([first]);

    // One whose password never came (its process died) is restarted after a minute.
    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(users.id, 'in-flight-user'));
    expect((await signUp(t.app, { name: 'Second', email: inFlight })).statusCode).toBe(200);
    const [taken] = await db().select().from(users).where(eq(users.email, inFlight));
    expect(taken).toMatchObject({ name: 'Second' });
    expect(taken?.id).not.toBe('in-flight-user');
  });
});
