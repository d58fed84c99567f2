import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coaches as coachRows, payouts, questionMessages, reviews } from './db/schema';
import { issueReceipt } from './modules/payments/data/receipts';
import { createAdmin } from './modules/admin/service';
import { signedPath } from './modules/attachments/links';
import { signedInUser } from './test/accounts';
import { insertQuestion, insertUser } from './test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from './test/harness';
import { multipartFile } from './test/multipart';

/**
 * Every API route (and the link-preview pictures under /og/, and `/metrics`) against every kind of
 * caller. The routes come from the server itself (`app.routeTable`), so a route added without an
 * entry here fails the first test.
 */
const ACTORS = ['anonymous', 'player', 'otherPlayer', 'coach', 'otherCoach', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;

interface Fixture {
  coachProfileId: string;
  otherCoachProfileId: string;
  playerId: string;
  coachAccountId: string;
  /** A fresh question from the player to the coach, in the given state. */
  question(state?: 'pending' | 'answered' | 'paid-pending' | 'disputed'): Promise<string>;
  /** A fresh, unfinished upload of the player's: its URL. */
  upload(): Promise<string>;
  /** A fresh paid question of the player with its receipt issued: the question's id. */
  receipt(): Promise<string>;
  /** A Coach's message on a fresh paid question: the URL of its reports. */
  coachMessage(): Promise<string>;
  /** A fresh review by the player of the coach's answer (hidden by an administrator): its id. */
  review(hidden?: boolean): Promise<string>;
  /** A fresh person of no consequence to the other cases (suspended if asked): their user id. */
  person(suspended?: boolean): Promise<string>;
}

interface Case {
  url: (fx: Fixture) => Promise<string> | string;
  payload?: unknown;
  headers?: Record<string, string>;
  expected: Expected;
}

const all = (status: number): Expected =>
  Object.fromEntries(ACTORS.map((a) => [a, status])) as Expected;
/** Signed-in users only; the admin token is not a user session. */
const users = (status: number): Expected => ({ ...all(status), anonymous: 401, admin: 401 });
const players = (ok: number): Expected => ({
  ...users(ok),
  coach: 403,
  otherCoach: 403,
});
const coaches = (ok: number): Expected => ({
  ...users(ok),
  player: 403,
  otherPlayer: 403,
});
/** Only the admin token; a user's session never counts. */
const adminOnly = (ok: number): Expected => ({ ...all(401), admin: ok });
/** The Player of a question; the owning Coach sees it, others are refused. */
const player = (ok: number, coach = 403): Expected => ({
  ...users(403),
  player: ok,
  coach,
});

/**
 * What an API route answers a signed-in user or an administrator says to caches (issue 36):
 * `no-store`, unless the route says otherwise, as these do when they succeed.
 */
const CACHE_CONTROL: Record<string, RegExp> = {
  // A stream, which no cache keeps and no proxy may transform (buffer).
  'GET /api/events': /^no-cache, no-transform$/,
  // The route's own header, kept as it is.
  'GET /api/payments/:questionId/receipt': /^private, no-store$/,
};
const NO_STORE = /(^|, )no-store(,|$)/;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const TUS_HEADERS = { 'tus-resumable': '1.0.0', 'upload-length': '100' };
/** The app's secrets, for a signed attachment link; set once the app is built. */
let testConfig: Parameters<typeof signedPath>[0];

const CASES: Record<string, Case> = {
  'GET /api/health': { url: () => '/api/health', expected: all(200) },
  'GET /api/health/live': { url: () => '/api/health/live', expected: all(200) },
  'GET /api/health/ready': { url: () => '/api/health/ready', expected: all(200) },
  // Prometheus's scrape (ADR 051): no session or admin token opens it; without METRICS_TOKEN
  // (as here) it is not there; with it, only its bearer (server/observability/metrics.test.ts).
  'GET /metrics': { url: () => '/metrics', expected: all(404) },
  'GET /api/config': { url: () => '/api/config', expected: all(200) },
  'GET /api/beta': { url: () => '/api/beta', expected: all(200) },
  // The gate is off in this app: any code admits.
  'POST /api/beta': { url: () => '/api/beta', payload: { code: 'x' }, expected: all(204) },
  'POST /api/contact': {
    url: () => '/api/contact',
    payload: {
      name: 'Casey',
      email: 'casey@example.test',
      phone: '',
      topic: 'feedback',
      subject: 'A question about the matrix',
      message: 'Hello there.',
      agreeToTerms: true,
    },
    expected: all(201),
  },
  // The link-preview pictures (ADR 055): public, like the pages they illustrate.
  'GET /og/home.png': { url: () => '/og/home.png', expected: all(200) },
  'GET /og/coach/:file': { url: (fx) => `/og/coach/${fx.coachProfileId}.png`, expected: all(200) },
  'GET /api/coaches/newest': { url: () => '/api/coaches/newest', expected: all(200) },
  'GET /api/coaches': { url: () => '/api/coaches?q=coach', expected: all(200) },
  'GET /api/coaches/:idOrSlug': {
    url: (fx) => `/api/coaches/${fx.coachProfileId}`,
    expected: all(200),
  },
  'GET /api/events': { url: () => '/api/events', expected: all(200) },
  'GET /api/account': { url: () => '/api/account', expected: all(200) },
  'GET /api/account/export': { url: () => '/api/account/export', expected: users(200) },
  'GET /api/account/deletion': { url: () => '/api/account/deletion', expected: users(200) },
  'GET /api/account/notifications': {
    url: () => '/api/account/notifications',
    expected: users(200),
  },
  'POST /api/account/notifications': {
    url: () => '/api/account/notifications',
    payload: { category: 'product_news', enabled: false },
    expected: users(200),
  },
  'GET /api/account/sessions': { url: () => '/api/account/sessions', expected: users(200) },
  // Only the link's signature counts, never a session: an unsigned token is refused for everyone.
  'GET /api/unsubscribe': {
    url: () => `/api/unsubscribe?token=${UNKNOWN}.payout_sent.AAAA`,
    expected: all(400),
  },
  // A wrong password, so nobody is deleted: it still shows who may ask.
  'POST /api/account/delete': {
    url: () => '/api/account/delete',
    payload: { password: 'not-the-password' },
    expected: users(400),
  },
  'GET /api/profiles/expert': { url: () => '/api/profiles/expert', expected: coaches(200) },
  'PUT /api/profiles/expert': {
    url: () => '/api/profiles/expert',
    payload: { name: 'Coach Matrix', expertise: 'Rowing', price: 30, acceptedAgreement: true },
    expected: coaches(200),
  },
  'GET /api/profiles/asker': { url: () => '/api/profiles/asker', expected: players(200) },
  // Availability (ADR 061): the Coach's own.
  'GET /api/profiles/expert/availability': {
    url: () => '/api/profiles/expert/availability',
    expected: coaches(200),
  },
  'PUT /api/profiles/expert/availability': {
    url: () => '/api/profiles/expert/availability',
    payload: { paused: false, returnOn: null, note: null, openQuestionCap: null },
    expected: coaches(200),
  },
  'PUT /api/profiles/asker': {
    url: () => '/api/profiles/asker',
    payload: { name: 'Player Matrix' },
    expected: players(204),
  },
  // Not an image: the owner gets the photo rule's 415, everyone else is refused before that.
  'POST /api/profiles/:role/photo': {
    url: () => '/api/profiles/asker/photo',
    expected: players(415),
  },
  'DELETE /api/profiles/:role/photo': {
    url: () => '/api/profiles/asker/photo',
    expected: players(200),
  },
  'GET /api/players/:userId': { url: (fx) => `/api/players/${fx.playerId}`, expected: all(200) },
  'GET /api/home/coach-dashboard': {
    url: () => '/api/home/coach-dashboard',
    expected: coaches(200),
  },
  'GET /api/home/your-coaches': { url: () => '/api/home/your-coaches', expected: players(200) },
  'POST /api/questions': {
    url: () => '/api/questions',
    payload: undefined, // set in beforeAll, it needs the Coach's id
    expected: players(201),
  },
  'GET /api/questions/unread-count': {
    url: () => '/api/questions/unread-count',
    expected: users(200),
  },
  'GET /api/questions/coach-inbox': {
    url: () => '/api/questions/coach-inbox',
    expected: coaches(200),
  },
  'GET /api/questions/mine': { url: () => '/api/questions/mine', expected: players(200) },
  'GET /api/questions/:id': {
    url: (fx) => fx.question(),
    expected: player(200, 200),
  },
  'POST /api/questions/:id/answer': {
    url: async (fx) => `${await fx.question('paid-pending')}/answer`,
    payload: { answer: 'Keep your eyes up and your elbow in.' },
    expected: { ...users(403), coach: 204 },
  },
  'POST /api/questions/:id/viewed': {
    url: async (fx) => `${await fx.question()}/viewed`,
    expected: player(204, 204),
  },
  'PUT /api/questions/:id/rating': {
    url: async (fx) => `${await fx.question('answered')}/rating`,
    payload: { isHelpful: true },
    expected: player(204),
  },
  'PUT /api/questions/:id/review': {
    url: async (fx) => `${await fx.question('answered')}/review`,
    payload: { rating: 5 },
    expected: player(204),
  },
  'POST /api/questions/:id/reports': {
    url: async (fx) => `${await fx.question('answered')}/reports`,
    payload: { reason: 'spam' },
    expected: player(201),
  },
  // Written reviews (ADR 062): public list; only the reviewed Coach replies; anyone signed in reports.
  'GET /api/coaches/:coachId/reviews': {
    url: (fx) => `/api/coaches/${fx.coachProfileId}/reviews`,
    expected: all(200),
  },
  'POST /api/reviews/:id/reply': {
    url: async (fx) => `/api/reviews/${await fx.review()}/reply`,
    payload: { reply: 'Thanks for the kind words.' },
    expected: { ...coaches(403), coach: 204 },
  },
  'POST /api/reviews/:id/reports': {
    url: async (fx) => `/api/reviews/${await fx.review()}/reports`,
    payload: { reason: 'spam' },
    expected: users(201),
  },
  'POST /api/questions/:id/dispute': {
    url: async (fx) => `${await fx.question('answered')}/dispute`,
    payload: { reason: 'incomplete' },
    expected: player(204),
  },
  // The Coach's side of an open dispute (ADR 063): only the owning Coach writes it.
  'PUT /api/questions/:id/dispute/statement': {
    url: async (fx) => `${await fx.question('disputed')}/dispute/statement`,
    payload: { statement: 'I answered every part.' },
    expected: { ...users(403), coach: 204 },
  },
  'POST /api/questions/:id/decline': {
    url: async (fx) => `${await fx.question('paid-pending')}/decline`,
    payload: { note: 'Not my field.' },
    expected: { ...users(403), coach: 204 },
  },
  // The conversation (ADR 058): the follow-up is the Player's; the owning Coach is refused too.
  'POST /api/questions/:id/messages': {
    url: async (fx) => `${await fx.question('answered')}/messages`,
    payload: { kind: 'follow_up', body: 'And when I am tired?' },
    expected: player(201),
  },
  // Either side reports the other's message; its author cannot report it.
  'POST /api/questions/:id/messages/:messageId/reports': {
    url: (fx) => fx.coachMessage(),
    payload: { reason: 'spam' },
    expected: player(201, 400),
  },
  'POST /api/questions/:id/withdraw': {
    url: async (fx) => `${await fx.question('pending')}/withdraw`,
    expected: player(204),
  },
  'POST /api/payments/checkout': {
    url: () => '/api/payments/checkout',
    payload: undefined, // set per call: it needs a fresh question
    expected: player(200),
  },
  'POST /api/payments/connect': { url: () => '/api/payments/connect', expected: coaches(200) },
  'GET /api/payments/onboarding-status': {
    url: () => '/api/payments/onboarding-status',
    expected: coaches(200),
  },
  'POST /api/payments/portal': { url: () => '/api/payments/portal', expected: coaches(200) },
  // The local provider's test pages stand in for Stripe's hosted pages.
  'GET /api/payments/local/checkout/:sessionId': {
    url: () => `/api/payments/local/checkout/cs_local_unknown`,
    expected: users(404),
  },
  'POST /api/payments/local/checkout/:sessionId/:outcome': {
    url: () => `/api/payments/local/checkout/cs_local_unknown/pay`,
    expected: users(404),
  },
  'POST /api/payments/local/onboarding/:accountId/complete': {
    url: (fx) => `/api/payments/local/onboarding/${fx.coachAccountId}/complete`,
    expected: { ...users(403), coach: 204 },
  },
  'GET /api/payouts': { url: () => '/api/payouts', expected: coaches(200) },
  'GET /api/payments/history': { url: () => '/api/payments/history', expected: players(200) },
  // Only the Player who paid; for anyone else there is no such receipt.
  'GET /api/payments/:questionId/receipt': {
    url: async (fx) => `/api/payments/${await fx.receipt()}/receipt`,
    expected: { ...users(404), player: 200 },
  },
  'GET /api/payouts/earnings': { url: () => '/api/payouts/earnings', expected: coaches(200) },
  'GET /api/payouts/export': { url: () => '/api/payouts/export', expected: coaches(200) },
  'GET /api/admin/statement': {
    url: () => '/api/admin/statement?from=2026-01-01&to=2026-12-31',
    expected: adminOnly(200),
  },
  'POST /api/admin/login': {
    url: () => '/api/admin/login',
    payload: { username: 'nobody-here', password: 'wrong-password' },
    // Each caller comes from its own address, so none is locked out by the others' failures.
    expected: all(401),
  },
  'GET /api/admin/session': { url: () => '/api/admin/session', expected: adminOnly(200) },
  'GET /api/admin/stats': { url: () => '/api/admin/stats', expected: adminOnly(200) },
  'GET /api/admin/users': { url: () => '/api/admin/users', expected: adminOnly(200) },
  'GET /api/admin/questions': { url: () => '/api/admin/questions', expected: adminOnly(200) },
  // Attachments (issue 23, ADR 059).
  'POST /api/uploads': {
    url: () => '/api/uploads',
    headers: TUS_HEADERS,
    expected: users(201),
  },
  // An upload is its creator's alone: anyone else is told it does not exist.
  'PATCH /api/uploads/:id': {
    url: (fx) => fx.upload(),
    payload: Buffer.alloc(10),
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    expected: { ...users(404), player: 204 },
  },
  'DELETE /api/uploads/:id': {
    url: (fx) => fx.upload(),
    headers: TUS_HEADERS,
    expected: { ...users(404), player: 204 },
  },
  // The Coach's reference library (ADR 091): their own only; no such upload or clip of theirs.
  'GET /api/coach/reference-clips': {
    url: () => '/api/coach/reference-clips',
    expected: coaches(200),
  },
  'POST /api/coach/reference-clips': {
    url: () => '/api/coach/reference-clips',
    payload: { attachmentId: randomUUID(), name: 'Model serve' },
    expected: coaches(400),
  },
  'PATCH /api/coach/reference-clips/:id': {
    url: () => `/api/coach/reference-clips/${randomUUID()}`,
    payload: { name: 'Model serve' },
    expected: coaches(404),
  },
  'DELETE /api/coach/reference-clips/:id': {
    url: () => `/api/coach/reference-clips/${randomUUID()}`,
    expected: coaches(404),
  },
  // Issue 38's reviews: both people of the question read them, strangers learn nothing (404); only
  // the Coach saves a draft (a made-up recording is refused) or deletes one (none by that id).
  'GET /api/questions/:id/reviews': {
    url: async (fx) => `${await fx.question()}/reviews`,
    expected: { ...users(404), player: 200, coach: 200 },
  },
  'POST /api/questions/:id/reviews': {
    url: async (fx) => `${await fx.question('paid-pending')}/reviews`,
    payload: {
      videoAttachmentId: randomUUID(),
      document: { version: 1, sourceAttachmentId: randomUUID(), compare: null, drawings: [] },
    },
    expected: { ...users(404), player: 403, coach: 400 },
  },
  'DELETE /api/questions/:id/reviews/:reviewId': {
    url: async (fx) => `${await fx.question()}/reviews/${randomUUID()}`,
    expected: { ...users(404), player: 403, coach: 404 },
  },
  'GET /api/questions/:id/attachments': {
    url: async (fx) => `${await fx.question()}/attachments`,
    expected: player(200, 200),
  },
  'GET /api/admin/questions/:id/attachments': {
    url: async (fx) => `/api/admin/questions/${(await fx.question()).split('/').pop()}/attachments`,
    expected: adminOnly(200),
  },
  'GET /api/admin/questions/:id/thread': {
    url: async (fx) => `/api/admin/questions/${(await fx.question()).split('/').pop()}/thread`,
    expected: adminOnly(200),
  },
  // The signed link is the permission, whoever holds it (a session adds nothing): one that
  // names no stored file is a 404 for everyone, like a guessed or expired one.
  'GET /api/attachments/:id/:variant': {
    url: () => signedPath(testConfig, UNKNOWN, 'file', Math.floor(Date.now() / 1000) + 60),
    expected: all(404),
  },
  'GET /api/admin/payments': { url: () => '/api/admin/payments', expected: adminOnly(200) },
  'GET /api/admin/reports': { url: () => '/api/admin/reports', expected: adminOnly(200) },
  'GET /api/admin/disputes': { url: () => '/api/admin/disputes', expected: adminOnly(200) },
  'GET /api/admin/messages': { url: () => '/api/admin/messages', expected: adminOnly(200) },
  'GET /api/admin/failed-jobs': { url: () => '/api/admin/failed-jobs', expected: adminOnly(200) },
  // Set-up starts (a pending secret); a made-up code is refused; off is refused while it is not on.
  'POST /api/admin/totp/setup': { url: () => '/api/admin/totp/setup', expected: adminOnly(200) },
  'POST /api/admin/totp/enable': {
    url: () => '/api/admin/totp/enable',
    payload: { code: '000000' },
    expected: adminOnly(400),
  },
  'POST /api/admin/totp/disable': {
    url: () => '/api/admin/totp/disable',
    payload: { code: '000000' },
    expected: adminOnly(409),
  },
  'POST /api/admin/questions/:id/:action': {
    url: async (fx) =>
      `/api/admin/questions/${(await fx.question('answered')).split('/').pop()}/hold-payout`,
    expected: adminOnly(204),
  },
  'POST /api/admin/reviews/:id/:action': {
    url: async (fx) => `/api/admin/reviews/${await fx.review(true)}/restore`,
    expected: adminOnly(204),
  },
  'GET /api/admin/disputes/:id': {
    url: async (fx) => `/api/admin/disputes/${(await fx.question('disputed')).split('/').pop()}`,
    expected: adminOnly(200),
  },
  'POST /api/admin/disputes/:id/resolve': {
    url: async (fx) =>
      `/api/admin/disputes/${(await fx.question('disputed')).split('/').pop()}/resolve`,
    payload: { outcome: 'release', note: 'The answer stands.' },
    expected: adminOnly(204),
  },
  // One person's page and their suspension (ADR 061), on a fresh person per call, so the
  // administrator's 204 is a suspension (or a restore) that happened, not an unknown id's 404.
  'GET /api/admin/users/:id': {
    url: (fx) => `/api/admin/users/${fx.playerId}`,
    expected: adminOnly(200),
  },
  'POST /api/admin/users/:id/suspend': {
    url: async (fx) => `/api/admin/users/${await fx.person()}/suspend`,
    payload: { reason: 'Matrix check' },
    expected: adminOnly(204),
  },
  'POST /api/admin/users/:id/restore': {
    url: async (fx) => `/api/admin/users/${await fx.person(true)}/restore`,
    payload: { reason: 'Matrix check' },
    expected: adminOnly(204),
  },
  'POST /api/admin/reports/:id/dismiss': {
    url: () => `/api/admin/reports/${UNKNOWN}/dismiss`,
    expected: adminOnly(404),
  },
  // No failed e-mail has that id: the admin's Retry finds nothing to run again.
  'POST /api/admin/failed-jobs/:queue/:id/retry': {
    url: () => `/api/admin/failed-jobs/mail/${UNKNOWN}/retry`,
    expected: adminOnly(404),
  },
  // Logout last among the admin routes: it revokes the token.
  'POST /api/admin/logout': { url: () => '/api/admin/logout', expected: adminOnly(204) },
  'POST /api/not-found-reports': {
    url: () => '/api/not-found-reports',
    payload: { path: '/nowhere' },
    expected: all(204),
  },
  // DEV_MAILBOX=true only, never in production, loopback clients only (the mail module tests them); this matrix calls from other addresses.
  'GET /api/dev/mailbox': { url: () => '/api/dev/mailbox', expected: all(404) },
  'GET /api/openapi.json': { url: () => '/api/openapi.json', expected: all(200) },
  // better-auth's routes: its session read answers everyone (null when signed out).
  'GET /api/auth/*': { url: () => '/api/auth/get-session', expected: all(200) },
  // Last: these give the users roles they did not have.
  'POST /api/account/active-role': {
    url: () => '/api/account/active-role',
    payload: { role: 'asker' },
    // A Coach holding only the Coach role has no Player role to switch to.
    expected: { ...users(200), coach: 404, otherCoach: 404 },
  },
  'POST /api/account/roles': {
    url: () => '/api/account/roles',
    payload: { role: 'asker' },
    expected: users(200),
  },
  // Signing out ends the sessions the other cases use, so it is the very last.
  'POST /api/auth/*': { url: () => '/api/auth/sign-out', expected: all(200) },
};

describe(`authorization matrix (${testDatabaseKind})`, () => {
  let t: TestApp;
  let fx: Fixture;
  const credentials = {} as Record<Actor, Record<string, string>>;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const { app, ctx } = t;
    testConfig = ctx.config;
    const db = ctx.database.db;
    const signedInCoach = async (name: string) => {
      const user = await signedInUser(app, ctx, { roles: ['expert'], name });
      const saved = await app.inject({
        method: 'PUT',
        url: '/api/profiles/expert',
        headers: { cookie: user.cookie },
        payload: { name, expertise: 'Rowing', price: 30, acceptedAgreement: true },
      });
      const connect = await app.inject({
        method: 'POST',
        url: '/api/payments/connect',
        headers: { cookie: user.cookie },
      });
      const accountId = new URL(connect.json().url, 'http://x').pathname.split('/').pop() ?? '';
      // Ready for payouts, so Players can ask (ADR 061); the onboarding route is checked below.
      await db
        .update(coachRows)
        .set({ stripePayoutsEnabled: true })
        .where(eq(coachRows.id, saved.json().id as string));
      return { ...user, coachId: saved.json().id as string, accountId };
    };
    const coach = await signedInCoach('Coach Owner');
    const otherCoach = await signedInCoach('Coach Other');
    const player = await signedInUser(app, ctx, { roles: ['asker'], name: 'Player Owner' });
    const otherPlayer = await signedInUser(app, ctx, { roles: ['asker'], name: 'Player Other' });
    await createAdmin(db, 'matrix-admin', 'a-long-admin-password');
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'matrix-admin', password: 'a-long-admin-password' },
    });
    credentials.anonymous = {};
    credentials.player = { cookie: player.cookie };
    credentials.otherPlayer = { cookie: otherPlayer.cookie };
    credentials.coach = { cookie: coach.cookie };
    credentials.otherCoach = { cookie: otherCoach.cookie };
    credentials.admin = { authorization: `Bearer ${login.json().token as string}` };

    fx = {
      coachProfileId: coach.coachId,
      otherCoachProfileId: otherCoach.coachId,
      playerId: player.userId,
      coachAccountId: coach.accountId,
      async question(state = 'pending') {
        const disputed = state === 'disputed';
        const answered = state === 'answered' || disputed;
        const q = await insertQuestion(db, {
          coachId: coach.coachId,
          playerId: player.userId,
          paymentStatus: state === 'pending' ? 'pending' : 'paid',
          paymentIntentId: `pi_${randomUUID()}`,
          ...(answered ? { status: 'answered', answer: 'Yes.', answeredAt: new Date() } : {}),
          ...(disputed ? { disputeFlagged: true, disputeReason: 'incomplete' as const } : {}),
        });
        if (answered) {
          await db
            .insert(payouts)
            // Inside its hold window, so the Player may still dispute it.
            .values({
              questionId: q.id,
              coachId: coach.coachId,
              amount: 2100,
              releasableAt: new Date(Date.now() + 3 * 86_400_000),
            });
        }
        return `/api/questions/${q.id}`;
      },
      async coachMessage() {
        const url = await this.question('paid-pending');
        const [message] = await db
          .insert(questionMessages)
          .values({
            questionId: url.split('/').pop() ?? '',
            authorId: coach.userId,
            kind: 'clarification_request',
            body: 'Which hand?',
          })
          .returning({ id: questionMessages.id });
        return `${url}/messages/${message?.id ?? ''}/reports`;
      },
      async upload() {
        const created = await app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: { cookie: player.cookie, ...TUS_HEADERS },
        });
        return created.headers.location as string;
      },
      async receipt() {
        const id = (await this.question('paid-pending')).split('/').pop() ?? '';
        await issueReceipt(db, { questionId: id, amount: 4000, cardLast4: null, now: new Date() });
        return id;
      },
      async review(hidden = false) {
        const questionId = (await this.question('answered')).split('/').pop() ?? '';
        const [row] = await db
          .insert(reviews)
          .values({
            questionId,
            coachId: coach.coachId,
            reviewerId: player.userId,
            rating: 4,
            published: !hidden,
          })
          .returning({ id: reviews.id });
        return row?.id ?? '';
      },
      async person(suspended = false) {
        const user = await insertUser(db, {
          name: 'Person Matrix',
          ...(suspended ? { suspendedAt: new Date(), suspendedReason: 'Matrix check' } : {}),
        });
        return user.id;
      },
    };
    CASES['POST /api/questions']!.payload = {
      coachId: coach.coachId,
      playerName: 'Pat',
      question: 'How do I row faster?',
      pledge: true,
      acceptedConsents: true,
    };
  });
  afterAll(() => t.close());

  it('has an entry for every API route the server registers, and none for a route it lacks', () => {
    const registered = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/og/') || r.url === '/metrics')
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((key) => !(key in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it.each(Object.keys(CASES))('%s', async (key) => {
    const method = key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const spec = CASES[key]!;
    const actual = {} as Record<Actor, number>;
    const cacheControl: Partial<Record<Actor, string>> = {};
    for (const actor of ACTORS) {
      let url = await spec.url(fx);
      let payload = spec.payload;
      if (key === 'POST /api/payments/checkout') {
        const questionUrl = await fx.question();
        payload = { questionId: questionUrl.split('/').pop(), amount: 5000 };
        url = '/api/payments/checkout';
      }
      const isStream = key === 'GET /api/events';
      // Not an image: the owner gets the photo rule's 400, everyone else is refused before that.
      const multipart =
        key === 'POST /api/profiles/:role/photo'
          ? multipartFile({ filename: 'a.txt', contentType: 'text/plain', body: Buffer.from('x') })
          : undefined;
      const res = await t.app.inject({
        method,
        url,
        payload: multipart?.payload ?? (payload as Record<string, unknown> | undefined),
        headers: { ...credentials[actor], ...spec.headers, ...multipart?.headers },
        // Distinct addresses keep the per-address rate limits out of the picture.
        remoteAddress: `10.77.${Math.floor(++address / 250)}.${address % 250}`,
        ...(isStream ? { payloadAsStream: true } : {}),
      });
      if (isStream) res.stream().destroy();
      actual[actor] = res.statusCode;
      if (actor !== 'anonymous') cacheControl[actor] = String(res.headers['cache-control']);
    }
    expect(actual).toEqual(spec.expected);
    if (key.split(' ')[1]!.startsWith('/api/')) {
      const rule = (actor: Actor) =>
        (actual[actor] < 300 ? CACHE_CONTROL[key] : undefined) ?? NO_STORE;
      expect(cacheControl).toEqual(
        Object.fromEntries(
          (Object.keys(cacheControl) as Actor[]).map((a) => [a, expect.stringMatching(rule(a))]),
        ),
      );
    }
  });
});
