import {
  DISPUTE_REASON_LABELS,
  type DisputeReason,
  type RefundReason,
} from '../../../contracts/question-states';
import { promiseText } from '../../../contracts/response-time';
import type { ExtraPaymentReason } from '../../../contracts/payments';
import { formatDollarsAndCents, formatWholeDollars } from '../../../contracts/money';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { queueMail, questionSummary, type MailContent } from '../mail';
import type { MoneyMailSubject } from './data';

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

/** Queues the messages in the caller's transaction, so they go out only if the change commits. */
async function queue(tx: Executor, config: Config, messages: MailContent[]) {
  for (const message of messages) await queueMail(tx, config, message);
}

/** Who a message goes to and how it greets them, by name. */
const toPlayer = (s: MoneyMailSubject) => ({ to: s.playerEmail, greeting: `Hi ${s.playerName},` });
const toCoach = (s: MoneyMailSubject) => ({ to: s.coachEmail, greeting: `Hi ${s.coachName},` });

const link = (config: Config, s: MoneyMailSubject, label: string) => ({
  label,
  url: `${config.PUBLIC_URL}/questions/${s.questionId}`,
});

const backToCard = (s: MoneyMailSubject) =>
  `${formatWholeDollars(s.amount)} goes back to your card; banks usually show it within 5-10 business days.`;

const refundTo = {
  unanswered: (s: MoneyMailSubject) =>
    `Your question was not answered within ${promiseText(s.responseHours)}, so we refunded your payment in full.`,
  declined: (s: MoneyMailSubject) =>
    `${s.coachName} declined your question, so we refunded your payment in full.`,
  dispute: () => 'We reviewed your dispute and refunded your payment in full.',
  admin: () => 'We reviewed your question and refunded your payment in full.',
  withdrawn: () => 'Your payment arrived after the question was closed, so we refunded it in full.',
  coach_deleted: () =>
    'The Coach closed their account before answering, so we refunded your payment in full.',
  suspended: () =>
    'An administrator closed this question before it was answered, so we refunded your payment in full.',
} satisfies Record<RefundReason, (s: MoneyMailSubject) => string>;

const coachRefundNote: Record<RefundReason, ((s: MoneyMailSubject) => string) | null> = {
  unanswered: (s) =>
    `The question was not answered within ${promiseText(s.responseHours)}, so the Player was refunded.`,
  declined: () => 'You declined this question, so the Player was refunded in full.',
  dispute: () =>
    'We reviewed the Player’s dispute and refunded them. The payout for this answer is cancelled.',
  admin: () => 'We refunded the Player after a review. The payout for this answer is cancelled.',
  withdrawn: null,
  coach_deleted: null,
  suspended: () =>
    'An administrator closed this question before it was answered, so the Player was refunded.',
};

const extraRefundTo = {
  already_paid: () =>
    'We received a second payment for your question. The first one pays for it, so we refunded the second in full.',
  question_refunded: () =>
    'Your payment arrived after the question had been refunded, so we refunded it in full too.',
  question_closed: () =>
    'Your payment arrived after the question was closed, so we refunded it in full.',
  coach_deleted: () =>
    'Your payment arrived after the Coach closed their account, so we refunded it in full.',
} satisfies Record<ExtraPaymentReason, () => string>;

/**
 * A question was paid while open: its Coach hears of it, with the question, its context, fee and
 * deadline (ADR 060), and how many files came with it (issue 23).
 */
export async function queueNewQuestionMail(
  tx: Executor,
  config: Config,
  s: MoneyMailSubject,
  attachmentCount?: number,
) {
  await queue(tx, config, [
    {
      ...toCoach(s),
      kind: 'new-question',
      subject: 'You have a new question',
      paragraphs: [
        `${s.playerName} asked you a question and paid for it. Answer within ${promiseText(s.responseHours)} of the payment, or the Player is refunded in full.`,
      ],
      summary: questionSummary({
        question: s.question,
        context: s.context,
        amount: s.amount,
        answerBy: s.answerBy,
        attachmentCount,
      }),
      action: link(config, s, 'View the question'),
    },
  ]);
}

/** A paid question is still unanswered a day before its deadline: its Coach is reminded, once. */
export async function queueAnswerReminderMail(tx: Executor, config: Config, s: MoneyMailSubject) {
  await queue(tx, config, [
    {
      ...toCoach(s),
      kind: 'answer-reminder',
      subject: 'A question is waiting for your answer',
      paragraphs: [
        `${s.playerName}’s question is still waiting for your answer. If it is not answered by its deadline, the Player is refunded in full and no payout is made.`,
      ],
      summary: questionSummary({
        question: s.question,
        context: s.context,
        amount: s.amount,
        answerBy: s.answerBy,
      }),
      action: link(config, s, 'Answer the question'),
    },
  ]);
}

/** A payment the question did not keep was refunded (ADR 037): the Player is told. */
export async function queueExtraPaymentRefundMail(
  tx: Executor,
  config: Config,
  s: MoneyMailSubject,
  reason: ExtraPaymentReason,
) {
  await queue(tx, config, [
    {
      ...toPlayer(s),
      kind: 'refund',
      subject: 'A payment was refunded',
      paragraphs: [
        extraRefundTo[reason](),
        backToCard(s),
        `Your question: “${excerpt(s.question)}”`,
      ],
      action: link(config, s, 'View your question'),
    },
  ]);
}

