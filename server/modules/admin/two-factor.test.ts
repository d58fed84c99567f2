import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_GLOBAL_FAILURES_PER_MINUTE,
  ADMIN_MESSAGES,
  ADMIN_THROTTLED_LOGIN_DELAY_MS,
} from '../../../contracts/admin';
import { adminAccounts, adminAuditLog } from '../../db/schema';
import { adminAttemptsAge } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { createAdmin } from './service';

const PASSWORD = 'a-long-admin-password';
const STEP_MS = 30_000;

/** What the administrator's authenticator app shows, `steps` periods from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * STEP_MS,
  });

/** A well-formed code that is none of the codes the drift window accepts right now. */
const wrongCodeFor = (secret: string) => {
  const accepted = new Set([-1, 0, 1].map((steps) => codeFor(secret, steps)));
  let code = 0;
  while (accepted.has(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
};

describe(`two-factor sign-in for administrators (${testDatabaseKind})`, () => {
  let t: TestApp;
  let address = 0;
  const db = () => t.ctx.database.db;
  const login = (username: string, body: { password?: string; code?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password: PASSWORD, ...body },
      remoteAddress: `10.40.0.${++address}`,
    });
  const call = (token: string, url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const session = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();

  /** An administrator with two-factor sign-in on; returns the secret their app holds. */
  async function enrolled(username: string) {
    await createAdmin(db(), username, PASSWORD);
    const token = (await login(username)).json().token as string;
    const setup = await call(token, '/api/admin/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(qrSvg).toContain('<svg');
    // The previous step's code, so the next login's (current) code is newer.
    const on = await call(token, '/api/admin/totp/enable', { code: codeFor(secret, -1) });
    expect(on.statusCode).toBe(204);
    return { secret: secret as string, token };
  }

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_LOCKOUT_MINUTES: '15' });
  });
  afterAll(() => t.close());

  it('turns on with a code from the new secret, kept encrypted, and asks for it at every login', async () => {
    await createAdmin(db(), 'two-factor', PASSWORD);
    const token = (await login('two-factor')).json().token as string;
    expect((await session(token)).totpEnabled).toBe(false);
    const { secret } = (await call(token, '/api/admin/totp/setup')).json();

    const wrong = await call(token, '/api/admin/totp/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ADMIN_MESSAGES.totpWrong);
    expect((await call(token, '/api/admin/totp/enable', { code: 'abc' })).statusCode).toBe(400);
    expect(
      (await call(token, '/api/admin/totp/enable', { code: codeFor(secret, -1) })).statusCode,
    ).toBe(204);
    expect((await session(token)).totpEnabled).toBe(true);
    const [row] = await db()
      .select()
      .from(adminAccounts)
      .where(eq(adminAccounts.username, 'two-factor'));
    expect(row?.totpSecret).not.toContain(secret);
    expect(row?.totpPendingSecret).toBeNull();

    const asked = await login('two-factor');
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toMatchObject({
      message: ADMIN_MESSAGES.totpRequired,
      fields: { code: ADMIN_MESSAGES.totpRequired },
    });
    const ok = await login('two-factor', { code: codeFor(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));
    // A setup cannot start over while it is on.
    expect((await call(token, '/api/admin/totp/setup')).statusCode).toBe(409);
  });

  it('refuses a code used once already', async () => {
    const { secret } = await enrolled('no-replay');
    const code = codeFor(secret);
    expect((await login('no-replay', { code })).statusCode).toBe(200);
    const replay = await login('no-replay', { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(ADMIN_MESSAGES.totpWrong);
  });

  it('never says whether it is on to a wrong password', async () => {
    await enrolled('quiet-admin');
    const res = await login('quiet-admin', { password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(ADMIN_MESSAGES.invalidCredentials);
  });

  it('counts wrong codes towards the lockout, but not the request for a code', async () => {
    const { secret } = await enrolled('code-guesser');
    const from = '10.41.0.1';
    const attempt = (code?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'code-guesser', password: PASSWORD, ...(code ? { code } : {}) },
        remoteAddress: from,
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    for (let i = 1; i <= 4; i++) {
      expect((await attempt('000000')).json().message).toBe(ADMIN_MESSAGES.totpWrong);
    }
    expect((await attempt('000000')).json().message).toBe(ADMIN_MESSAGES.locked);
    expect((await attempt(codeFor(secret))).statusCode).toBe(423);
    const failures = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.username, 'code-guesser'));
    expect(failures.filter((f) => f.action === 'login' && !f.success)).toHaveLength(6);
    // Each request for the code is on record too, under its own action.
    expect(failures.filter((f) => f.action === 'login-code-asked')).toHaveLength(3);
  });

  it('turns off only with a current code', async () => {
    const { secret, token } = await enrolled('turn-off');
    expect((await call(token, '/api/admin/totp/disable', { code: '000000' })).statusCode).toBe(400);
    expect(
      (await call(token, '/api/admin/totp/disable', { code: codeFor(secret) })).statusCode,
    ).toBe(204);
    expect((await session(token)).totpEnabled).toBe(false);
    expect((await login('turn-off')).statusCode).toBe(200);
    // Once off, turning off again says so instead of blaming the code.
    const again = await call(token, '/api/admin/totp/disable', { code: codeFor(secret, 1) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_MESSAGES.totpNotOn);
    const audited = await db()
      .select({ action: adminAuditLog.action, success: adminAuditLog.success })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.username, 'turn-off'));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'totp-setup', success: true },
        { action: 'totp-enable', success: true },
        { action: 'totp-disable', success: false },
        { action: 'totp-disable', success: true },
      ]),
    );
  });

  it('issue 21: locks turning it off after five wrong codes, even for the right code, until the lock passes', async () => {
    const { secret, token } = await enrolled('stolen-token');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(token, '/api/admin/totp/disable', { code: wrongCodeFor(secret) })).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    const right = await call(token, '/api/admin/totp/disable', { code: codeFor(secret) });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(ADMIN_MESSAGES.totpLocked);
    expect((await session(token)).totpEnabled).toBe(true);
    const audited = await db()
      .select({ details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.username, 'stolen-token'), eq(adminAuditLog.action, 'totp-disable')),
      );
    expect(audited.map((row) => (row.details as { reason: string }).reason)).toEqual([
      ...Array(4).fill('invalid code'),
      ...Array(3).fill('locked'),
    ]);
    await adminAttemptsAge(db(), 16);
    expect(
      (await call(token, '/api/admin/totp/disable', { code: codeFor(secret) })).statusCode,
    ).toBe(204);
  });

  it('limits the code that turns it on the same way', async () => {
    await createAdmin(db(), 'enable-guesser', PASSWORD);
    const token = (await login('enable-guesser')).json().token as string;
    const { secret } = (await call(token, '/api/admin/totp/setup')).json();
    for (let i = 0; i < 5; i++) {
      await call(token, '/api/admin/totp/enable', { code: wrongCodeFor(secret) });
    }
    const right = await call(token, '/api/admin/totp/enable', { code: codeFor(secret) });
    expect(right.statusCode).toBe(429);
    expect((await session(token)).totpEnabled).toBe(false);
  });

  it('asks for the code with the password while a guess spread over many addresses goes on', async () => {
    const { secret } = await enrolled('spread-2fa');
    for (let i = 1; i <= ADMIN_GLOBAL_FAILURES_PER_MINUTE; i++) {
      const res = await login('spread-2fa', { password: 'wrong-password' });
      expect(res.statusCode).toBe(401);
    }
    // Right and wrong passwords without the code get the same answer, and neither is a failure.
    const right = await login('spread-2fa');
    const wrong = await login('spread-2fa', { password: 'wrong-password' });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json().fields).toEqual({ code: ADMIN_MESSAGES.totpRequired });
    // With the code, a wrong password and a wrong code get the same answer too.
    const badPassword = await login('spread-2fa', {
      password: 'wrong-password',
      code: codeFor(secret),
    });
    const badCode = await login('spread-2fa', { code: wrongCodeFor(secret) });
    expect(badPassword.json()).toEqual(badCode.json());
    expect(badCode.json().message).toBe(ADMIN_MESSAGES.passwordOrCodeWrong);
    const started = Date.now();
    expect((await login('spread-2fa', { code: codeFor(secret) })).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(ADMIN_THROTTLED_LOGIN_DELAY_MS);
  });

  it('is only for a signed-in administrator', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/totp/setup' });
    expect(res.statusCode).toBe(401);
  });
});
