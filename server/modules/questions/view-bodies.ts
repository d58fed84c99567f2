import type { z } from 'zod';
import type { Role } from '../../../contracts/account';
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
 * as JSON text: the lists PostgreSQL wrote as JSON are spliced in as they came (ADR 072). Keys go
 * in each contract's order; the tests hold every body to its schema.
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

/** The question page as its participant sees it. */
export function questionDetailBody(q: QuestionPage, viewerRole: Role): string {
  return splicedObject<z.input<typeof questionDetailSchema>>({
    id: q.id,
    question: q.question,
    answer: q.answer,
    status: q.status,
    paymentStatus: q.paymentStatus,
    amount: q.amount,
    createdAt: q.createdAt,
    answeredAt: q.answeredAt,
    context: q.context,
    refundedAt: q.refundedAt,
    answerBy: q.answerBy,
    responseHours: q.responseHours,
    disputeFlagged: q.disputeFlagged,
    disputeUntil: q.disputeUntil,
    dispute:
      q.disputeFlagged && q.disputeReason
        ? {
            reason: q.disputeReason,
            details: q.disputeDetails,
            at: q.disputedAt,
            resolution: q.disputeResolution,
            resolvedAt: q.disputeResolvedAt,
            statement: q.disputeStatement,
            statementAt: q.disputeStatementAt,
            note: q.disputeNote,
            partialRefund:
              q.partialRefundAmount === null
                ? null
                : {
                    ...partialFigures(q.amount, q.partialRefundAmount),
                    done: q.partialRefunded,
                  },
          }
        : null,
    declinedAt: q.declinedAt,
    declineNote: q.declineNote,
    withdrawnAt: q.withdrawnAt,
    viewerRole,
    player: { id: q.playerId, name: q.playerName, photoUrl: q.playerPhotoUrl },
    coach: {
      id: q.coachId,
      name: q.coachName,
      photoUrl: q.coachPhotoUrl,
      expertise: q.expertise,
    },
    // Empty unless there is more than one question (spec §2), decided by the statement.
    thread: new JsonText(q.thread),
    myRating: viewerRole === 'asker' ? q.viewerHelpful : null,
    myReview: q.review,
    messages: new JsonText(q.messages),
    followUpUntil: q.followUpUntil,
    followUpAnswered: q.followUpAnswered,
    myReviewWords: q.reviewWords,
    reviewReply: q.reviewReply,
  });
}

/** One page of the Coach Inbox under the counts of all the Coach's questions. */
export function coachInboxBody({ page, summary }: Found<'coachInbox'>): string {
  const { coachSince, answeredCount, unansweredCount } = summary;
  return splicedObject<z.input<typeof coachInboxSchema>>({
    coachSince: iso(coachSince),
    answeredCount,
    unansweredCount,
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
