import { desc, eq } from 'drizzle-orm';
import type { Role } from '../../contracts/account';
import type { App } from '../app';
import type { AppContext } from '../context';
import { mailOutbox } from '../db/schema';
import { asSent } from './mail';

export const PASSWORD = 'correct-horse-battery';

/** The confirmation link of the newest mail to `email`, as the outbox holds it. */
export async function confirmationLink(ctx: AppContext, email: string): Promise<string> {
  const [mail] = await asSent(
    ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1),
  );
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  return link;
}

export const cookieHeader = (res: { headers: Record<string, unknown> }): string => {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
};

export async function signUp(
  app: App,
  body: { name: string; email: string; password?: string; acceptTerms?: boolean },
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { password: PASSWORD, acceptTerms: true, ...body },
    headers: { origin: 'http://localhost:3000' },
  });
}

export async function signIn(app: App, email: string, password = PASSWORD, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { origin: 'http://localhost:3000' },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

let counter = 0;

/** A confirmed, signed-in user holding `roles` (the first active); returns the cookie to send. */
export async function signedInUser(
  app: App,
  ctx: AppContext,
  options: { name?: string; roles?: Role[] } = {},
) {
  const email = `user${++counter}-${Date.now()}@example.test`;
  const name = options.name ?? `Test User ${counter}`;
  await signUp(app, { name, email });
  const link = new URL(await confirmationLink(ctx, email));
  await app.inject({ method: 'GET', url: link.pathname + link.search });
  const cookie = cookieHeader(await signIn(app, email));
  for (const role of [...(options.roles ?? [])].reverse()) {
    await app.inject({
      method: 'POST',
      url: '/api/account/roles',
      payload: { role },
      headers: { cookie },
    });
  }
  const account = (
    await app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })
  ).json();
  return { cookie, email, name, userId: account.user.id as string };
}

/** A signed-in test user, as `signedInUser` returns them. */
export type TestUser = Awaited<ReturnType<typeof signedInUser>>;

/**
 * Requests to the app as `user` (by their session cookie), or as a visitor when there is none. The
 * app is read at each call, since a test file creates it in `beforeAll`.
 */
export const requestsTo =
  (app: () => App) =>
  (method: 'GET' | 'POST' | 'PUT', url: string, user?: { cookie: string }, payload?: unknown) =>
    app().inject({
      method,
      url,
      headers: user ? { cookie: user.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

/** The Player's question to the Coach, asked through the API as a person would; returns its id. */
export const askCoach = async (
  call: ReturnType<typeof requestsTo>,
  player: TestUser,
  coachId: string,
  /** More of the ask form's fields (its `attachmentIds`, say). */
  more: Record<string, unknown> = {},
) =>
  (
    await call('POST', '/api/questions', player, {
      coachId,
      playerName: 'Pat Player',
      question: 'How do I defend a faster winger?',
      pledge: true,
      acceptedConsents: true,
      ...more,
    })
  ).json().id as string;

/**
 * The signed-in Coach connects their payout account through the local provider, as a person
 * would (Set Up Now, then Complete): only such a Coach can be asked (ADR 061).
 */
export async function connectPayouts(app: App, coach: { cookie: string }) {
  const headers = { cookie: coach.cookie };
  const link = await app.inject({ method: 'POST', url: '/api/payments/connect', headers });
  const accountId = new URL(link.json<{ url: string }>().url).pathname.split('/').pop();
  const done = await app.inject({
    method: 'POST',
    url: `/api/payments/local/onboarding/${accountId}/complete`,
    headers,
  });
  if (done.statusCode >= 300) throw new Error(`payout set-up failed: ${done.statusCode}`);
}
