/**
 * A client as a well-behaved app or browser would be: it retries what is safe to retry (GETs, and
 * writes that carry an Idempotency-Key) when the connection fails or a proxy answers 502, 503 or 504,
 * with a short back-off; anything else is its answer. Only an answer counts as acknowledged.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { cookiesOf, sendRequest, type RawResponse } from '../../scripts/lib/http';
import type { SmtpSink } from './smtp';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
/** How long one call keeps retrying before it gives up and counts as failed. */
const GIVE_UP_AFTER_MS = 45_000;
const RETRYABLE_STATUS = new Set([502, 503, 504]);

export interface Request {
  method?: string;
  path: string;
  json?: unknown;
  headers?: Record<string, string>;
}

export interface Identity {
  cookie?: string;
  /** The client address HAProxy would report; each user has its own, for the per-address limits. */
  address: string;
}

export class Client {
  /** Retries made, by cause (`ECONNRESET`, `503`, …): how much the retries had to absorb. */
  readonly retries = new Map<string, number>();

  constructor(readonly publicUrl: string) {}

  /** One attempt; rejects on a connection error. */
  once(base: string, who: Identity, req: Request): Promise<RawResponse> {
    return sendRequest(new URL(req.path, base), {
      method: req.method,
      agent,
      json: req.json,
      timeoutMs: 15_000,
      headers: {
        origin: new URL(this.publicUrl).origin,
        'x-forwarded-for': who.address,
        ...(who.cookie ? { cookie: who.cookie } : {}),
        ...req.headers,
      },
    });
  }

  /** Sends through `base` (the load balancer unless given), retrying when that is safe. */
  async send(who: Identity, req: Request, base = this.publicUrl): Promise<RawResponse> {
    const method = req.method ?? 'GET';
    const retryable = method === 'GET' || Boolean(req.headers?.['idempotency-key']);
    const started = Date.now();
    let backoff = 50;
    for (;;) {
      let cause: string;
      try {
        const res = await this.once(base, who, req);
        if (!retryable || !RETRYABLE_STATUS.has(res.status)) return res;
        cause = String(res.status);
      } catch (err) {
        if (!retryable) throw err;
        cause = (err as NodeJS.ErrnoException).code ?? String(err);
      }
      this.retries.set(cause, (this.retries.get(cause) ?? 0) + 1);
      if (Date.now() - started > GIVE_UP_AFTER_MS) {
        throw new Error(`${method} ${req.path}: gave up after ${GIVE_UP_AFTER_MS} ms (${cause})`);
      }
      await sleep(backoff);
      backoff = Math.min(backoff * 2, 1000);
    }
  }

  /** Sends and insists on one of the `ok` statuses; returns the parsed JSON body (or null). */
  async expect<T = unknown>(who: Identity, req: Request, ok: number[], base?: string) {
    const res = await this.send(who, req, base);
    if (!ok.includes(res.status)) {
      throw new Error(
        `${req.method ?? 'GET'} ${req.path}: ${res.status} ${res.body.slice(0, 300)}`,
      );
    }
    return { res, body: (res.body ? JSON.parse(res.body) : null) as T };
  }
}

const PASSWORD = 'cluster-password-123';

export interface User extends Identity {
  name: string;
  email: string;
  userId: string;
}

export interface Coach extends User {
  coachId: string;
  priceCents: number;
}

