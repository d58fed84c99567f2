/**
 * What the bench measures, found in the seeded database: the busiest Coach, a Player and one of their
 * questions; and fresh pending questions for the write, realtime and load phases.
 */
import type pg from 'pg';
import { SHAPES, userEmail } from './constants';
import { inTransaction, type Size } from './db';

export interface Actor {
  userId: string;
  email: string;
}

export interface Coach extends Actor {
  coachId: string;
  questions: number;
}

export interface Fixtures {
  busiestCoach: Coach;
  player: Actor & { questions: number };
  /** The answered question of `player` with the longest conversation (the seed gives one 20 messages). */
  questionId: string;
}

/** The Player with the most questions (ties to the first id): My Questions' and the question page's reader. */
export const BUSIEST_PLAYER = `SELECT asker_id AS player_id, count(*)::int AS n FROM questions
  WHERE asker_id LIKE 'bench-user-%' GROUP BY asker_id ORDER BY n DESC, asker_id LIMIT 1`;

const nFromUserId = (id: string) => Number(id.replace('bench-user-', ''));

export async function findFixtures(pool: pg.Pool): Promise<Fixtures> {
  const coach = await pool.query<{ coach_id: string; user_id: string; n: number }>(
    `SELECT q.expert_id AS coach_id, e.user_id, count(*)::int AS n FROM questions q
     JOIN experts e ON e.id = q.expert_id GROUP BY q.expert_id, e.user_id ORDER BY n DESC LIMIT 1`,
  );
  const player = await pool.query<{ player_id: string; n: number }>(BUSIEST_PLAYER);
  const c = coach.rows[0];
  const p = player.rows[0];
  if (!c || !p) throw new Error('the bench database is empty: run npm run seed:bench first');
  const question = await pool.query<{ id: string }>(
    `SELECT id FROM questions WHERE asker_id = $1 AND status = 'answered'
     ORDER BY message_count DESC, created_at DESC LIMIT 1`,
    [p.player_id],
  );
  const questionId = question.rows[0]?.id;
  if (!questionId) throw new Error('the bench Player has no answered question');
  return {
    busiestCoach: {
      userId: c.user_id,
      email: userEmail(nFromUserId(c.user_id)),
      coachId: c.coach_id,
      questions: c.n,
    },
    player: { userId: p.player_id, email: userEmail(nFromUserId(p.player_id)), questions: p.n },
    questionId,
  };
}

/** Coach number `n` (1-based) of the seed. */
export async function coachNumber(pool: pg.Pool, n: number): Promise<Coach> {
  const userId = `bench-user-${n}`;
  const { rows } = await pool.query<{ id: string; n: number }>(
    `SELECT e.id, (SELECT count(*)::int FROM questions WHERE expert_id = e.id) AS n
     FROM experts e WHERE e.user_id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw new Error(`no Coach ${n}`);
  return { userId, email: userEmail(n), coachId: row.id, questions: row.n };
}

/** Player number `i` (0-based) of the seed. */
export function playerNumber(size: Size, i: number): Actor {
  const n = SHAPES[size].coaches + 1 + i;
  return { userId: `bench-user-${n}`, email: userEmail(n) };
}

/** Inserts `count` pending, paid questions from `player` to `coach`; returns their ids, oldest first. */
export async function insertPendingQuestions(
  pool: pg.Pool,
  coach: Coach,
  player: Actor,
  count: number,
): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO questions (expert_id, asker_id, asker_name, asker_email, question, amount,
                            status, payment_status, paid_at, created_at)
     SELECT $1, $2, 'Bench Player', $3, 'Bench question ' || n || ': what should I work on next?',
            e.price_per_question, 'pending', 'paid', now(), now() - (n || ' milliseconds')::interval
     FROM generate_series(1, $4::int) n, experts e WHERE e.id = $1
     RETURNING id`,
    [coach.coachId, player.userId, player.email, count],
  );
  return rows.map((r) => r.id);
}

/** Rows a bench run wrote (its questions are named 'Bench question …' / 'Load question …'). */
const BENCH_WRITTEN = "question LIKE 'Bench question %' OR question LIKE 'Load question %'";

/** Tables whose triggers keep the Coaches' figures (ADR 025), off while a run's rows are removed. */
const FIGURE_TABLES = ['questions', 'reviews', 'ratings'];

/**
 * Puts the dataset back to its seeded shape before a run: removes the questions earlier runs wrote
 * (with their payouts, receipts and messages; their reviews and ratings go with them), sessions and
 * mail, so fixtures and figures do not drift from run to run. The figures' triggers are off
 * meanwhile and the figures recounted once after (the writes leave some 100,000 questions, each a
 * recount of its Coach's median when deleted one by one).
 * Seeded pending questions answered by the load phase stay answered (npm run seed:bench restores them).
 */
export async function removeBenchWrites(pool: pg.Pool): Promise<number> {
  const removed = await inTransaction(pool, async (client) => {
    for (const table of FIGURE_TABLES) {
      await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    }
    const written = `SELECT id FROM questions WHERE ${BENCH_WRITTEN}`;
    // Bench payments' receipts go too (a bench database's receipt numbers need not be gapless).
    for (const table of ['receipts', 'payouts', 'question_messages']) {
      await client.query(`DELETE FROM ${table} WHERE question_id IN (${written})`);
    }
    const { rowCount } = await client.query(`DELETE FROM questions WHERE ${BENCH_WRITTEN}`);
    for (const table of FIGURE_TABLES) {
      await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    }
    if (rowCount) await client.query('SELECT refresh_expert_stats()');
    return rowCount ?? 0;
  });
  await pool.query('DELETE FROM sessions');
  await pool.query('DELETE FROM mail_outbox');
  // Answers update their Coach's figures (a trigger), so `experts` carries dead rows too; left
  // alone they slow every later directory read.
  await pool.query(
    'VACUUM ANALYZE questions, payouts, question_messages, sessions, mail_outbox, experts, user_roles',
  );
  return removed;
}
