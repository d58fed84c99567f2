/**
 * Load: simulated users (80% Players, 20% Coaches) loop over the main flows for a while; then the
 * database is checked for every write the server acknowledged.
 *
 * Player: home Coach list, a Coach's profile, My Questions, ask that Coach, open the new question.
 * Coach: inbox, open the first pending question, answer it. Each user signs in once (their start
 * is spread over a ramp) and again only if the session is refused; between steps a user thinks
 * for 0..2×thinkMs.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { HOME_COACH_LIMIT } from '../../contracts/limits';
import type { Size } from './db';
import { coachNumber, playerNumber, type Actor } from './fixtures';
import { request, type HttpRequest } from './http';
import { percentile } from './stats';

const COACH_SHARE = 0.2;

export interface LoadOptions {
  users: number;
  durationS: number;
  thinkMs: number;
  log: (line: string) => void;
}

export interface FlowStats {
  step: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  status: Record<string, number>;
}

export interface LoadResult {
  users: number;
  durationS: number;
  thinkMs: number;
  requests: number;
  rps: number;
  fiveXx: number;
  networkErrors: number;
  steps: FlowStats[];
  writes: {
    asksAcknowledged: number;
    asksFound: number;
    answersAcknowledged: number;
    answersFoundWithPayout: number;
    lost: number;
    payoutsWithoutAnswer: number;
    doubledPayouts: number;
  };
}

interface Recorder {
  call(step: string, req: HttpRequest): Promise<{ status: number; body: string } | null>;
}

function recorder(
  baseUrl: string,
  stats: Map<string, { ms: number[]; status: Record<string, number> }>,
  errors: { n: number },
): Recorder {
  return {
    async call(step, req) {
      let entry = stats.get(step);
      if (!entry) stats.set(step, (entry = { ms: [], status: {} }));
      try {
        const res = await request(baseUrl, req);
        entry.ms.push(res.ms);
        entry.status[res.status] = (entry.status[res.status] ?? 0) + 1;
        return res;
      } catch {
        errors.n++;
        entry.status.error = (entry.status.error ?? 0) + 1;
        return null;
      }
    },
  };
}

function parse<T>(body: string): T | null {
  try {
    return JSON.parse(body) as T;
  } catch {
    return null;
  }
}

export async function runLoad(
  baseUrl: string,
  pool: pg.Pool,
  size: Size,
  options: LoadOptions,
): Promise<LoadResult> {
  const stats = new Map<string, { ms: number[]; status: Record<string, number> }>();
  const errors = { n: 0 };
  const http = recorder(baseUrl, stats, errors);
  const askIds: string[] = [];
  const answerIds: string[] = [];
  const coachCount = Math.round(options.users * COACH_SHARE);
  // The Coaches on the home list (whom the Players ask) plus the next busiest ones.
  const newest = await pool.query<{ user_id: string }>(
    'SELECT user_id FROM experts ORDER BY created_at DESC, id DESC LIMIT $1',
    [HOME_COACH_LIMIT],
  );
  const numbers = new Set(newest.rows.map((r) => Number(r.user_id.replace('bench-user-', ''))));
  for (let n = 2; numbers.size < coachCount; n++) numbers.add(n);
  const coaches = await Promise.all(
    [...numbers].slice(0, coachCount).map((n) => coachNumber(pool, n)),
  );
  const players = Array.from({ length: options.users - coachCount }, (_, i) =>
    playerNumber(size, 100 + i),
  );
  const started = Date.now();
  const deadline = started + options.durationS * 1000;
  const think = () => sleep(Math.random() * 2 * options.thinkMs);
  const rampMs = Math.min(30_000, (options.durationS * 1000) / 4);

  // Sign-in needs the Set-Cookie header, which the recorder does not return: recorded here.
  const session = async (actor: Actor): Promise<string | null> => {
    let entry = stats.get('sign in');
    if (!entry) stats.set('sign in', (entry = { ms: [], status: {} }));
    try {
      const res = await request(baseUrl, {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        json: { email: actor.email, password: 'bench-password-123' },
      });
      entry.ms.push(res.ms);
      entry.status[res.status] = (entry.status[res.status] ?? 0) + 1;
      if (res.status !== 200) return null;
      return res.setCookies.map((c) => c.split(';')[0]).join('; ');
    } catch {
      errors.n++;
      entry.status.error = (entry.status.error ?? 0) + 1;
      return null;
    }
  };

  const player = async (actor: Actor) => {
    let cookie: string | null = null;
    for (let i = 0; Date.now() < deadline; i++) {
      if (!cookie) cookie = await session(actor);
      if (!cookie) {
        await think();
        continue;
      }
      const list = await http.call('home coach list', { path: '/api/coaches/newest' });
      const coach = parse<{ coaches: { id: string }[] }>(list?.body ?? '')?.coaches;
      const picked = coach?.[Math.floor(Math.random() * coach.length)];
      await think();
      if (!picked) continue;
      await http.call('coach profile', { path: `/api/coaches/${picked.id}` });
      await think();
      const mine = await http.call('player questions', { path: '/api/questions/mine', cookie });
      if (mine?.status === 401) {
        cookie = null;
        continue;
      }
      await think();
      const asked = await http.call('ask', {
        method: 'POST',
        path: '/api/questions',
        cookie,
        json: {
          coachId: picked.id,
          playerName: 'Load Player',
          question: `Load question ${i} from ${actor.userId}: how do I recover between games?`,
          pledge: true,
          acceptedConsents: true,
        },
      });
      const id = asked?.status === 201 ? parse<{ id: string }>(asked.body)?.id : undefined;
      if (id) askIds.push(id);
      await think();
      if (id) await http.call('question detail', { path: `/api/questions/${id}`, cookie });
      await think();
    }
  };

  const coach = async (actor: Actor) => {
    let cookie: string | null = null;
    for (let i = 0; Date.now() < deadline; i++) {
      if (!cookie) cookie = await session(actor);
      if (!cookie) {
        await think();
        continue;
      }
      const inbox = await http.call('coach inbox', { path: '/api/questions/coach-inbox', cookie });
      if (inbox?.status === 401) {
        cookie = null;
        continue;
      }
      const pending = parse<{ questions: { id: string; status: string; paymentStatus: string }[] }>(
        inbox?.body ?? '',
      )?.questions.find(
        (q) =>
          q.status === 'pending' && (q.paymentStatus === 'paid' || q.paymentStatus === 'pending'),
      );
      await think();
      if (!pending) continue;
      await http.call('question detail', { path: `/api/questions/${pending.id}`, cookie });
      await think();
      const answered = await http.call('answer', {
        method: 'POST',
        path: `/api/questions/${pending.id}/answer`,
        cookie,
        json: { answer: 'Sleep well, hydrate, and keep the day after a game light.' },
      });
      if (answered?.status === 204) answerIds.push(pending.id);
      await think();
    }
  };

  const all = [
    ...coaches.map((c) => ({ actor: c, run: coach })),
    ...players.map((p) => ({ actor: p, run: player })),
  ];
  // Spread the start over the ramp so sign-ins do not all land in the same millisecond.
  await Promise.all(
    all
      .sort(() => Math.random() - 0.5)
      .map(async ({ actor, run }, i) => {
        await sleep((i / all.length) * rampMs);
        await run(actor);
      }),
  );
  const elapsedS = (Date.now() - started) / 1000;

  const found = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM questions WHERE id = ANY($1::uuid[])',
    [askIds],
  );
  const answered = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM questions q JOIN payouts p ON p.question_id = q.id
     WHERE q.id = ANY($1::uuid[]) AND q.status = 'answered' AND q.answer IS NOT NULL`,
    [answerIds],
  );
  const orphanPayouts = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payouts p JOIN questions q ON q.id = p.question_id
     WHERE q.answer IS NULL`,
  );
  const doubled = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM (SELECT question_id FROM payouts GROUP BY 1 HAVING count(*) > 1) d',
  );
  const asksFound = found.rows[0]?.n ?? 0;
  const answersFound = answered.rows[0]?.n ?? 0;

  const steps: FlowStats[] = [...stats.entries()].map(([step, s]) => ({
    step,
    requests: s.ms.length,
    p50: percentile(s.ms, 50),
    p99: percentile(s.ms, 99),
    max: s.ms.length ? Math.max(...s.ms) : 0,
    status: s.status,
  }));
  const requests = steps.reduce((sum, s) => sum + s.requests, 0);
  const fiveXx = steps.reduce(
    (sum, s) =>
      sum +
      Object.entries(s.status)
        .filter(([code]) => code.startsWith('5'))
        .reduce((a, [, n]) => a + n, 0),
    0,
  );
  return {
    users: options.users,
    durationS: elapsedS,
    thinkMs: options.thinkMs,
    requests,
    rps: requests / elapsedS,
    fiveXx,
    networkErrors: errors.n,
    steps,
    writes: {
      asksAcknowledged: askIds.length,
      asksFound,
      answersAcknowledged: answerIds.length,
      answersFoundWithPayout: answersFound,
      lost: askIds.length - asksFound + (answerIds.length - answersFound),
      payoutsWithoutAnswer: orphanPayouts.rows[0]?.n ?? 0,
      doubledPayouts: doubled.rows[0]?.n ?? 0,
    },
  };
}
