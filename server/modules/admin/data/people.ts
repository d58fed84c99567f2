import { desc, eq, or, sql } from 'drizzle-orm';
import { PEOPLE_MESSAGES, type AdminUserDetail } from '../../../../contracts/admin-people';
import type { Executor } from '../../../db/client';
import {
  abuseReports,
  adminAuditLog,
  coaches,
  payouts,
  questions,
  userRoles,
  users,
} from '../../../db/schema';
import { AppError, notFound } from '../../../errors';

/**
 * The administrator's page for one person and their suspension (ADR 061). Each list is the
 * latest `SHOWN` rows: the page is for judging a person, the tables hold the rest.
 */
const SHOWN = 50;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What a payment gave back: the whole fee, or a dispute's partial refund once it was recorded. */
function refundOf(q: typeof questions.$inferSelect) {
  if (q.paymentStatus === 'refunded') return { refunded: q.amount, refundedAt: iso(q.refundedAt) };
  if (q.partialRefundedAt && q.partialRefundAmount !== null) {
    return { refunded: q.partialRefundAmount, refundedAt: iso(q.partialRefundedAt) };
  }
  return { refunded: null, refundedAt: null };
}

export async function userDetail(db: Executor, userId: string): Promise<AdminUserDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(PEOPLE_MESSAGES.notFound);
  const [coach] = await db.select().from(coaches).where(eq(coaches.userId, userId));
  const [roles, asked, received, payoutRows, reports, audit] = await Promise.all([
    db
      .select({ role: userRoles.role, active: userRoles.activeRole })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .orderBy(userRoles.role),
    db
      .select()
      .from(questions)
      .where(eq(questions.playerId, userId))
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(SHOWN),
    coach
      ? db
          .select()
          .from(questions)
          .where(eq(questions.coachId, coach.id))
          .orderBy(desc(questions.createdAt), desc(questions.id))
          .limit(SHOWN)
      : Promise.resolve([]),
    coach
      ? db
          .select()
          .from(payouts)
          .where(eq(payouts.coachId, coach.id))
          .orderBy(desc(payouts.createdAt), desc(payouts.id))
          .limit(SHOWN)
      : Promise.resolve([]),
    db
      .select()
      .from(abuseReports)
      .where(
        coach
          ? or(eq(abuseReports.reporterId, userId), eq(abuseReports.reportedCoachId, coach.id))
          : eq(abuseReports.reporterId, userId),
      )
      .orderBy(desc(abuseReports.createdAt), desc(abuseReports.id))
      .limit(SHOWN),
    // Actions on this person name them in their details (suspend, restore); decisions on their
    // questions name the question (a dispute's release or refund), asked or answered by them.
    db
      .select()
      .from(adminAuditLog)
      .where(
        or(
          sql`${adminAuditLog.details}->>'userId' = ${userId}`,
          sql`${adminAuditLog.details}->>'questionId' in (select ${questions.id}::text from ${questions}
            where ${questions.playerId} = ${userId}
            or ${questions.coachId} = ${coach?.id ?? null})`,
        ),
      )
      .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
      .limit(SHOWN),
  ]);
  const question = (side: 'asked' | 'received') => (q: typeof questions.$inferSelect) => ({
    id: q.id,
    side,
    question: q.question,
    status: q.status,
    paymentStatus: q.paymentStatus,
    amount: q.amount,
    createdAt: q.createdAt.toISOString(),
  });
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    deletedAt: iso(user.deletedAt),
    suspendedAt: iso(user.suspendedAt),
    suspendedReason: user.suspendedReason,
    roles,
    coach: coach
      ? {
          id: coach.id,
          slug: coach.slug,
          name: coach.name,
          pricePerQuestion: coach.pricePerQuestion,
          payoutsEnabled: coach.stripePayoutsEnabled && coach.stripeAccountId !== null,
        }
      : null,
    questions: [...asked.map(question('asked')), ...received.map(question('received'))].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt),
    ),
    payments: asked
      .filter((q) => q.paidAt !== null)
      .map((q) => ({
        questionId: q.id,
        amount: q.amount,
        paymentStatus: q.paymentStatus,
        paidAt: iso(q.paidAt),
        ...refundOf(q),
      })),
    payouts: payoutRows.map((p) => ({
      id: p.id,
      questionId: p.questionId,
      amount: p.amount,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
      paidAt: iso(p.paidAt),
    })),
    reports: reports.map((r) => ({
      id: r.id,
      side: r.reporterId === userId ? ('made' as const) : ('about' as const),
      reason: r.reason,
      status: r.status,
      questionId: r.reportedQuestionId,
      createdAt: r.createdAt.toISOString(),
    })),
    audit: audit.map((a) => {
      const details = (a.details ?? {}) as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      return {
        id: a.id,
        at: a.at.toISOString(),
        username: a.username,
        action: a.action,
        success: a.success,
        reason: text(details.reason),
        outcome: text(details.outcome),
        amountCents: typeof details.amountCents === 'number' ? details.amountCents : null,
      };
    }),
  };
}

export async function lockPerson(tx: Executor, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw notFound(PEOPLE_MESSAGES.notFound);
  if (user.deletedAt) throw new AppError(409, PEOPLE_MESSAGES.deleted);
  const [coach] = await tx
    .select({ id: coaches.id })
    .from(coaches)
    .where(eq(coaches.userId, userId))
    .for('update');
  return { user, coach: coach ?? null };
}
