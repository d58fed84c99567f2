/**
 * The write benchmarks (issue 37): every write the web app makes on a question, each by 50
 * signed-in actors at once (one per connection), each request on a question of its own prepared
 * through SQL at the stage the write needs (`insertQuestionsAt`), so every request does the whole
 * work. Each write is measured right after the one-query floor, whose p99 the report shows beside
 * the write's; the verdict is the write's rate against pgbench's simple-update.
 */
import type pg from 'pg';
import { SHAPES } from './constants';
import type { Size } from './db';
import { bench, runOneQueryFloor, type EndpointResult, type RunOptions } from './endpoints';
import { coachNumber, playerNumber, type Actor, type Coach } from './fixtures';
import { signIn, type Target } from './http';
import { insertQuestionsAt, refreshCoachFigures, type Stage } from './write-fixtures';
import { inTurn, poolPerActor } from './write-turns';

/** Questions prepared per second of each write (far above any rate seen). */
const POOL_PER_SECOND = 1500;

/** A write on a prepared question: who sends it, at which stage, and the request it is. */
interface PreparedWrite {
  name: string;
  route: string;
  method: 'POST' | 'PUT';
  by: 'coaches' | 'players';
  stage: Stage;
  path: (questionId: string) => string;
  body: (i: number) => unknown;
}

const message = (kind: string, text: string) => (i: number) => ({ kind, body: `${text} (${i})` });

const PREPARED_WRITES: PreparedWrite[] = [
  {
    name: 'answer submission',
    route: 'POST /api/questions/:id/answer',
    method: 'POST',
    by: 'coaches',
    stage: 'pending',
    path: (id) => `/api/questions/${id}/answer`,
    body: () => ({ answer: 'Keep your legs fresh: short sprints, then rest.' }),
  },
  {
    name: 'clarification request',
    route: 'POST /api/questions/:id/messages',
    method: 'POST',
    by: 'coaches',
    stage: 'pending',
    path: (id) => `/api/questions/${id}/messages`,
    body: message('clarification_request', 'Which foot do you push off with?'),
  },
  {
    name: 'clarification reply',
    route: 'POST /api/questions/:id/messages',
    method: 'POST',
    by: 'players',
    stage: 'details asked',
    path: (id) => `/api/questions/${id}/messages`,
    body: message('clarification_reply', 'My left foot, after a ten-minute warm-up.'),
  },
  {
    name: 'follow-up question',
    route: 'POST /api/questions/:id/messages',
    method: 'POST',
    by: 'players',
    stage: 'answered',
    path: (id) => `/api/questions/${id}/messages`,
    body: message('follow_up', 'Should I keep the ladder drills during the season?'),
  },
  {
    name: 'follow-up answer',
    route: 'POST /api/questions/:id/messages',
    method: 'POST',
    by: 'coaches',
    stage: 'follow-up sent',
    path: (id) => `/api/questions/${id}/messages`,
    body: message('follow_up_answer', 'Yes, twice a week, never the day before a game.'),
  },
  {
    name: 'review',
    route: 'PUT /api/questions/:id/review',
    method: 'PUT',
    by: 'players',
    stage: 'answered',
    path: (id) => `/api/questions/${id}/review`,
    body: (i) => ({ rating: 1 + (i % 5), words: `Clear and practical (${i}).` }),
  },
];

/** One side of the prepared writes: each actor with their cookie and the other side's person. */
interface Side {
  actors: Actor[];
  cookies: string[];
  /** The question's Coach and Player for actor i. */
  pair: (i: number) => { coach: Coach; player: Actor };
}

/** A write's measurement, after the one-query floor's right before it. */
async function withFloor(
  baseUrl: string,
  options: RunOptions,
  measureWrite: () => Promise<EndpointResult>,
): Promise<EndpointResult> {
  const floor = (await runOneQueryFloor(baseUrl, options)).measurement;
  return { ...(await measureWrite()), floor };
}

