import { count, eq, inArray, sql } from 'drizzle-orm';
import { COACH_SHARE_PERCENT } from '../../../contracts/money';
import type { Executor } from '../../db/client';
import { experts, payouts, questions, users } from '../../db/schema';

/** The dashboard's figures, read in parallel. */
export async function dashboardStats(db: Executor) {
  const [[userCount], [expertCount], [questionCounts], [paid], [pendingPayouts]] =
    await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(experts),
      db
        .select({
          total: count(),
          answered: sql<number>`count(*) filter (where ${questions.status} = 'answered')::int`,
          pending: sql<number>`count(*) filter (where ${questions.status} = 'pending')::int`,
        })
        .from(questions),
      db
        .select({
          n: count(),
          // The platform keeps each fee minus its payout, rounded the payout's way.
          cents: sql<number>`coalesce(sum(${questions.amount} - (${questions.amount} * ${COACH_SHARE_PERCENT}) / 100), 0)::bigint`,
        })
        .from(questions)
        .where(eq(questions.paymentStatus, 'paid')),
      db
        .select({ n: count() })
        .from(payouts)
        // Owed to Coaches: waiting out the hold window, held, or being sent right now.
        .where(inArray(payouts.status, ['pending', 'held', 'transferring'])),
    ]);
  const totalUsers = userCount?.n ?? 0;
  const totalExperts = expertCount?.n ?? 0;
  return {
    totalUsers,
    totalExperts,
    // As the Users tab labels them: everyone without a Coach profile is a Player.
    totalAskers: totalUsers - totalExperts,
    totalQuestions: questionCounts?.total ?? 0,
    answeredQuestions: questionCounts?.answered ?? 0,
    pendingQuestions: questionCounts?.pending ?? 0,
    totalPayments: paid?.n ?? 0,
    totalEarnings: Number(paid?.cents ?? 0),
    pendingPayouts: pendingPayouts?.n ?? 0,
  };
}
