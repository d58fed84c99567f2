import type { z } from 'zod';
import type { Role } from '../../../contracts/account';
import { partialRefundSplit } from '../../../contracts/disputes';
import type {
  coachInboxSchema,
  playerQuestionsSchema,
  questionDetailSchema,
} from '../../../contracts/questions';
import type { viewerReads } from './viewer-reads';

/** The signed-in views' bodies in their contracts' shapes, built from what `viewer-reads` finds. */

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
export function questionDetailBody(
  q: QuestionPage,
  viewerRole: Role,
): z.input<typeof questionDetailSchema> {
  return {
    id: q.id,
    question: q.question,
    context: q.context,
    answer: q.answer,
    status: q.status,
    paymentStatus: q.paymentStatus,
    amount: q.amount,
    createdAt: q.createdAt.toISOString(),
    answeredAt: iso(q.answeredAt),
    refundedAt: iso(q.refundedAt),
    answerBy: q.answerBy.toISOString(),
    responseHours: q.responseHours,
    disputeFlagged: q.disputeFlagged,
    disputeUntil: iso(q.disputeUntil),
    dispute:
      q.disputeFlagged && q.disputeReason
        ? {
            reason: q.disputeReason,
            details: q.disputeDetails,
            at: (q.disputedAt ?? q.answeredAt ?? q.createdAt).toISOString(),
            resolution: q.disputeResolution,
            resolvedAt: iso(q.disputeResolvedAt),
            statement: q.disputeStatement,
            statementAt: iso(q.disputeStatementAt),
            note: q.disputeNote,
            partialRefund:
              q.partialRefundAmount === null
                ? null
                : {
                    ...partialFigures(q.amount, q.partialRefundAmount),
                    done: q.partialRefundedAt !== null,
                  },
          }
        : null,
    declinedAt: iso(q.declinedAt),
    declineNote: q.declineNote,
    withdrawnAt: iso(q.withdrawnAt),
    viewerRole,
    player: { id: q.playerId, name: q.playerName, photoUrl: q.playerPhotoUrl },
    coach: {
      id: q.coachId,
      name: q.coachName,
      photoUrl: q.coachPhotoUrl,
      expertise: q.expertise,
    },
    // Spec §2: the thread shows only when there is more than one question.
    thread: q.thread.length > 1 ? q.thread : [],
    myRating: viewerRole === 'asker' ? q.viewerHelpful : null,
    myReview: q.review,
    messages: q.messages,
    followUpUntil: iso(q.followUpUntil),
    followUpAnswered: q.followUpAnsweredAt !== null,
    myReviewWords: q.reviewWords,
    reviewReply: q.reviewReply,
  };
}

/** One page of the Coach Inbox under the counts of all the Coach's questions. */
export function coachInboxBody({
  page,
  summary,
}: Found<'coachInbox'>): z.input<typeof coachInboxSchema> {
  const { coachSince, answeredCount, unansweredCount } = summary;
  return {
    coachSince: iso(coachSince),
    answeredCount,
    unansweredCount,
    questions: page.rows,
    nextCursor: page.nextCursor,
  };
}

/** One page of My Questions. */
export function playerQuestionsBody(
  page: Found<'playerQuestions'>,
): z.input<typeof playerQuestionsSchema> {
  return { questions: page.rows, nextCursor: page.nextCursor };
}