/**
 * Question creation by 50 signed-in Players; then the writes on prepared questions: the answer, the
 * request for details and its reply, the follow-up and its answer, and the review.
 */
export async function runWrites(
  baseUrl: string,
  pool: pg.Pool,
  size: Size,
  options: RunOptions,
): Promise<EndpointResult[]> {
  const { coaches } = SHAPES[size];
  const n = options.connections;
  const players = Array.from({ length: n }, (_, i) => playerNumber(size, i));
  const playerCookies = await Promise.all(players.map((a) => signIn(baseUrl, a.email)));
  // Players ask the Coaches numbered 2..51, so the busiest Coach (the reads) is left alone.
  const asked = await Promise.all(
    Array.from({ length: Math.min(50, coaches - 2) }, (_, i) => coachNumber(pool, i + 2)),
  );
  let asks = 0;
  const ask: Target = {
    method: 'POST',
    path: '/api/questions',
    next: () => {
      const i = asks++;
      return {
        path: '/api/questions',
        cookie: playerCookies[i % playerCookies.length],
        body: JSON.stringify({
          coachId: asked[i % asked.length]?.coachId,
          playerName: 'Bench Player',
          question: `Bench question ${i}: how do I keep my form late in the game?`,
          pledge: true,
          acceptedConsents: true,
        }),
      };
    },
  };

  // Coaches' writes come from the last Coaches, one per connection (a Coach is one person, so 50 at
  // once are 50 Coaches), on questions of one Player; Players' writes from Players of their own,
  // each with one of the asked Coaches.
  const answerers = await Promise.all(
    Array.from({ length: n }, (_, i) => coachNumber(pool, coaches - i)),
  );
  const theirPlayer = playerNumber(size, n + 1);
  const writers = Array.from({ length: n }, (_, i) => playerNumber(size, n + 2 + i));
  const sides: Record<PreparedWrite['by'], Side> = {
    coaches: {
      actors: answerers,
      cookies: await Promise.all(answerers.map((c) => signIn(baseUrl, c.email))),
      pair: (i) => ({ coach: answerers[i]!, player: theirPlayer }),
    },
    players: {
      actors: writers,
      cookies: await Promise.all(writers.map((p) => signIn(baseUrl, p.email))),
      pair: (i) => ({ coach: asked[i % asked.length]!, player: writers[i]! }),
    },
  };

  const perActor = poolPerActor(POOL_PER_SECOND, options.durationS + options.warmupS, n);
  options.log(
    `  preparing ${perActor * n} questions for each of ${PREPARED_WRITES.length} writes…`,
  );
  const prepared = [];
  for (const write of PREPARED_WRITES) {
    const side = sides[write.by];
    const pools = await Promise.all(
      side.actors.map((_, i) => {
        const { coach, player } = side.pair(i);
        return insertQuestionsAt(pool, coach, player, perActor, write.stage);
      }),
    );
    prepared.push({ write, side, turns: inTurn(pools) });
  }
  await refreshCoachFigures(pool);
  // None of the measurements pays for the dirty pages and WAL of the preparation.
  await pool.query('CHECKPOINT');

  const results = [
    await withFloor(baseUrl, options, () =>
      bench(baseUrl, 'ask (create question)', 'write', 'POST /api/questions', ask, options),
    ),
  ];
  for (const { write, side, turns } of prepared) {
    let requests = 0;
    const target: Target = {
      method: write.method,
      path: write.path(''),
      next: () => {
        const { actor, row } = turns.next();
        return {
          path: write.path(row),
          cookie: side.cookies[actor],
          body: JSON.stringify(write.body(requests++)),
        };
      },
    };
    results.push(
      await withFloor(baseUrl, options, () =>
        bench(baseUrl, write.name, 'write', write.route, target, options),
      ),
    );
    if (turns.repeats() > 0) {
      options.log(`  (${write.name}: ${turns.repeats()} requests found their questions used up)`);
    }
  }
  return results;
}
