/**
 * The run's Coaches and Players, created through the product's API as the web app would: sign-up,
 * the confirmation link from the mail outbox (the dev mailbox is off in production), a real sign-in,
 * the role, the profile; Coaches also finish the local provider's payout onboarding.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { withChaosDb } from './database';
import { cookiesOf, send, type HttpResponse, type Identity } from './http';

const PASSWORD = 'chaos-password-123';

export interface Coach extends Identity {
  name: string;
  email: string;
  coachId: string;
  /** Price in cents, as the question will copy it. */
  priceCents: number;
}

export interface Player extends Identity {
  name: string;
  email: string;
  userId: string;
}

function expectStatus(res: HttpResponse, ok: number[], what: string): HttpResponse {
  if (!ok.includes(res.status)) throw new Error(`${what}: ${res.status} ${res.body.slice(0, 300)}`);
  return res;
}

async function confirmationLink(database: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = await withChaosDb(database, async (client) => {
      // A message not sent yet holds what it says, not its text (ADR 095): its link is in there.
      const { rows } = await client.query<{ text: string }>(
        `SELECT coalesce(text, content::text) AS text FROM mail_outbox WHERE "to" = $1
          ORDER BY created_at DESC LIMIT 1`,
        [email],
      );
      return rows[0]?.text.match(/https?:\/\/[^\s"]+/)?.[0];
    });
    if (link) return link;
    await sleep(100);
  }
  throw new Error(`no confirmation mail for ${email}`);
}

/** Sign-up, confirmation and sign-in; returns the identity with its session cookie. */
async function signedIn(
  baseUrl: string,
  database: string,
  name: string,
  email: string,
  address: string,
): Promise<Identity> {
  const anonymous: Identity = { address };
  expectStatus(
    await send(baseUrl, anonymous, {
      method: 'POST',
      path: '/api/auth/sign-up/email',
      json: { name, email, password: PASSWORD, acceptTerms: true, callbackURL: '/' },
    }),
    [200],
    `sign-up of ${email}`,
  );
  const link = new URL(await confirmationLink(database, email));
  expectStatus(
    await send(baseUrl, anonymous, { path: link.pathname + link.search }),
    [200, 302],
    `confirmation of ${email}`,
  );
  const signIn = expectStatus(
    await send(baseUrl, anonymous, {
      method: 'POST',
      path: '/api/auth/sign-in/email',
      json: { email, password: PASSWORD },
    }),
    [200],
    `sign-in of ${email}`,
  );
  const cookie = cookiesOf(signIn);
  if (!cookie) throw new Error(`sign-in of ${email}: no session cookie`);
  return { address, cookie };
}

export async function createCoach(
  baseUrl: string,
  database: string,
  n: number,
  runId: string,
  priceDollars: number,
): Promise<Coach> {
  const name = `Chaos Coach ${n}`;
  const email = `coach${n}-${runId}@chaos.playbook.local`;
  const who = await signedIn(baseUrl, database, name, email, `10.66.1.${n}`);
  expectStatus(
    await send(baseUrl, who, {
      method: 'POST',
      path: '/api/account/roles',
      json: { role: 'expert' },
    }),
    [200],
    `role of ${email}`,
  );
  const profile = expectStatus(
    await send(baseUrl, who, {
      method: 'PUT',
      path: '/api/profiles/expert',
      json: {
        name,
        expertise: 'Crash recovery',
        price: String(priceDollars),
        acceptedAgreement: true,
      },
    }),
    [200],
    `Coach profile of ${email}`,
  );
  const coachId = (JSON.parse(profile.body) as { id: string }).id;
  // Payout onboarding through the local provider's test page, so the release sweep pays out.
  const connect = expectStatus(
    await send(baseUrl, who, { method: 'POST', path: '/api/payments/connect' }),
    [200],
    `payment account of ${email}`,
  );
  const onboardingUrl = new URL((JSON.parse(connect.body) as { url: string }).url);
  const accountId = onboardingUrl.pathname.split('/').pop() ?? '';
  expectStatus(
    await send(baseUrl, who, {
      method: 'POST',
      path: `/api/payments/local/onboarding/${encodeURIComponent(accountId)}/complete`,
    }),
    [204],
    `onboarding of ${email}`,
  );
  return { ...who, name, email, coachId, priceCents: priceDollars * 100 };
}

export async function createPlayer(
  baseUrl: string,
  database: string,
  n: number,
  runId: string,
): Promise<Player> {
  const name = `Chaos Player ${n}`;
  const email = `player${n}-${runId}@chaos.playbook.local`;
  const who = await signedIn(baseUrl, database, name, email, `10.66.2.${n}`);
  const account = expectStatus(
    await send(baseUrl, who, {
      method: 'POST',
      path: '/api/account/roles',
      json: { role: 'asker' },
    }),
    [200],
    `role of ${email}`,
  );
  expectStatus(
    await send(baseUrl, who, { method: 'PUT', path: '/api/profiles/asker', json: { name } }),
    [204],
    `Player profile of ${email}`,
  );
  const userId = (JSON.parse(account.body) as { user: { id: string } }).user.id;
  return { ...who, name, email, userId };
}

/** The administrator the server creates at start-up (ADMIN_USERNAME and ADMIN_PASSWORD). */
export const CHAOS_ADMIN = { username: 'chaos_admin', password: 'chaos-admin-password-123' };

export interface Admin extends Identity {
  /** The bearer token, sent as an Authorization header. */
  headers: Record<string, string>;
}

export async function signInAdmin(baseUrl: string): Promise<Admin> {
  const who: Identity = { address: '10.66.3.1' };
  const res = expectStatus(
    await send(baseUrl, who, { method: 'POST', path: '/api/admin/login', json: CHAOS_ADMIN }),
    [200],
    'administrator login',
  );
  const { token } = JSON.parse(res.body) as { token: string };
  return { ...who, headers: { authorization: `Bearer ${token}` } };
}
