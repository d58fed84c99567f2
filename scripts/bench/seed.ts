/**
 * Fills a bench database through set-based SQL (generate_series, INSERT ... SELECT): a marketplace of
 * users, Coaches, questions with answers, payouts, helpful ratings, star reviews and a few reports.
 *
 * Usage: npm run seed:bench -- --size large|small
 * The database (bench_large or bench_small) is dropped, created and migrated with the app's own
 * migrations first; nothing else is touched.
 */
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { BENCH_PASSWORD, SHAPES, coachUuidSql, type Shape } from './constants';
import { databaseUrl, parseSize, recreateDatabase, type Size } from './db';

/** Tables whose secondary indexes are dropped during the load and rebuilt after it. */
const BULK_TABLES = ['questions', 'payouts', 'ratings', 'reviews', 'abuse_reports'];

const EXPERTISE = [
  'Point guard play and court vision',
  'Fast bowling and cricket fitness',
  'Youth football coaching',
  'Tennis serve mechanics',
  'Strength and conditioning',
  'Recruiting and college scholarships',
  'Goalkeeping',
  'Swimming technique',
];

const sqlArray = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

function statements(shape: Shape): [string, string][] {
  const { users, coaches, questions } = shape;
  const players = users - coaches;
  const expertise = sqlArray(EXPERTISE);
  return [
    [
      'users',
      `INSERT INTO users (id, name, email, email_verified, created_at, updated_at)
       SELECT 'bench-user-' || n, CASE WHEN n <= ${coaches} THEN 'Coach ' ELSE 'Player ' END || n,
              'user' || n || '@bench.playbook.local', true,
              now() - interval '730 days' + n * interval '1 second', now()
       FROM generate_series(1, ${users}) n`,
    ],
    [
      'credential accounts',
      `INSERT INTO accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
       SELECT 'bench-account-' || n, 'bench-user-' || n, 'credential', 'bench-user-' || n, $1, now(), now()
       FROM generate_series(1, ${users}) n`,
    ],
    [
      'roles',
      `INSERT INTO user_roles (user_id, role, active_role, name, bio, accepted_terms_at,
                               accepted_privacy_at, accepted_revenue_split_at)
       SELECT 'bench-user-' || n,
              (CASE WHEN n <= ${coaches} THEN 'expert' ELSE 'asker' END)::user_role, true,
              CASE WHEN n <= ${coaches} THEN 'Coach ' ELSE 'Player ' END || n,
              'Plays and trains every week.', now(), now(), now()
       FROM generate_series(1, ${users}) n`,
    ],
    [
      'profile completion',
      `INSERT INTO user_profile_completion (user_id, expert_profile_completed, asker_profile_completed)
       SELECT 'bench-user-' || n, n <= ${coaches}, n > ${coaches} FROM generate_series(1, ${users}) n`,
    ],
    [
      'experts',
      `INSERT INTO experts (id, user_id, email, name, bio, expertise, price_per_question,
                            stripe_account_id, stripe_onboarding_complete, stripe_charges_enabled,
                            stripe_payouts_enabled, created_at, slug)
       SELECT ${coachUuidSql('n')}, 'bench-user-' || n, 'user' || n || '@bench.playbook.local',
              'Coach ' || n,
              'Coach ' || n || ' has coached at club and college level for over ten years and answers '
                || 'questions on technique, training plans and recruiting.',
              (${expertise})[1 + n % ${EXPERTISE.length}], (10 + (n * 37) % 91) * 100,
              'acct_bench_' || n, true, true, true,
              now() - interval '730 days' + (random() * 725) * interval '1 day', 'coach-' || n
       FROM generate_series(1, ${coaches}) n`,
    ],
    [
      'expert_slugs',
      `INSERT INTO expert_slugs (slug, expert_id, created_at) SELECT slug, id, created_at FROM experts`,
    ],
    // Coaches' demand is skewed (the square of a uniform draw): Coach 1 gets about 1/sqrt(coaches)
    // of all questions. 94% answered, 4% refunded, 2% pending and recent (the 7-day refund sweep
    // would otherwise refund them at start-up).
    [
      'questions',
      `INSERT INTO questions (id, expert_id, asker_id, asker_name, asker_email, question, context,
                              answer, status, payment_status, amount, payment_intent_id, created_at,
                              paid_at, answered_at, refunded_at, asker_viewed_response,
                              expert_viewed_question)
       SELECT ('a0000000-0000-4000-8000-' || lpad(to_hex(q), 12, '0'))::uuid,
              ${coachUuidSql('c')}, 'bench-user-' || p, 'Player ' || p,
              'user' || p || '@bench.playbook.local',
              'Question ' || q || ': how should I structure my training week to improve my '
                || 'footwork and first step before the season starts in spring?',
              CASE WHEN q % 2 = 0 THEN 'I play three times a week and have a minor ankle issue.' END,
              CASE WHEN kind = 'answered' THEN 'Start with two short agility sessions a week, keep the '
                || 'ankle strong with balance work, and film one practice a week so you can see your '
                || 'first step. Add ladder drills once the ankle is pain-free and rest the day before '
                || 'games. Question ' || q || ' answered.' END,
              kind::question_status,
              (CASE WHEN kind = 'refunded' THEN 'refunded'
                    WHEN kind = 'pending' AND q % 10 = 0 THEN 'pending' ELSE 'paid' END)::payment_status,
              (10 + (c * 37) % 91) * 100, 'pi_bench_' || q, created,
              CASE WHEN kind = 'pending' AND q % 10 = 0 THEN NULL ELSE created + interval '2 minutes' END,
              CASE WHEN kind = 'answered' THEN least(now(), created + r5 * interval '2 days') END,
              CASE WHEN kind = 'refunded' THEN created + interval '7 days 1 hour' END,
              kind = 'answered' AND r5 < 0.95, kind <> 'pending' OR r5 < 0.5
       FROM (
         SELECT q, c, p, r5, kind,
                CASE WHEN kind = 'pending' THEN now() - r3 * interval '6 days'
                     ELSE now() - interval '8 days' - r3 * interval '357 days' END AS created
         FROM (
           SELECT q,
                  least(${coaches}, 1 + floor(${coaches} * power(random(), 2))::int) AS c,
                  ${coaches} + least(${players}, 1 + floor(${players} * random())::int) AS p,
                  random() AS r3, random() AS r5,
                  CASE WHEN r4 < 0.94 THEN 'answered' WHEN r4 < 0.98 THEN 'refunded'
                       ELSE 'pending' END AS kind
           FROM (SELECT q, random() AS r4 FROM generate_series(1, ${questions}) q) draws
         ) shaped
       ) rows`,
    ],
    [
      'payouts',
      `INSERT INTO payouts (id, question_id, expert_id, amount, status, transfer_id, created_at, paid_at)
       SELECT ('b' || substr(id::text, 2))::uuid, id, expert_id, amount * 70 / 100,
              (CASE WHEN answered_at < now() - interval '3 days' THEN 'paid' ELSE 'pending' END)::payout_status,
              CASE WHEN answered_at < now() - interval '3 days' THEN 'tr_bench_' || id END,
              answered_at,
              CASE WHEN answered_at < now() - interval '3 days' THEN answered_at + interval '3 days' END
       FROM questions WHERE status = 'answered'`,
    ],
    [
      'helpful ratings',
      `INSERT INTO ratings (question_id, expert_id, user_id, is_helpful, created_at, updated_at)
       SELECT id, expert_id, asker_id, random() < 0.85, answered_at, answered_at
       FROM questions WHERE status = 'answered' AND random() < 0.4`,
    ],
    [
      'star reviews',
      `INSERT INTO reviews (expert_id, question_id, reviewer_id, rating, created_at)
       SELECT expert_id, id, asker_id, 3 + floor(random() * 3)::int, answered_at
       FROM questions WHERE status = 'answered' AND random() < 0.25`,
    ],
    [
      'abuse reports',
      `INSERT INTO abuse_reports (reporter_id, reported_question_id, reported_expert_id, reason, created_at)
       SELECT asker_id, id, expert_id, 'spam', answered_at
       FROM questions WHERE status = 'answered' AND random() < 0.002`,
    ],
  ];
}