/** A refund recorded: the Player is told, and the Coach unless the refund is none of theirs. */
export async function queueRefundMail(
  tx: Executor,
  config: Config,
  s: MoneyMailSubject,
  reason: RefundReason,
  declineNote: string | null,
) {
  const player: MailContent = {
    ...toPlayer(s),
    kind: 'refund',
    subject:
      reason === 'declined'
        ? 'Your question was declined and refunded'
        : 'Your question was refunded',
    paragraphs: [
      refundTo[reason](s),
      backToCard(s),
      ...(declineNote ? [`${s.coachName}’s note: “${declineNote}”`] : []),
      `Your question: “${excerpt(s.question)}”`,
    ],
    action: link(config, s, 'View your question'),
  };
  const note = coachRefundNote[reason];
  const coach: MailContent[] = note
    ? [
        {
          ...toCoach(s),
          kind: 'refund',
          subject: 'A question was refunded to the Player',
          paragraphs: [note(s), `The question: “${excerpt(s.question)}”`],
          action: link(config, s, 'View the question'),
        },
      ]
    : [];
  await queue(tx, config, [player, ...coach]);
}

/** A decline of a question that was never paid: nothing to refund, but the Player is told. */
export async function queueUnpaidDeclineMail(
  tx: Executor,
  config: Config,
  s: MoneyMailSubject,
  declineNote: string | null,
) {
  await queue(tx, config, [
    {
      ...toPlayer(s),
      kind: 'decline',
      subject: 'Your question was declined',
      paragraphs: [
        `${s.coachName} declined your question. It was not paid, so nothing was charged.`,
        ...(declineNote ? [`${s.coachName}’s note: “${declineNote}”`] : []),
      ],
      action: link(config, s, 'View your question'),
    },
  ]);
}

/** A dispute flagged: the Coach and the administrators hear of it at once. */
export async function queueDisputeMail(
  tx: Executor,
  config: Config,
  s: MoneyMailSubject,
  dispute: { reason: DisputeReason; details: string | null },
) {
  const why = `Reason: ${DISPUTE_REASON_LABELS[dispute.reason]}${dispute.details ? ` (“${dispute.details}”)` : ''}.`;
  await queue(tx, config, [
    {
      ...toCoach(s),
      kind: 'dispute',
      subject: 'A Player disputed your answer',
      paragraphs: [
        `${s.playerName} disputed your answer. Its payout is held until an administrator reviews it.`,
        why,
      ],
      action: link(config, s, 'View the question'),
    },
    {
      kind: 'operator-notice',
      to: config.ADMIN_NOTIFY_EMAIL ?? config.CONTACT_EMAIL,
      subject: 'New dispute to review',
      greeting: 'Hello,',
      paragraphs: [
        `${s.playerName} disputed ${s.coachName}’s answer to a ${formatWholeDollars(s.amount)} question.`,
        why,
        `Question id: ${s.questionId}. Resolve it in the administrator portal, Disputes tab.`,
      ],
      action: { label: 'Open the administrator portal', url: `${config.PUBLIC_URL}/admin-access` },
    },
  ]);
}

/** A transfer recorded: the Coach's money is on its way. */
export async function queuePayoutSentMail(
  tx: Executor,
  config: Config,
  s: MoneyMailSubject,
  payoutCents: number,
) {
  await queue(tx, config, [
    {
      ...toCoach(s),
      kind: 'payout-sent',
      subject: 'Your payout is on its way',
      paragraphs: [
        `We sent ${formatDollarsAndCents(payoutCents)} to your payment account for your answer to “${excerpt(s.question)}”.`,
      ],
      action: { label: 'View your payouts', url: `${config.PUBLIC_URL}/payouts` },
    },
  ]);
}

/** How a dispute was settled, as both sides read it (ADR 063). */
export type DisputeSettlement =
  | { outcome: 'release' | 'refund' }
  | { outcome: 'partial_refund'; refundCents: number; keptCents: number; coachCents: number };

const money = formatDollarsAndCents;

function settledFor(who: 'player' | 'coach', s: MoneyMailSubject, d: DisputeSettlement): string {
  const player = who === 'player';
  switch (d.outcome) {
    case 'release':
      return player
        ? `We reviewed your dispute and found the answer met the question, so the payment goes to ${s.coachName}.`
        : 'We reviewed the dispute in your favour. Your payout is released.';
    case 'refund':
      return player
        ? `We reviewed your dispute and are refunding your ${money(s.amount)} payment in full.`
        : 'We reviewed the dispute and refunded the Player in full. The payout for this answer is cancelled.';
    case 'partial_refund':
      return player
        ? `We reviewed your dispute and are refunding ${money(d.refundCents)} of your ${money(s.amount)} payment; ${money(d.keptCents)} is kept for the answer.`
        : `We reviewed the dispute and refunded ${money(d.refundCents)} of the ${money(s.amount)} to the Player. Your payout is now ${money(d.coachCents)}, your share of the ${money(d.keptCents)} kept.`;
  }
}

/**
 * A dispute settled by an administrator with a note (ADR 063): both sides are told the outcome, the
 * amounts and the note, in the resolution's transaction. The refund's own e-mails follow when the
 * provider confirms it.
 */
export async function queueDisputeResolvedMail(
  tx: Executor,
  config: Config,
  s: MoneyMailSubject,
  settlement: DisputeSettlement,
  note: string,
) {
  const noted = `The administrator’s note: “${note}”`;
  await queue(tx, config, [
    {
      ...toPlayer(s),
      kind: 'dispute',
      subject: 'Your dispute was resolved',
      paragraphs: [settledFor('player', s, settlement), noted],
      action: link(config, s, 'View your question'),
    },
    {
      ...toCoach(s),
      kind: 'dispute',
      subject: 'The dispute on your answer was resolved',
      paragraphs: [settledFor('coach', s, settlement), noted],
      action: link(config, s, 'View the question'),
    },
  ]);
}
