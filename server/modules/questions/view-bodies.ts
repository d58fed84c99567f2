import type { z } from 'zod';
import { partialRefundSplit } from '../../../contracts/disputes';
import type {
  coachInboxSchema,
  playerQuestionsSchema,
  questionDetailSchema,
} from '../../../contracts/questions';
import { JsonText, splicedObject } from '../../spliced-json';
import type { viewerReads } from './viewer-reads';

/**
 * The signed-in views' bodies in their contracts' shapes, built from what `viewer-reads` finds,
 * as JSON text: the lists PostgreSQL wrote as JSON are spliced in as they came (ADR 072), and the
 * question page's statement writes its whole body (ADR 074). Keys go in each contract's order; the
 * tests hold every body to its schema.
 */

type Reads = ReturnType<typeof viewerReads>;
/** What a read found for its viewer. */
type Found<K extends keyof Reads> = NonNullable<Awaited<ReturnType<Reads[K]>>['data']>;
type QuestionPage = Found<'questionPage'>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const partialFigures = (paid: number, refunded: number) => {
  const { refundCents, keptCents, coachCents } = partialRefundSplit(paid, refunded);
  return { refunded: refundCents, kept: keptCents, coachShare: coachCents };
};

/**
 * The question page as its participant sees it: the body the statement wrote (ADR 074), sent as
 * it is, but for a dispute's partial refund, whose figures come from `partialRefundSplit` so that
 * the page, the payout and the refund agree.
 */
export function questionDetailBody(body: string, q: QuestionPage): string {
  if (q.partialRefundAmount === null) return body;
  // Rare (a dispute with a partial refund): decode, fill in the figures, encode. The keys
  // keep their order: the figures replace the null the statement left in their place.
  const page = JSON.parse(body) as z.input<typeof questionDetailSchema>;
  if (page.dispute) {
    page.dispute.partialRefund = {
      ...partialFigures(q.amount, q.partialRefundAmount),
      done: q.partialRefunded,
    };
  }
  return JSON.stringify(page);
}

/** One page of the Coach Inbox under the counts of all the Coach's questions. */
export function coachInboxBody({ page, summary }: Found<'coachInbox'>): string {
  const { coachSince, answeredCount, unansweredCount, needsCount } = summary;
  return splicedObject<z.input<typeof coachInboxSchema>>({
    coachSince: iso(coachSince),
    answeredCount,
    unansweredCount,
    needsCount,
    questions: new JsonText(page.json),
    nextCursor: page.nextCursor,
  });
}

/** One page of My Questions. */
export function playerQuestionsBody(page: Found<'playerQuestions'>): string {
  return splicedObject<z.input<typeof playerQuestionsSchema>>({
    questions: new JsonText(page.json),
    nextCursor: page.nextCursor,
  });
}
