/**
 * The write load: each Player asks questions of random Coaches and pays for some through the local
 * provider; each Coach answers the questions asked of it (some twice at once, to race the payout).
 * Only responses the server sent with a 2xx status are written to the ledger the checks rely on.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Admin, Coach, Player } from './actors';
import { call, type Stats } from './http';

export interface CreatedQuestion {
  id: string;
  playerId: string;
  coachId: string;
  amount: number;
}

export interface AcceptedAnswer {
  /** The answer text of the request that got the 2xx. */
  text: string;
  /** How many answer requests for this question got a 2xx (the product allows exactly one). */
  accepted: number;
}

export class Ledger {
  readonly created = new Map<string, CreatedQuestion>();
  readonly answered = new Map<string, AcceptedAnswer>();
  readonly paid = new Set<string>();
  /** Questions whose answer got a 409 after an attempt whose response was lost (ambiguous). */
  readonly ambiguousAnswers = new Set<string>();
  /** Questions answered with two concurrent requests: one of each pair must get a 409. */
  doubleAnswers = 0;
  /** Questions an administrator refund was accepted for (2xx). */
  readonly refunded = new Set<string>();
  /** Questions an administrator refund was sent for whose response was lost: maybe refunded. */
  readonly maybeRefunded = new Set<string>();
  /** Administrator bursts: concurrent refunds, holds and releases on one question. */
  adminBursts = 0;
  /** Questions a Player disputed (2xx). */
  readonly disputed = new Set<string>();
  /** Per disputed question, every partial refund (cents) whose resolution got a 2xx: one at most. */
  readonly partlyRefunded = new Map<string, number[]>();
}

export interface LoadOptions {
  baseUrl: string;
  coaches: Coach[];
  players: Player[];
  admin: Admin;
  /** Wall-clock end of the load (ms since epoch). */
  deadline: number;
  stats: Stats;
  ledger: Ledger;
  /** Share of questions the Player pays for. */
  payShare: number;
  /** Share of questions the Coach answers with two concurrent requests. */
  doubleAnswerShare: number;
}

/**
 * The checkout route allows 20 per client address per minute: each Player pays at most every 3.4 s
 * (18 a minute), so payments spread over the whole run and its kills.
 */
const CHECKOUT_INTERVAL_MS = 61_000 / 18;

