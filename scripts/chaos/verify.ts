/**
 * What must hold in the database after the crashes, checked against the ledger of 2xx responses and
 * against the invariants of the money tables.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { coachPayoutCents } from '../../contracts/money';
import { withChaosDb } from './database';
import type { Ledger } from './load';

export interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

interface QuestionRow {
  id: string;
  player_id: string;
  coach_id: string;
  amount: number;
  status: string;
  payment_status: string;
  answer: string | null;
  answered_at: Date | null;
  paid_at: Date | null;
  payment_intent_id: string | null;
  refund_id: string | null;
  dispute_resolution: string | null;
  partial_refund_amount: number | null;
  partial_refunded_at: Date | null;
}

interface PayoutRow {
  id: string;
  question_id: string;
  coach_id: string;
  amount: number;
  status: string;
  transfer_id: string | null;
  reversal_id: string | null;
  reversed_amount: number;
  paid_at: Date | null;
}

const OPEN_CLAIMS = `SELECT
    (SELECT count(*) FROM payouts WHERE status IN ('transferring', 'reversing'))
  + (SELECT count(*) FROM questions WHERE payment_status = 'refunding')
  + (SELECT count(*) FROM questions
      WHERE partial_refund_amount IS NOT NULL AND partial_refunded_at IS NULL) AS open`;

/**
 * Waits until no transfer, reversal or refund is left claimed: the running server's recovery sweep
 * finishes what a kill interrupted once the claim is stale (ADR 023).
 */
export async function waitForSettledMoney(database: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await withChaosDb(database, async (client) =>
      Number((await client.query<{ open: string }>(OPEN_CLAIMS)).rows[0]?.open ?? 0),
    );
    if (open === 0) return true;
    if (Date.now() > until) return false;
    await sleep(2000);
  }
}

const sample = (ids: string[]) =>
  ids.length === 0 ? '' : ` e.g. ${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''}`;

function check(name: string, bad: string[], okDetail: string, badDetail: string): Check {
  return bad.length === 0
    ? { name, passed: true, detail: okDetail }
    : { name, passed: false, detail: `${bad.length} ${badDetail}${sample(bad)}` };
}

