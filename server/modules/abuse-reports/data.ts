import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { abuseReports } from '../../db/schema';

/**
 * The reports Players make about an answer, a message or a review, for the administrators only
 * (no page changes when one is made). The modules that take a report and the administrators'
 * moderation write them in their own transactions.
 */

export async function insertAbuseReport(tx: Executor, values: typeof abuseReports.$inferInsert) {
  await tx.insert(abuseReports).values(values);
}

/** Open reports on the question are answered by an action taken on it. */
export async function closeQuestionReports(tx: Executor, questionId: string, now: Date) {
  await tx
    .update(abuseReports)
    .set({ status: 'actioned', resolvedAt: now })
    .where(and(eq(abuseReports.reportedQuestionId, questionId), eq(abuseReports.status, 'open')));
}

/** Closes the open reports about one review as acted on (it was hidden). */
export async function closeReviewReports(tx: Executor, reviewId: string, now: Date) {
  await tx
    .update(abuseReports)
    .set({ status: 'actioned', resolvedAt: now })
    .where(and(eq(abuseReports.reportedReviewId, reviewId), eq(abuseReports.status, 'open')));
}

/** Dismisses the report if it is still open; false when it is closed or does not exist. */
export async function dismissOpenReport(tx: Executor, reportId: string) {
  const [closed] = await tx
    .update(abuseReports)
    .set({ status: 'dismissed', resolvedAt: new Date() })
    .where(and(eq(abuseReports.id, reportId), eq(abuseReports.status, 'open')))
    .returning({ id: abuseReports.id });
  return closed !== undefined;
}

export async function reportExists(tx: Executor, reportId: string) {
  const [exists] = await tx
    .select({ id: abuseReports.id })
    .from(abuseReports)
    .where(eq(abuseReports.id, reportId));
  return exists !== undefined;
}