/** Sign-up, the confirmation link as the SMTP server received it, sign-in and a role. */
async function signedUp(
  client: Client,
  smtp: SmtpSink,
  name: string,
  email: string,
  address: string,
  role: 'expert' | 'asker',
): Promise<User> {
  const anonymous: Identity = { address };
  await client.expect(
    anonymous,
    {
      method: 'POST',
      path: '/api/auth/sign-up/email',
      json: { name, email, password: PASSWORD, acceptTerms: true, callbackURL: '/' },
    },
    [200],
  );
  const mail = await smtp.waitFor(
    (m) => m.to.includes(email) && m.subject === 'Confirm your Playbook account',
  );
  const link = new URL(
    /https?:\/\/\S*\/api\/auth\/verify-email[^\s"<>]*/.exec(mail.text)?.[0] ?? '',
  );
  await client.expect(anonymous, { path: link.pathname + link.search }, [200, 302]);
  const signIn = await client.expect(
    anonymous,
    { method: 'POST', path: '/api/auth/sign-in/email', json: { email, password: PASSWORD } },
    [200],
  );
  const who = { address, cookie: cookiesOf(signIn.res) };
  const account = await client.expect<{ user: { id: string } }>(
    who,
    { method: 'POST', path: '/api/account/roles', json: { role } },
    [200],
  );
  return { ...who, name, email, userId: account.body.user.id };
}

export async function createCoach(client: Client, smtp: SmtpSink, runId: string): Promise<Coach> {
  const name = 'Cluster Coach';
  const user = await signedUp(
    client,
    smtp,
    name,
    `coach-${runId}@cluster.playbook.local`,
    '10.77.1.1',
    'expert',
  );
  const profile = await client.expect<{ id: string }>(
    user,
    {
      method: 'PUT',
      path: '/api/profiles/expert',
      json: { name, expertise: 'Rolling restarts', price: '25', acceptedAgreement: true },
    },
    [200],
  );
  // Payout onboarding through the local provider's test page, so the release sweep pays out.
  const connect = await client.expect<{ url: string }>(
    user,
    { method: 'POST', path: '/api/payments/connect' },
    [200],
  );
  const accountId = new URL(connect.body.url).pathname.split('/').pop() ?? '';
  await client.expect(
    user,
    {
      method: 'POST',
      path: `/api/payments/local/onboarding/${encodeURIComponent(accountId)}/complete`,
    },
    [204],
  );
  return { ...user, coachId: profile.body.id, priceCents: 2500 };
}

export async function createPlayer(
  client: Client,
  smtp: SmtpSink,
  runId: string,
  n: number,
): Promise<User> {
  const name = `Cluster Player ${n}`;
  const user = await signedUp(
    client,
    smtp,
    name,
    `player${n}-${runId}@cluster.playbook.local`,
    `10.77.2.${n}`,
    'asker',
  );
  await client.expect(user, { method: 'PUT', path: '/api/profiles/asker', json: { name } }, [204]);
  return user;
}

/** Asks with an Idempotency-Key, so the client may retry it; resolves with the question's id. */
export async function ask(
  client: Client,
  player: User,
  coach: Coach,
  question: string,
  key: string,
  base?: string,
): Promise<string> {
  const { body } = await client.expect<{ id: string }>(
    player,
    {
      method: 'POST',
      path: '/api/questions',
      headers: { 'idempotency-key': key },
      json: {
        coachId: coach.coachId,
        playerName: player.name,
        question,
        context: 'Asked by the cluster tests.',
        pledge: true,
        acceptedConsents: true,
      },
    },
    [201],
    base,
  );
  return body.id;
}

/** Checkout and the local provider's Pay button. */
export async function pay(client: Client, player: User, coach: Coach, questionId: string) {
  const checkout = await client.expect<{ url: string }>(
    player,
    {
      method: 'POST',
      path: '/api/payments/checkout',
      json: { questionId, amount: coach.priceCents },
    },
    [200],
  );
  const sessionId = new URL(checkout.body.url).pathname.split('/').pop() ?? '';
  await client.expect(
    player,
    { method: 'POST', path: `/api/payments/local/checkout/${encodeURIComponent(sessionId)}/pay` },
    [200],
  );
}

export async function answer(client: Client, coach: Coach, questionId: string, text: string) {
  await client.expect(
    coach,
    { method: 'POST', path: `/api/questions/${questionId}/answer`, json: { answer: text } },
    [204],
  );
}
