import { coachActions, threadFactsOf } from './question-states';
import type { QuestionPagePlace } from './question-page-places';
import type { QuestionDetail } from './questions';

/** The state the question page's actions are decided from, as its detail read tells it. */
export const questionDetailState = (q: QuestionDetail) => ({
  status: q.status,
  paymentStatus: q.paymentStatus,
  hasAnswer: q.answer !== null,
  disputeFlagged: q.disputeFlagged,
  disputeUntil: q.disputeUntil,
  thread: threadFactsOf(
    q.messages.map((m) => m.kind),
    { until: q.followUpUntil, answered: q.followUpAnswered },
  ),
});

/**
 * Whether the viewer may review the question's videos in the studio (issue 38): its own Coach,
 * while they can still answer it or its follow-up (`coachActions`, the rules the server applies).
 * Null when not; else the question page's place the review goes back to: the answer's form, or
 * the conversation's for the follow-up's answer.
 */
export function studioReturn(q: QuestionDetail, now: Date = new Date()): QuestionPagePlace | null {
  if (q.viewerRole !== 'expert') return null;
  const may = coachActions(questionDetailState(q), now);
  if (may.answer) return 'respond';
  if (may.answerFollowUp) return 'conversation';
  return null;
}
