import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { payouts } from './db/schema';
import {
  moneyOf,
  recoverMoney,
  refundUnanswered,
  releasePayouts,
} from './modules/payments/settlement';
import { createAdmin } from './modules/admin/service';
import { connectPayouts, signedInUser } from './test/accounts';
import { insertQuestion } from './test/factories';
import { createTestApp, openTestDatabase, testDatabaseKind, type TestApp } from './test/harness';

/**
 * The hot paths read through indexes, never by scanning a large table (issue 7). The test records
 * every query the hot requests really send, then asks the planner for each one's plan with
 * sequential scans disabled: a Seq Scan that remains means no index can serve that query, whatever
 * the table's size. (With seq scans enabled, a planner rightly prefers them on this tiny database.)
 */
const LARGE_TABLES = new Set([
  'users',
  'sessions',
  'user_roles',
  'experts',
  'questions',
  'payouts',
  'ratings',
  'reviews',
  'abuse_reports',
  'contact_messages',
  'mail_outbox',
  'checkout_sessions',
  'extra_payments',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && LARGE_TABLES.has(node['Relation Name'] ?? '')
    ? [node['Relation Name'] ?? '']
    : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

interface Client {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
interface PoolLike extends Client {
  connect?: () => Promise<Client & { release(): void }>;
}

describe(`hot queries use indexes (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let recording: { query: string; params: unknown[] }[] | null = null;

  /** EXPLAIN on one connection with sequential scans switched off for it. */
  async function plan(query: string, params: unknown[]): Promise<PlanNode> {
    const driver = (handle.db as unknown as { $client: PoolLike }).$client;
    const client = driver.connect ? await driver.connect() : driver;
    try {
      await client.query('set enable_seqscan = off');
      const { rows } = await client.query(`explain (format json) ${query}`, params);
      await client.query('reset enable_seqscan');
      const json = rows[0]?.['QUERY PLAN'];
      const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
      return parsed[0]!.Plan;
    } finally {
      if ('release' in client) (client as { release(): void }).release();
    }
  }

  beforeAll(async () => {
    handle = await openTestDatabase({
      logQuery: (query, params) => recording?.push({ query, params }),
    });
    t = await createTestApp({}, handle);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('for the Coach list and profile, inbox, questions, detail, ask, answer, sweeps and admin tables', async () => {
    const { app, ctx } = t;
    const db = handle.db;
    const coach = await signedInUser(app, ctx, { roles: ['expert'], name: 'Index Coach' });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: coach.cookie },
      payload: { name: 'Index Coach', expertise: 'Rowing', price: 30, acceptedAgreement: true },
    });
    const coachId = saved.json().id as string;
    // Behind the payout-ready gate (ADR 061), only a Coach who can be paid can be asked.
    await connectPayouts(app, coach);
    const player = await signedInUser(app, ctx, { roles: ['asker'], name: 'Index Player' });
    const answered = await insertQuestion(db, {
      coachId,
      playerId: player.userId,
      status: 'answered',
      answer: 'Yes.',
      answeredAt: new Date(),
      paymentStatus: 'paid',
      disputeFlagged: true,
    });
    await db.insert(payouts).values({ questionId: answered.id, coachId, amount: 2100 });
    const pending = await insertQuestion(db, {
      coachId,
      playerId: player.userId,
      paymentStatus: 'paid',
      paidAt: new Date(),
    });
    await createAdmin(db, 'index-admin', 'a-long-admin-password');
    const token = (
      await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'index-admin', password: 'a-long-admin-password' },
      })
    ).json().token as string;

    const as = (cookie: string) => ({ cookie });
    // A later page of a question list: its cursor is the (time, id) the previous page ended on.
    const laterPage = Buffer.from(
      JSON.stringify(['2099-01-01 00:00:00+00', '00000000-0000-4000-8000-000000000000']),
    ).toString('base64url');
    const laterCoaches = Buffer.from(
      JSON.stringify(['100', '00000000-0000-4000-8000-000000000000']),
    ).toString('base64url');
    const admin = { authorization: `Bearer ${token}` };
    const hot: {
      method: 'GET' | 'POST';
      url: string;
      headers?: Record<string, string>;
      payload?: object;
    }[] = [
      { method: 'GET', url: '/api/coaches/newest' },
      { method: 'GET', url: `/api/coaches/${coachId}` },
      { method: 'GET', url: '/api/coaches/index-coach' },
      // The directory: each sort, a later page, the search and the filters (ADR 025).
      ...['rating', 'answered', 'price-low', 'price-high', 'newest'].map((sort) => ({
        method: 'GET' as const,
        url: `/api/coaches?sort=${sort}`,
      })),
      { method: 'GET', url: `/api/coaches?sort=answered&cursor=${laterCoaches}` },
      { method: 'GET', url: '/api/coaches?q=row&minPrice=10&maxPrice=50&minRating=3' },
      { method: 'GET', url: '/api/coaches?minPrice=10&maxPrice=50&sort=price-low' },
      { method: 'GET', url: '/api/questions/coach-inbox', headers: as(coach.cookie) },
      ...['unanswered', 'answered'].map((filter) => ({
        method: 'GET' as const,
        url: `/api/questions/coach-inbox?filter=${filter}&cursor=${laterPage}`,
        headers: as(coach.cookie),
      })),
      {
        method: 'GET',
        url: `/api/questions/coach-inbox?cursor=${laterPage}`,
        headers: as(coach.cookie),
      },
      // The work queue and the Coach's badge (issue 36): its two index-served arms.
      { method: 'GET', url: '/api/questions/coach-inbox?filter=needs', headers: as(coach.cookie) },
      { method: 'GET', url: '/api/questions/unread-count', headers: as(coach.cookie) },
      { method: 'GET', url: '/api/questions/mine', headers: as(player.cookie) },
      { method: 'GET', url: `/api/questions/mine?cursor=${laterPage}`, headers: as(player.cookie) },
      { method: 'GET', url: `/api/questions/${answered.id}`, headers: as(player.cookie) },
      {
        method: 'POST',
        url: '/api/questions',
        headers: as(player.cookie),
        payload: {
          coachId,
          playerName: 'Pat',
          question: 'Which index serves this?',
          pledge: true,
          acceptedConsents: true,
        },
      },
      {
        method: 'POST',
        url: `/api/questions/${pending.id}/answer`,
        headers: as(coach.cookie),
        payload: { answer: 'The inbox index.' },
      },
      { method: 'GET', url: '/api/questions/unread-count', headers: as(player.cookie) },
      { method: 'GET', url: '/api/admin/users?search=index', headers: admin },
      { method: 'GET', url: '/api/admin/users?sort=name&direction=asc', headers: admin },
      { method: 'GET', url: '/api/admin/questions?status=answered', headers: admin },
      { method: 'GET', url: '/api/admin/payments?type=payout', headers: admin },
      { method: 'GET', url: '/api/admin/payments?type=extra', headers: admin },
      { method: 'GET', url: '/api/admin/disputes', headers: admin },
      { method: 'GET', url: '/api/admin/reports', headers: admin },
    ];

    recording = [];
    for (const request of hot) {
      const res = await app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBeLessThan(300);
    }
    const logger = pino({ level: 'silent' });
    await releasePayouts(moneyOf(ctx, logger));
    await refundUnanswered(moneyOf(ctx, logger));
    await recoverMoney(moneyOf(ctx, logger));
    const recorded = recording;
    recording = null;

    const reads = recorded.filter(({ query }) => /^\s*(select|update|delete|with)\b/i.test(query));
    expect(reads.length).toBeGreaterThan(20);
    const scans: string[] = [];
    for (const { query, params } of reads) {
      const found = seqScans(await plan(query, params));
      if (found.length > 0) scans.push(`${found.join(', ')} <- ${query.slice(0, 240)}`);
    }
    expect(scans).toEqual([]);
  });
});
