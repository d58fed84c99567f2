import {
  ADMIN_ACTION_MESSAGES,
  disputeOpen,
  questionActions,
  type QuestionAction,
} from '../../../contracts/admin-actions';
import type { ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import { transaction, type Changes } from '../../db/unit-of-work';
import { AppError, badRequest, notFound } from '../../errors';
import {
  claimRefund,
  lockQuestionForDecision,
  refundNow,
  releasePayouts,
  setPayoutHold,
  type Money,
} from '../payments';
import { setReviewPublished } from '../question-records/data';
import {
  REVIEW_ACTION_REFUSALS,
  REVIEW_MESSAGES,
  type ReviewAction,
} from '../../../contracts/reviews';
import { lockReview, reviewParticipants } from '../reviews';
import { closeQuestionReports, closeReviewReports, dismissOpenReport } from '../abuse-reports/data';
import { reportExists } from '../abuse-reports';
import { audit } from './data';
import type { Actor } from './service';

const unavailable = () => new AppError(409, ADMIN_ACTION_MESSAGES.unavailable);

/**
 * Runs `work` in one transaction with its audit row; a refused attempt is audited as a failure
 * after the rollback, so the log holds every click and the data holds only what took effect.
 */
export async function audited<T>(
  deps: Pick<ServiceDeps, 'db' | 'bus'>,
  actor: Actor,
  action: string,
  details: Record<string, unknown>,
  work: (tx: Executor, changes: Changes) => Promise<T>,
): Promise<T> {
  const { db } = deps;
  const entry = { ...actor, action, details };
  try {
    return await transaction(deps, async (tx, changes) => {
      const result = await work(tx, changes);
      await audit(tx, { ...entry, success: true });
      return result;
    });
  } catch (error) {
    if (error instanceof AppError) {
      await audit(db, {
        ...entry,
        success: false,
        details: { ...details, refused: error.message },
      });
    }
    throw error;
  }
}

/**
 * One action on a question, decided by `questionActions` on rows locked for the transaction, so a
 * second click or a concurrent administrator finds it no longer available. Money moves after the
 * commit (ADR 023): a refund is claimed here and sent by `refundNow`; a release is sent by the
 * payout sweep's own claim. An open dispute is refused with 400: it is settled only by
 * `resolveOpenDispute`, with its note (ADR 066).
 */
export async function actOnQuestion(
  money: Money,
  actor: Actor,
  questionId: string,
  action: QuestionAction,
) {
  const now = new Date();
  await audited(money, actor, `question.${action}`, { questionId }, async (tx, changes) => {
    const row = await lockQuestionForDecision(tx, questionId);
    if (!row) throw notFound(ADMIN_ACTION_MESSAGES.notFound);
    const { question: q, payout } = row;
    if (disputeOpen(q)) throw badRequest(ADMIN_ACTION_MESSAGES.disputeNeedsNote);
    const allowed = questionActions({
      questionId: q.id,
      paymentStatus: q.paymentStatus,
      payoutStatus: payout?.status ?? null,
      payoutHeldByAdmin: payout?.heldByAdmin ?? false,
      disputeFlagged: q.disputeFlagged,
      disputeResolution: q.disputeResolution,
    });
    if (!allowed.includes(action)) throw unavailable();
    const who = { questionId: q.id, playerId: q.playerId, coachUserId: row.coachUserId };
    switch (action) {
      case 'hold-payout':
        await setPayoutHold(tx, changes, who, { held: true });
        await closeQuestionReports(tx, q.id, now);
        break;
      case 'release-payout':
        await setPayoutHold(tx, changes, who, { held: false });
        break;
      case 'refund':
        // Refused while a dispute's partial refund is still under way (ADR 070): a 409, not a
        // 204 for a refund that was never claimed.
        if (!(await claimRefund(tx, changes, q, 'admin', now))) throw unavailable();
        await closeQuestionReports(tx, q.id, now);
        break;
    }
  });
  if (action === 'release-payout') await releasePayouts(money, { now, questionId });
  if (action === 'refund' && !(await refundNow(money, questionId))) {
    throw new AppError(502, ADMIN_ACTION_MESSAGES.providerFailed);
  }
}

export async function dismissReport(
  deps: Pick<ServiceDeps, 'db' | 'bus'>,
  actor: Actor,
  reportId: string,
) {
  await audited(deps, actor, 'report.dismiss', { reportId }, async (tx) => {
    if (await dismissOpenReport(tx, reportId)) return;
    const exists = await reportExists(tx, reportId);
    throw exists
      ? new AppError(409, ADMIN_ACTION_MESSAGES.reportClosed)
      : notFound(ADMIN_ACTION_MESSAGES.notFound);
  });
}

/**
 * Hides a review (it leaves the Coach's page and star figures, and the open reports about it are
 * closed as acted on) or restores it, audited (ADR 062). A second click is refused, and audited so.
 */
export async function actOnReview(
  deps: Pick<ServiceDeps, 'db' | 'bus'>,
  actor: Actor,
  reviewId: string,
  action: ReviewAction,
) {
  await audited(deps, actor, `review.${action}`, { reviewId }, async (tx, changes) => {
    const review = await lockReview(tx, reviewId);
    if (!review) throw notFound(REVIEW_MESSAGES.notFound);
    const publish = action === 'restore';
    if (review.published === publish) throw new AppError(409, REVIEW_ACTION_REFUSALS[action]);
    await setReviewPublished(tx, review.id, publish);
    if (action === 'hide') await closeReviewReports(tx, review.id, new Date());
    // The Coach's page and its figures are cached until one of their questions changes.
    changes.raise('questions.changed', reviewParticipants(review));
  });
}