const pick = <T>(items: T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

async function pay(o: LoadOptions, player: Player, q: CreatedQuestion): Promise<void> {
  const checkout = await call(o.stats, 'checkout', o.baseUrl, player, {
    method: 'POST',
    path: '/api/payments/checkout',
    json: { questionId: q.id, amount: q.amount },
  });
  if (checkout.response?.status !== 200) return;
  const url = new URL((JSON.parse(checkout.response.body) as { url: string }).url);
  const sessionId = url.pathname.split('/').pop() ?? '';
  const paid = await call(o.stats, 'pay', o.baseUrl, player, {
    method: 'POST',
    path: `/api/payments/local/checkout/${encodeURIComponent(sessionId)}/pay`,
  });
  if (paid.response?.status === 200) o.ledger.paid.add(q.id);
}

async function playerLoop(o: LoadOptions, player: Player, queues: Map<string, string[]>) {
  let lastCheckout = 0;
  let n = 0;
  while (Date.now() < o.deadline) {
    const coach = pick(o.coaches);
    n++;
    const asked = await call(o.stats, 'ask', o.baseUrl, player, {
      method: 'POST',
      path: '/api/questions',
      // One key per question: a retry after a lost response finds the question it created.
      headers: { 'idempotency-key': randomUUID() },
      json: {
        coachId: coach.coachId,
        playerName: player.name,
        question: `Chaos question ${n} from ${player.name}: how do I recover from a crash?`,
        context: 'Asked by the chaos run.',
        pledge: true,
        acceptedConsents: true,
      },
    });
    if (asked.response?.status !== 201) continue;
    const { id } = JSON.parse(asked.response.body) as { id: string };
    const q: CreatedQuestion = {
      id,
      playerId: player.userId,
      coachId: coach.coachId,
      amount: coach.priceCents,
    };
    o.ledger.created.set(id, q);
    queues.get(coach.coachId)?.push(id);

    const now = Date.now();
    if (Math.random() < o.payShare && now - lastCheckout >= CHECKOUT_INTERVAL_MS) {
      lastCheckout = now;
      await pay(o, player, q);
    }
  }
}

async function answerOnce(o: LoadOptions, coach: Coach, id: string, text: string): Promise<void> {
  const result = await call(o.stats, 'answer', o.baseUrl, coach, {
    method: 'POST',
    path: `/api/questions/${id}/answer`,
    json: { answer: text },
  });
  const status = result.response?.status;
  if (status === 204) {
    const earlier = o.ledger.answered.get(id);
    o.ledger.answered.set(id, { text, accepted: (earlier?.accepted ?? 0) + 1 });
  } else if (status === 409 && result.lostEarlier) {
    o.ledger.ambiguousAnswers.add(id);
  }
}

async function coachLoop(o: LoadOptions, coach: Coach, queue: string[]) {
  while (Date.now() < o.deadline) {
    const id = queue.shift();
    if (!id) {
      await sleep(20);
      continue;
    }
    const text = `Chaos answer to ${id}: restart and check the ledger.`;
    if (Math.random() < o.doubleAnswerShare) {
      o.ledger.doubleAnswers++;
      await Promise.all([
        answerOnce(o, coach, id, `${text} (first of two)`),
        answerOnce(o, coach, id, `${text} (second of two)`),
      ]);
    } else {
      await answerOnce(o, coach, id, text);
    }
  }
}

const ADMIN_ACTIONS = ['refund', 'hold-payout', 'release-payout', 'refund', 'hold-payout'] as const;

/**
 * The race of issue 11: while the payout sweep releases payouts (the hold window is short here),
 * an administrator fires ten refunds, holds and releases at once on a paid, answered question.
 * Only some questions get a burst, so others are released to their Coach.
 */
async function adminLoop(o: LoadOptions) {
  while (Date.now() < o.deadline) {
    await sleep(1500);
    const candidates = [...o.ledger.answered.keys()].filter(
      (id) => o.ledger.paid.has(id) && !o.ledger.refunded.has(id),
    );
    if (candidates.length === 0 || Math.random() < 0.5) continue;
    const id = pick(candidates);
    o.ledger.adminBursts++;
    await Promise.all(
      Array.from({ length: 10 }, async (_, n) => {
        const action = ADMIN_ACTIONS[n % ADMIN_ACTIONS.length]!;
        const result = await call(o.stats, 'admin', o.baseUrl, o.admin, {
          method: 'POST',
          path: `/api/admin/questions/${id}/${action}`,
          headers: o.admin.headers,
        });
        if (action === 'refund' && result.response?.status === 204) o.ledger.refunded.add(id);
        else if (action === 'refund' && (result.lostEarlier || !result.response)) {
          o.ledger.maybeRefunded.add(id);
        }
      }),
    );
  }
}

/** What each of the five administrators settling one dispute at once refunds of the price. */
const PARTIAL_SHARES = [0.1, 0.25, 0.5, 0.75, 0.9] as const;

/**
 * Partial refunds (issue 24, ADR 063): a Player disputes an answer they paid for, inside its hold
 * window, and five administrators resolve the dispute at once, each with another partial refund,
 * while the payout sweep runs and the administrator bursts above may refund the rest in full.
 */
async function disputeLoop(o: LoadOptions) {
  while (Date.now() < o.deadline) {
    await sleep(2000);
    // The latest answers: the dispute window is the payout's hold window (about 17 s here).
    const candidates = [...o.ledger.answered.keys()]
      .slice(-8)
      .filter((id) => o.ledger.paid.has(id) && !o.ledger.refunded.has(id))
      .filter((id) => !o.ledger.disputed.has(id));
    const q = candidates.length > 0 ? o.ledger.created.get(pick(candidates)) : undefined;
    const player = q && o.players.find((p) => p.userId === q.playerId);
    if (!q || !player) continue;
    const flagged = await call(o.stats, 'dispute', o.baseUrl, player, {
      method: 'POST',
      path: `/api/questions/${q.id}/dispute`,
      json: { reason: 'incomplete', details: 'Disputed by the chaos run.' },
    });
    if (flagged.response?.status !== 204) continue;
    o.ledger.disputed.add(q.id);
    await Promise.all(
      PARTIAL_SHARES.map(async (share) => {
        const cents = Math.max(1, Math.floor(q.amount * share));
        const result = await call(o.stats, 'resolve', o.baseUrl, o.admin, {
          method: 'POST',
          path: `/api/admin/disputes/${q.id}/resolve`,
          headers: o.admin.headers,
          json: {
            outcome: 'partial_refund',
            amount: (cents / 100).toFixed(2),
            note: 'Settled in part by the chaos run.',
          },
        });
        if (result.response?.status === 204) {
          o.ledger.partlyRefunded.set(q.id, [...(o.ledger.partlyRefunded.get(q.id) ?? []), cents]);
        }
      }),
    );
  }
}

/** Runs every actor until the deadline; resolves when each has finished its last call. */
export async function runLoad(o: LoadOptions): Promise<void> {
  const queues = new Map<string, string[]>(o.coaches.map((c) => [c.coachId, []]));
  await Promise.all([
    ...o.players.map((p) => playerLoop(o, p, queues)),
    ...o.coaches.map((c) => coachLoop(o, c, queues.get(c.coachId) ?? [])),
    adminLoop(o),
    disputeLoop(o),
  ]);
}