export async function verify(
  client: pg.Client,
  ledger: Ledger,
  /** Requests to create a question whose response was lost: each may have committed one. */
  lostCreates: number,
): Promise<{ checks: Check[]; facts: Record<string, number> }> {
  const { rows: questionRows } = await client.query<QuestionRow>(
    `SELECT id, asker_id AS player_id, expert_id AS coach_id, amount, status, payment_status, answer,
            answered_at, paid_at, payment_intent_id, refund_id, dispute_resolution,
            partial_refund_amount, partial_refunded_at
       FROM questions`,
  );
  const { rows: payoutRows } = await client.query<PayoutRow>(
    `SELECT id, question_id, expert_id AS coach_id, amount, status, transfer_id, reversal_id,
            reversed_amount, paid_at
       FROM payouts`,
  );
  const { rows: mailRows } = await client.query<{ question_id: string; n: string }>(
    // A message not sent yet holds what it says, not its text (ADR 095).
    `SELECT substring(coalesce(text, content::text) from '/questions/([0-9a-f-]{36})') AS question_id,
            count(*) AS n
       FROM mail_outbox
      WHERE subject = 'Your question has been answered'
      GROUP BY 1`,
  );
  const questions = new Map(questionRows.map((q) => [q.id, q]));
  const answeredMails = new Map(mailRows.map((m) => [m.question_id, Number(m.n)]));
  const payoutsByQuestion = new Map<string, PayoutRow[]>();
  for (const p of payoutRows) {
    payoutsByQuestion.set(p.question_id, [...(payoutsByQuestion.get(p.question_id) ?? []), p]);
  }
  const checks: Check[] = [];

  // 1. Every 2xx creation is stored, as asked.
  const missing: string[] = [];
  const altered: string[] = [];
  for (const c of ledger.created.values()) {
    const q = questions.get(c.id);
    if (!q) missing.push(c.id);
    else if (q.player_id !== c.playerId || q.coach_id !== c.coachId || q.amount !== c.amount) {
      altered.push(c.id);
    }
  }
  checks.push(
    check(
      'every question created (2xx) exists',
      missing,
      `${ledger.created.size} of ${ledger.created.size} found`,
      'created questions missing:',
    ),
    check(
      'created questions keep asker, Coach and price',
      altered,
      'all match the request',
      'questions differ from what was asked:',
    ),
  );

  // 2. Every 2xx answer is stored, answered (or refunded since, by an administrator), with the text
  // of the accepted request.
  const unanswered: string[] = [];
  for (const [id, a] of ledger.answered) {
    const q = questions.get(id);
    const kept = q && ['answered', 'refunded'].includes(q.status);
    if (!q || !kept || q.answer !== a.text || !q.answered_at) unanswered.push(id);
  }
  checks.push(
    check(
      'every answer accepted (2xx) is stored, status answered',
      unanswered,
      `${ledger.answered.size} of ${ledger.answered.size} stored`,
      'accepted answers not stored:',
    ),
  );
  const twice = [...ledger.answered].filter(([, a]) => a.accepted > 1).map(([id]) => id);
  checks.push(
    check(
      'no question accepted two answers',
      twice,
      'each accepted at most once',
      'questions answered twice with 2xx:',
    ),
  );

  // 3. No payout without its answer.
  const orphanPayouts = payoutRows
    .filter((p) => {
      const q = questions.get(p.question_id);
      return !q || !['answered', 'refunded'].includes(q.status) || q.answer === null;
    })
    .map((p) => p.id);
  checks.push(
    check(
      'no payout lacks its answer',
      orphanPayouts,
      `${payoutRows.length} payouts, each with an answered question`,
      'payouts without an answered question:',
    ),
  );

  // 4. None doubled.
  const doubled = [...payoutsByQuestion].filter(([, list]) => list.length > 1).map(([id]) => id);
  checks.push(
    check('no question has two payouts', doubled, 'one at most', 'questions with two payouts:'),
  );

  // 5. The split: 70% of what the question keeps (all of it unless a dispute refunded part of
  // it), rounded down, to the question's Coach.
  const keptOf = (q: QuestionRow) => q.amount - (q.partial_refund_amount ?? 0);
  const wrongAmount = payoutRows
    .filter((p) => {
      const q = questions.get(p.question_id);
      return !q || p.amount !== coachPayoutCents(keptOf(q)) || p.coach_id !== q.coach_id;
    })
    .map((p) => p.id);
  checks.push(
    check(
      'payout = 70% of the amount kept, rounded down',
      wrongAmount,
      'every payout',
      'payouts with a wrong amount or Coach:',
    ),
  );

  // 6. The answer, its payout and the Player's e-mail commit together.
  const answeredRows = questionRows.filter((q) => q.status === 'answered');
  const withoutPayout = answeredRows
    .filter((q) => (payoutsByQuestion.get(q.id)?.length ?? 0) !== 1)
    .map((q) => q.id);
  checks.push(
    check(
      'every answered question has exactly one payout',
      withoutPayout,
      `${answeredRows.length} answered, all with a payout`,
      'answered questions without a payout:',
    ),
  );
  const withoutMail = answeredRows
    .filter((q) => (answeredMails.get(q.id) ?? 0) !== 1)
    .map((q) => q.id);
  checks.push(
    check(
      "every answer queued exactly one 'answered' e-mail",
      withoutMail,
      `${answeredRows.length} e-mails`,
      'answered questions without exactly one e-mail:',
    ),
  );

  // 7. Every 2xx payment is recorded (and stays paid unless an administrator refunded it, or sent
  // a refund whose response a kill lost).
  const refundedByAdmin = (id: string) => ledger.refunded.has(id) || ledger.maybeRefunded.has(id);
  const unpaid = [...ledger.paid].filter((id) => {
    const q = questions.get(id);
    const recorded = q && (q.payment_status === 'paid' || refundedByAdmin(id));
    return !q || !recorded || !q.paid_at || q.payment_intent_id === null;
  });
  checks.push(
    check(
      'every payment completed (2xx) is recorded as paid',
      unpaid,
      `${ledger.paid.size} of ${ledger.paid.size} paid`,
      'completed payments not recorded:',
    ),
  );

  // 8. A released payout was transferred, for a paid question.
  const badRelease = payoutRows
    .filter((p) => p.status === 'paid')
    .filter(
      (p) =>
        !p.transfer_id || !p.paid_at || questions.get(p.question_id)?.payment_status !== 'paid',
    )
    .map((p) => p.id);
  checks.push(
    check(
      'released payouts have a transfer and a paid question',
      badRelease,
      `${payoutRows.filter((p) => p.status === 'paid').length} released`,
      'released payouts without transfer or payment:',
    ),
  );

  // 9. Every administrator refund (2xx) is recorded, with the provider's refund.
  const unrefunded = [...ledger.refunded].filter((id) => {
    const q = questions.get(id);
    return !q || q.payment_status !== 'refunded' || !q.refund_id;
  });
  checks.push(
    check(
      'every refund accepted (2xx) is recorded, with its refund id',
      unrefunded,
      `${ledger.refunded.size} of ${ledger.refunded.size} refunded`,
      'accepted refunds not recorded:',
    ),
  );

  // 10. Never paid twice: a refunded question's payout is cancelled, and a transfer made before
  // the refund was reversed.
  const paidTwice = payoutRows
    .filter((p) => questions.get(p.question_id)?.payment_status === 'refunded')
    .filter((p) => p.status !== 'cancelled' || (p.transfer_id !== null && p.reversal_id === null))
    .map((p) => p.id);
  checks.push(
    check(
      'no refunded question keeps a transfer',
      paidTwice,
      `${payoutRows.filter((p) => p.reversal_id).length} transfers reversed`,
      'payouts paid for a refunded question:',
    ),
  );

  // 11. Every claim a kill interrupted was finished by the recovery sweep, partial refunds too.
  const claimed = [
    ...payoutRows.filter((p) => ['transferring', 'reversing'].includes(p.status)).map((p) => p.id),
    ...questionRows.filter((q) => q.payment_status === 'refunding').map((q) => q.id),
    ...questionRows
      .filter((q) => q.partial_refund_amount !== null && q.partial_refunded_at === null)
      .map((q) => q.id),
  ];
  checks.push(
    check(
      'no transfer, reversal or refund left half done',
      claimed,
      'none open',
      'claims still open:',
    ),
  );

  // 12. Nothing created from nowhere: questions the ledger does not know came from lost responses.
  const unknown = questionRows.filter((q) => !ledger.created.has(q.id));
  checks.push({
    name: 'unrecorded questions ≤ creations with a lost response',
    passed: unknown.length <= lostCreates,
    detail: `${unknown.length} unrecorded, ${lostCreates} lost responses`,
  });

  // 13. Every partial refund accepted (2xx) is recorded once, with the amount of the one
  // administrator whose resolution won, and leaves part of the payment kept.
  const partlyAccepted = [...ledger.partlyRefunded];
  const partialUnrecorded = partlyAccepted
    .filter(([id, accepted]) => {
      const q = questions.get(id);
      return (
        !q ||
        accepted.length !== 1 ||
        q.partial_refund_amount !== accepted[0] ||
        q.partial_refunded_at === null ||
        q.dispute_resolution !== 'partially_refunded' ||
        !q.refund_id
      );
    })
    .map(([id]) => id);
  checks.push(
    check(
      'every partial refund accepted (2xx) is recorded, once, as accepted',
      partialUnrecorded,
      `${partlyAccepted.length} of ${partlyAccepted.length} recorded`,
      'partial refunds not recorded as accepted (or accepted twice):',
    ),
  );
  const overRefunded = questionRows
    .filter((q) => q.partial_refund_amount !== null)
    .filter((q) => q.partial_refund_amount! <= 0 || q.partial_refund_amount! >= q.amount)
    .map((q) => q.id);
  checks.push(
    check(
      'a partial refund gives back less than was paid',
      overRefunded,
      `${questionRows.filter((q) => q.partial_refunded_at).length} partial refunds`,
      'partial refunds of nothing or of everything:',
    ),
  );

  // 14. What the Coach holds is their payout: a transfer sent is `amount + reversed_amount` (the
  // share before the partial refund, when it was sent first), and a part to take back was taken.
  const wrongTransfer = payoutRows
    .filter((p) => p.status === 'paid')
    .filter((p) => {
      const q = questions.get(p.question_id);
      if (!q) return true;
      if (p.reversed_amount === 0) return false;
      return p.reversal_id === null || p.amount + p.reversed_amount !== coachPayoutCents(q.amount);
    })
    .map((p) => p.id);
  checks.push(
    check(
      'transfer minus reversals = payout',
      wrongTransfer,
      `${payoutRows.filter((p) => p.status === 'paid' && p.reversed_amount > 0).length} partly reversed`,
      'payouts whose transfer and reversals do not leave the payout:',
    ),
  );

  const facts = {
    questions: questionRows.length,
    answered: answeredRows.length,
    paid: questionRows.filter((q) => q.payment_status === 'paid').length,
    payouts: payoutRows.length,
    payoutsReleased: payoutRows.filter((p) => p.status === 'paid').length,
    // Informational: payouts whose question is paid (Coaches are onboarded) but not yet released.
    payoutsDueUnreleased: payoutRows.filter(
      (p) => p.status === 'pending' && questions.get(p.question_id)?.payment_status === 'paid',
    ).length,
    unrecordedQuestions: unknown.length,
    refunded: questionRows.filter((q) => q.payment_status === 'refunded').length,
    partlyRefunded: questionRows.filter((q) => q.partial_refunded_at !== null).length,
    partlyThenFullyRefunded: questionRows.filter(
      (q) => q.partial_refunded_at !== null && q.payment_status === 'refunded',
    ).length,
    ambiguousAnswersStored: [...ledger.ambiguousAnswers].filter(
      (id) => questions.get(id)?.status === 'answered',
    ).length,
  };
  return { checks, facts };
}