/** The secondary indexes of the bulk tables that no constraint owns, as CREATE INDEX statements. */
async function droppableIndexes(client: pg.Client): Promise<{ name: string; def: string }[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
     WHERE t.relname = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [BULK_TABLES],
  );
  return rows;
}

/** Lowers this backend's CPU priority: the machine is shared, the seed can wait. */
async function niceBackend(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = rows[0]?.pid;
  if (!pid) return;
  try {
    execFileSync('renice', ['-n', '19', '-p', String(pid)], { stdio: 'ignore' });
  } catch {
    // Not allowed or not local: the seed simply runs at normal priority.
  }
}

export async function seedBench(size: Size, log: (line: string) => void = console.log) {
  const shape = SHAPES[size];
  const started = Date.now();
  const step = async (label: string, fn: () => Promise<unknown>) => {
    const t = Date.now();
    await fn();
    log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };

  log(`Seeding bench_${size}: ${JSON.stringify(shape)}`);
  await step('create database', () => recreateDatabase(size));
  await step('migrations', async () => {
    const handle = await openDatabase({ url: databaseUrl(size) });
    await handle.close();
  });

  const client = new pg.Client({ connectionString: databaseUrl(size) });
  await client.connect();
  try {
    await niceBackend(client);
    // A throwaway database: no durability needed while loading, foreign keys are right by
    // construction (and checked below), indexes are cheaper built once at the end.
    await client.query('SET synchronous_commit = off');
    await client.query("SET maintenance_work_mem = '512MB'");
    await client.query('SET session_replication_role = replica');
    const indexes = await droppableIndexes(client);
    for (const { name } of indexes) await client.query(`DROP INDEX ${name}`);
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    for (const [label, text] of statements(shape)) {
      await step(label, () => client.query(text, text.includes('$1') ? [passwordHash] : undefined));
    }
    await step(`rebuild ${indexes.length} indexes`, async () => {
      for (const { def } of indexes) await client.query(def);
    });
    await client.query('SET session_replication_role = origin');
    // The triggers that keep the directory's figures were off for the load (ADR 025).
    await step('directory figures', () => client.query('SELECT refresh_expert_stats()'));
    await step('vacuum analyze', () => client.query('VACUUM ANALYZE'));
    const { rows } = await client.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM experts) AS coaches,
              (SELECT count(*) FROM questions) AS questions, (SELECT count(*) FROM payouts) AS payouts,
              (SELECT count(*) FROM ratings) AS ratings, (SELECT count(*) FROM reviews) AS reviews,
              (SELECT count(*) FROM questions q LEFT JOIN experts e ON e.id = q.expert_id
                 WHERE e.id IS NULL) AS orphans`,
    );
    const counts = rows[0] ?? {};
    if (counts.orphans !== '0') throw new Error(`questions without their Coach: ${counts.orphans}`);
    log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(counts)}`);
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { size: { type: 'string' } } });
  await seedBench(parseSize(values.size));
}
