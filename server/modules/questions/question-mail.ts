import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { queueMail, questionSummary } from '../mail';
import type { moneyMailSubject } from '../payments';
import { reviewLines, type SentReview } from '../video-reviews';

type Subject = Awaited<ReturnType<typeof moneyMailSubject>>;

/**
 * An answer given: the Player is told, in the answer's transaction (sent only if it commits), and
 * the e-mail carries the answer itself under the question (ADR 060).
 */
export async function queueAnsweredMail(
  tx: Executor,
  config: Config,
  q: { id: string; playerName: string; playerEmail: string; question: string },
  coachName: string,
  answer: string,
  reviews: readonly SentReview[] = [],
) {
  await queueMail(tx, config, {
    kind: 'question-answered',
    to: q.playerEmail,
    subject: 'Your question has been answered',
    greeting: `Hi ${q.playerName},`,
    // The video reviews it carries (issue 38) are named with their length, each with its poster
    // frame inside the message (ADR 093); the button opens them.
    paragraphs: [`${coachName} has answered your question on Playbook:`, ...reviewLines(reviews)],
    summary: questionSummary({ question: q.question, answer }),
    action: { label: 'View your answer', url: `${config.PUBLIC_URL}/questions/${q.id}` },
  });
}

/** What the review e-mail says (issue 36). */
export const REVIEW_MAIL = {
  subject: (playerName: string) => `${playerName} reviewed your answer`,
  lead: (playerName: string, rating: number) =>
    `${playerName} gave your answer ${rating} out of 5 stars.`,
  button: 'View the question',
} as const;

/**
 * A Player's first review of an answer: the Coach is told, unless she turned conversation e-mails
 * off (ADR 087), in the review's transaction. Changing the stars or words later sends nothing.
 */
export async function queueReviewMail(
  tx: Executor,
  config: Config,
  s: Subject,
  review: { rating: number; words: string | null },
) {
  await queueMail(tx, config, {
    kind: 'review-posted',
    to: s.coachEmail,
    subject: REVIEW_MAIL.subject(s.playerName),
    greeting: `Hi ${s.coachName},`,
    paragraphs: [
      REVIEW_MAIL.lead(s.playerName, review.rating),
      ...(review.words ? [`“${review.words}”`] : []),
    ],
    summary: questionSummary({ question: s.question }),
    action: { label: REVIEW_MAIL.button, url: `${config.PUBLIC_URL}/questions/${s.questionId}` },
  });
}
