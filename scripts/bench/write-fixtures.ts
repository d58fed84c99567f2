/**
 * Questions prepared for the write benchmarks (issue 37), in bulk through SQL as the seed makes
 * them: each request of a write acts on a question of its own, at the stage that write needs.
 */
import type pg from 'pg';
import { inTransaction } from './db';
import type { Actor, Coach } from './fixtures';

/**
 * Where a prepared question stands: paid and waiting for its answer; the same with the Coach's
 * request for details; answered (its payout held for the dispute window); answered with the
 * Player's follow-up waiting.
 */
export type Stage = 'pending' | 'details asked' | 'answered' | 'follow-up sent';

const STAGES: Record<Stage, { answered: boolean; message: string | null }> = {
  pending: { answered: false, message: null },
  'details asked': { answered: false, message: 'clarification_request' },
  answered: { answered: true, message: null },
  'follow-up sent': { answered: true, message: 'follow_up' },
};

/**
 * `count` paid questions from `player` to `coach` at `stage`, with the payout an answer writes and
 * the message that brought them there; returns their ids. Loaded with triggers off, as the seed
 * loads (`refreshCoachFigures` then recounts the Coaches' figures once).
 */
export async function insertQuestionsAt(
  pool: pg.Pool,
  coach: Coach,
  player: Actor,
  count: number,
  stage: Stage,
): Promise<string[]> {
  const { answered, message } = STAGES[stage];
  return inTransaction(pool, async (client) => {
    await client.query('SET LOCAL session_replication_role = replica');
    const { rows } = await client.query<{ id: string }>(
      `WITH coach AS (SELECT id, user_id, price_per_question FROM experts WHERE id = $1),
       asked AS (
         INSERT INTO questions (expert_id, asker_id, asker_name, asker_email, question, amount,
                                status, payment_status, paid_at, created_at, answer, answered_at,
                                message_count, last_message_kind, follow_up_until)
         SELECT coach.id, $2, 'Bench Player', $3,
                'Bench question ' || n || ': what should I work on next?', coach.price_per_question,
                (CASE WHEN $5::boolean THEN 'answered' ELSE 'pending' END)::question_status, 'paid',
                now() - interval '1 hour', now() - interval '1 hour' - (n || ' milliseconds')::interval,
                CASE WHEN $5::boolean THEN 'Start with two short agility sessions a week.' END,
                CASE WHEN $5::boolean THEN now() - (n || ' milliseconds')::interval END,
                CASE WHEN $6::question_message_kind IS NULL THEN 0 ELSE 1 END,
                $6::question_message_kind,
                CASE WHEN $6::question_message_kind = 'follow_up' THEN now() + interval '2 days' END
         FROM generate_series(1, $4::int) n, coach
         RETURNING id, expert_id, amount, created_at, answered_at
       ),
       payout AS (
         INSERT INTO payouts (question_id, expert_id, amount, releasable_at, created_at)
         SELECT id, expert_id, amount * 70 / 100, answered_at + interval '3 days', answered_at
         FROM asked WHERE answered_at IS NOT NULL
       ),
       message AS (
         INSERT INTO question_messages (question_id, author_id, kind, body, created_at)
         SELECT asked.id,
                CASE WHEN $6::question_message_kind = 'clarification_request' THEN coach.user_id
                     ELSE $2 END,
                $6::question_message_kind, 'Bench message: which foot do you push off with?',
                coalesce(asked.answered_at, asked.created_at + interval '1 minute')
         FROM asked, coach WHERE $6::question_message_kind IS NOT NULL
       )
       SELECT id FROM asked`,
      [coach.coachId, player.userId, player.email, count, answered, message],
    );
    return rows.map((r) => r.id);
  });
}

/** Recounts every Coach's figures after questions were loaded with triggers off (ADR 025). */
export async function refreshCoachFigures(pool: pg.Pool): Promise<void> {
  await pool.query('SELECT refresh_expert_stats()');
  await pool.query('VACUUM ANALYZE questions, payouts, question_messages, experts');
}
