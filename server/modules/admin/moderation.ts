import { and, eq } from 'drizzle-orm';
import {
  ADMIN_ACTION_MESSAGES,
  questionActions,
  type QuestionAction,
} from '../../../contracts/admin-actions';
import type { Database, Executor } from '../../db/client';
import { abuseReports, experts, payouts, questions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { moneyMailSubject, queueDisputeReleasedMail } from '../payments/money-mail';
import { claimRefund, refundNow, releasePayouts, type Money } from '../payments/settlement';
import { audit, type AttemptContext } from './service';

export interface Actor extends AttemptContext {
  adminId: string;
  username: string;
}

const unavailable = () => new AppError(409, ADMIN_ACTION_MESSAGES.unavailable);

/**
 * Runs `work` in one transaction with its audit row; a refused attempt is audited as a failure
 * after the rollback, so the log holds every click and the data holds only what took effect.
 */
async function audited<T>(
  db: Database,
  actor: Actor,
  action: string,
  details: Record<string, unknown>,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  const entry = { ...actor, action, details };
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
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

/** Open reports on the question are answered by an action taken on it. */
async function closeReports(tx: Executor, questionId: string, now: Date) {
  await tx
    .update(abuseReports)
    .set({ status: 'actioned', resolvedAt: now })
    .where(and(eq(abuseReports.reportedQuestionId, questionId), eq(abuseReports.status, 'open')));
}

/**
 * One action on a question, decided by `questionActions` on rows locked for the transaction, so a
 * second click or a concurrent administrator finds it no longer available. Money moves after the
 * commit (ADR 023): a refund is claimed here and sent by `refundNow`; a release is sent by the
 * payout sweep's own claim.
 */
export async function actOnQuestion(
  money: Money,
  actor: Actor,
  questionId: string,
  action: QuestionAction,
) {
  const { db, bus, config } = money;
  const now = new Date();
  const question = await audited(db, actor, `question.${action}`, { questionId }, async (tx) => {
    const [row] = await tx
      .select({ question: questions, expertUserId: experts.userId })
      .from(questions)
      .innerJoin(experts, eq(experts.id, questions.expertId))
      .where(eq(questions.id, questionId))
      .for('update', { of: [questions] });
    if (!row) throw notFound(ADMIN_ACTION_MESSAGES.notFound);
    const { question: q } = row;
    // Locked after the question, in the same order as every other money path.
    const [payout] = await tx
      .select()
      .from(payouts)
      .where(eq(payouts.questionId, q.id))
      .for('update');
    const allowed = questionActions({
      questionId: q.id,
      paymentStatus: q.paymentStatus,
      payoutStatus: payout?.status ?? null,
      payoutHeldByAdmin: payout?.heldByAdmin ?? false,
      disputeFlagged: q.disputeFlagged,
      disputeResolution: q.disputeResolution,
    });
    if (!allowed.includes(action)) throw unavailable();
    const openDispute = q.disputeFlagged && q.disputeResolution === null;
    switch (action) {
      case 'hold-payout':
        await tx
          .update(payouts)
          .set({ heldByAdmin: true, status: 'held' })
          .where(eq(payouts.questionId, q.id));
        await closeReports(tx, q.id, now);
        break;
      case 'release-payout':
        await tx
          .update(payouts)
          .set({
            heldByAdmin: false,
            // Settling a dispute for the Coach ends the hold window: the decision is made.
            ...(openDispute ? { releasableAt: now } : {}),
          })
          .where(eq(payouts.questionId, q.id));
        if (openDispute) {
          await tx
            .update(questions)
            .set({ disputeResolution: 'released', disputeResolvedAt: now })
            .where(eq(questions.id, q.id));
          await queueDisputeReleasedMail(tx, config, await moneyMailSubject(tx, q.id));
        }
        break;
      case 'refund':
        await claimRefund(tx, q, openDispute ? 'dispute' : 'admin', now);
        if (openDispute) {
          await tx
            .update(questions)
            .set({ disputeResolution: 'refunded', disputeResolvedAt: now })
            .where(eq(questions.id, q.id));
        }
        await closeReports(tx, q.id, now);
        break;
    }
    return { ...q, expertUserId: row.expertUserId };
  });
  await bus.publish('questions.changed', {
    questionId,
    askerId: question.askerId,
    expertUserId: question.expertUserId,
  });
  if (action === 'release-payout') await releasePayouts(money, { now, questionId });
  if (action === 'refund' && !(await refundNow(money, questionId))) {
    throw new AppError(502, ADMIN_ACTION_MESSAGES.providerFailed);
  }
}

export async function dismissReport(db: Database, actor: Actor, reportId: string) {
  await audited(db, actor, 'report.dismiss', { reportId }, async (tx) => {
    const [closed] = await tx
      .update(abuseReports)
      .set({ status: 'dismissed', resolvedAt: new Date() })
      .where(and(eq(abuseReports.id, reportId), eq(abuseReports.status, 'open')))
      .returning({ id: abuseReports.id });
    if (closed) return;
    const [exists] = await tx
      .select({ id: abuseReports.id })
      .from(abuseReports)
      .where(eq(abuseReports.id, reportId));
    throw exists
      ? new AppError(409, ADMIN_ACTION_MESSAGES.reportClosed)
      : notFound(ADMIN_ACTION_MESSAGES.notFound);
  });
}
