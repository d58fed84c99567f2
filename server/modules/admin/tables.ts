import {
  and,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  not,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type {
  adminDisputesQuerySchema,
  adminMessagesQuerySchema,
  adminPaymentsQuerySchema,
  adminQuestionsQuerySchema,
  adminReportsQuerySchema,
  adminUsersQuerySchema,
  AdminQuestionState,
} from '../../../contracts/admin-data';
import { ADMIN_PAGE_SIZE } from '../../../contracts/admin-data';
import type { Executor } from '../../db/client';
import { byTime, keyset, toPage } from '../../db/keyset';
import {
  abuseReports,
  contactMessages,
  coaches,
  extraPayments,
  payouts,
  questions,
  reviews,
  users,
} from '../../db/schema';

/**
 * The administrator's tables. Each reads one page through an index on (sort column, id) and then
 * the page's own aggregates, so its cost does not grow with the table (ADR 015).
 */
const LIMIT = ADMIN_PAGE_SIZE + 1;
const iso = (date: Date) => date.toISOString();
/** Only whole filters reach SQL: LIKE's wildcards in the search box match themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function usersPage(db: Executor, query: z.output<typeof adminUsersQuerySchema>) {
  const sortColumn = { created_at: users.createdAt, name: users.name, email: users.email }[
    query.sort
  ];
  const page = keyset({
    sort: sortColumn,
    sortType: query.sort === 'created_at' ? 'timestamptz' : 'text',
    id: users.id,
    idType: 'text',
    direction: query.direction,
    cursor: query.cursor,
  });
  const isCoach = sql`exists (select 1 from ${coaches} where ${coaches.userId} = ${users.id})`;
  const conditions: (SQL | undefined)[] = [page.after];
  if (query.search) {
    const pattern = containing(query.search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  if (query.role === 'coach') conditions.push(isCoach);
  if (query.role === 'player') conditions.push(not(isCoach));
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      createdAt: users.createdAt,
      sortKey: page.sortKey,
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(LIMIT);
  const ids = rows.map((r) => r.id);
  const figures = await userFigures(db, ids);
  return toPage(rows, ADMIN_PAGE_SIZE, (row) => {
    const coach = figures.coaches.get(row.id);
    const player = figures.players.get(row.id);
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: coach ? ('Coach' as const) : ('Player' as const),
      createdAt: iso(row.createdAt),
      questionCount: coach ? coach.answered : (player?.asked ?? 0),
      totalCents: coach ? coach.earned : (player?.spent ?? 0),
    };
  });
}

/** Questions answered and paid payouts for the page's Coaches; questions asked and paid for the rest. */
async function userFigures(db: Executor, userIds: string[]) {
  const coachFigures = new Map<string, { answered: number; earned: number }>();
  const players = new Map<string, { asked: number; spent: number }>();
  if (userIds.length === 0) return { coaches: coachFigures, players };
  const coachRows = await db
    .select({ id: coaches.id, userId: coaches.userId })
    .from(coaches)
    .where(inArray(coaches.userId, userIds));
  const coachIds = coachRows.map((c) => c.id);
  if (coachIds.length > 0) {
    const [answered, earned] = await Promise.all([
      db
        .select({ coachId: questions.coachId, n: sql<number>`count(*)::int` })
        .from(questions)
        .where(and(inArray(questions.coachId, coachIds), eq(questions.status, 'answered')))
        .groupBy(questions.coachId),
      db
        .select({ coachId: payouts.coachId, cents: sql<string>`sum(${payouts.amount})` })
        .from(payouts)
        .where(and(inArray(payouts.coachId, coachIds), eq(payouts.status, 'paid')))
        .groupBy(payouts.coachId),
    ]);
    for (const coach of coachRows) {
      coachFigures.set(coach.userId, {
        answered: answered.find((a) => a.coachId === coach.id)?.n ?? 0,
        earned: Number(earned.find((e) => e.coachId === coach.id)?.cents ?? 0),
      });
    }
  }
  const playerIds = userIds.filter((id) => !coachFigures.has(id));
  if (playerIds.length > 0) {
    const playerRows = await db
      .select({
        playerId: questions.playerId,
        asked: sql<number>`count(*)::int`,
        spent: sql<number>`coalesce(sum(${questions.amount}) filter (where ${questions.paymentStatus} = 'paid'), 0)::bigint`,
      })
      .from(questions)
      .where(inArray(questions.playerId, playerIds))
      .groupBy(questions.playerId);
    for (const row of playerRows) {
      players.set(row.playerId, { asked: row.asked, spent: Number(row.spent) });
    }
  }
  return { coaches: coachFigures, players };
}

/** Pages a table by (created_at, id), served by its index on those columns. */
const byCreatedAt = (
  table: { createdAt: AnyColumn; id: AnyColumn },
  direction: 'asc' | 'desc',
  cursor: string | undefined,
) => byTime(table.createdAt, table.id, direction, cursor);

export async function questionsPage(
  db: Executor,
  query: z.output<typeof adminQuestionsQuerySchema>,
) {
  const page = byCreatedAt(questions, query.direction, query.cursor);
  const rows = await db
    .select({
      id: questions.id,
      question: questions.question,
      playerId: questions.playerId,
      playerEmail: questions.playerEmail,
      coachUserId: coaches.userId,
      coachName: coaches.name,
      status: questions.status,
      paymentStatus: questions.paymentStatus,
      createdAt: questions.createdAt,
      sortKey: page.sortKey,
    })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(and(page.after, query.status === 'all' ? undefined : eq(questions.status, query.status)))
    .orderBy(...page.orderBy)
    .limit(LIMIT);
  return toPage(rows, ADMIN_PAGE_SIZE, (row) => ({
    ...row,
    createdAt: iso(row.createdAt),
  }));
}

/** Players' payments come from their questions; payouts to Coaches are the other type. */
export async function paymentsPage(db: Executor, query: z.output<typeof adminPaymentsQuerySchema>) {
  if (query.type === 'payment') {
    const page = byCreatedAt(questions, query.direction, query.cursor);
    const rows = await db
      .select({
        id: questions.id,
        amount: questions.amount,
        status: questions.paymentStatus,
        userId: questions.playerId,
        userEmail: questions.playerEmail,
        questionText: questions.question,
        createdAt: questions.createdAt,
        sortKey: page.sortKey,
      })
      .from(questions)
      .where(and(page.after, inArray(questions.paymentStatus, ['paid', 'refunded', 'failed'])))
      .orderBy(...page.orderBy)
      .limit(LIMIT);
    return toPage(rows, ADMIN_PAGE_SIZE, (row) => ({
      ...row,
      type: 'payment' as const,
      createdAt: iso(row.createdAt),
    }));
  }
  if (query.type === 'extra') return extraPaymentsPage(db, query);
  const page = byCreatedAt(payouts, query.direction, query.cursor);
  const rows = await db
    .select({
      id: payouts.id,
      amount: payouts.amount,
      status: payouts.status,
      userId: coaches.userId,
      userEmail: coaches.email,
      questionText: questions.question,
      createdAt: payouts.createdAt,
      sortKey: page.sortKey,
    })
    .from(payouts)
    .innerJoin(questions, eq(questions.id, payouts.questionId))
    .innerJoin(coaches, eq(coaches.id, payouts.coachId))
    .where(page.after)
    .orderBy(...page.orderBy)
    .limit(LIMIT);
  return toPage(rows, ADMIN_PAGE_SIZE, (row) => ({
    ...row,
    type: 'payout' as const,
    createdAt: iso(row.createdAt),
  }));
}

/** Payments a question did not keep (ADR 037): each refunded, or its refund under way. */
async function extraPaymentsPage(db: Executor, query: z.output<typeof adminPaymentsQuerySchema>) {
  const page = byCreatedAt(extraPayments, query.direction, query.cursor);
  const rows = await db
    .select({
      id: extraPayments.id,
      amount: extraPayments.amount,
      refunded: sql<boolean>`${extraPayments.refundedAt} IS NOT NULL`,
      reason: extraPayments.reason,
      userId: questions.playerId,
      userEmail: questions.playerEmail,
      questionText: questions.question,
      createdAt: extraPayments.createdAt,
      sortKey: page.sortKey,
    })
    .from(extraPayments)
    .innerJoin(questions, eq(questions.id, extraPayments.questionId))
    .where(page.after)
    .orderBy(...page.orderBy)
    .limit(LIMIT);
  return toPage(rows, ADMIN_PAGE_SIZE, ({ refunded, reason, ...row }) => ({
    ...row,
    type: 'extra' as const,
    status: `${refunded ? 'refunded' : 'refunding'} (${reason.replace('_', ' ')})`,
    createdAt: iso(row.createdAt),
  }));
}

/** The fields `questionActions` decides on, read alongside a report or a dispute. */
const stateFields = {
  questionId: questions.id,
  paymentStatus: questions.paymentStatus,
  payoutStatus: payouts.status,
  payoutHeldByAdmin: payouts.heldByAdmin,
  disputeFlagged: questions.disputeFlagged,
  disputeResolution: questions.disputeResolution,
};
/** Moves the action-deciding fields of a row into its `state`. */
function withState<
  T extends {
    createdAt: Date;
    questionId: string;
    paymentStatus: string;
    payoutStatus: string | null;
    payoutHeldByAdmin: boolean | null;
    disputeFlagged: boolean;
    disputeResolution: AdminQuestionState['disputeResolution'];
  },
>({
  questionId,
  paymentStatus,
  payoutStatus,
  payoutHeldByAdmin,
  disputeFlagged,
  disputeResolution,
  ...rest
}: T) {
  const state: AdminQuestionState = {
    questionId,
    paymentStatus,
    payoutStatus,
    payoutHeldByAdmin: payoutHeldByAdmin ?? false,
    disputeFlagged,
    disputeResolution,
  };
  return { ...rest, createdAt: iso(rest.createdAt), state };
}

export async function reportsPage(db: Executor, query: z.output<typeof adminReportsQuerySchema>) {
  const page = byCreatedAt(abuseReports, 'desc', query.cursor);
  const rows = await db
    .select({
      id: abuseReports.id,
      reporterId: abuseReports.reporterId,
      reporterName: users.name,
      reporterEmail: users.email,
      question: questions.question,
      coachUserId: coaches.userId,
      coachName: coaches.name,
      reason: abuseReports.reason,
      details: abuseReports.details,
      status: abuseReports.status,
      createdAt: abuseReports.createdAt,
      reviewId: reviews.id,
      reviewRating: reviews.rating,
      reviewWords: reviews.body,
      reviewReply: reviews.reply,
      reviewPublished: reviews.published,
      sortKey: page.sortKey,
      ...stateFields,
    })
    .from(abuseReports)
    .innerJoin(users, eq(users.id, abuseReports.reporterId))
    .innerJoin(questions, eq(questions.id, abuseReports.reportedQuestionId))
    .innerJoin(coaches, eq(coaches.id, abuseReports.reportedCoachId))
    .leftJoin(payouts, eq(payouts.questionId, questions.id))
    .leftJoin(reviews, eq(reviews.id, abuseReports.reportedReviewId))
    .where(
      and(page.after, query.status === 'all' ? undefined : eq(abuseReports.status, query.status)),
    )
    .orderBy(...page.orderBy)
    .limit(LIMIT);
  return toPage(rows, ADMIN_PAGE_SIZE, (row) => {
    const { reviewId, reviewRating, reviewWords, reviewReply, reviewPublished, ...report } = row;
    const review =
      reviewId === null
        ? null
        : {
            id: reviewId,
            rating: reviewRating ?? 0,
            words: reviewWords,
            reply: reviewReply,
            published: reviewPublished ?? false,
          };
    return { ...withState(report), review };
  });
}

export async function disputesPage(db: Executor, query: z.output<typeof adminDisputesQuerySchema>) {
  const page = byCreatedAt(questions, 'desc', query.cursor);
  const settled = {
    open: isNull(questions.disputeResolution),
    settled: isNotNull(questions.disputeResolution),
    all: undefined,
  }[query.state];
  const rows = await db
    .select({
      id: questions.id,
      question: questions.question,
      answer: questions.answer,
      playerId: questions.playerId,
      playerEmail: questions.playerEmail,
      coachUserId: coaches.userId,
      coachName: coaches.name,
      amount: questions.amount,
      disputeReason: questions.disputeReason,
      disputeDetails: questions.disputeDetails,
      createdAt: questions.createdAt,
      sortKey: page.sortKey,
      ...stateFields,
    })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .leftJoin(payouts, eq(payouts.questionId, questions.id))
    .where(and(eq(questions.disputeFlagged, true), settled, page.after))
    .orderBy(...page.orderBy)
    .limit(LIMIT);
  return toPage(rows, ADMIN_PAGE_SIZE, withState);
}

export async function messagesPage(db: Executor, query: z.output<typeof adminMessagesQuerySchema>) {
  const page = byCreatedAt(contactMessages, 'desc', query.cursor);
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      topic: contactMessages.topic,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      sortKey: page.sortKey,
    })
    .from(contactMessages)
    .where(page.after)
    .orderBy(...page.orderBy)
    .limit(LIMIT);
  return toPage(rows, ADMIN_PAGE_SIZE, (row) => ({
    ...row,
    createdAt: iso(row.createdAt),
  }));
}

/**
 * One disputed question read whole for the administrator's dispute view (ADR 063): the question
 * with its Coach, the Player's account and their record of asking and disputing, and the payout.
 */
export async function findDisputeDetail(db: Executor, questionId: string) {
  const [row] = await db
    .select({
      question: questions,
      coachName: coaches.name,
      coachEmail: coaches.email,
      coachUserId: coaches.userId,
      playerSince: users.createdAt,
      payout: {
        amount: payouts.amount,
        status: payouts.status,
        reversedAmount: payouts.reversedAmount,
      },
    })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .leftJoin(users, eq(users.id, questions.playerId))
    .leftJoin(payouts, eq(payouts.questionId, questions.id))
    .where(and(eq(questions.id, questionId), eq(questions.disputeFlagged, true)));
  if (!row) return null;
  const [history] = await db
    .select({
      asked: count(),
      disputed: sql<number>`count(*) FILTER (WHERE ${questions.disputeFlagged})`.mapWith(Number),
    })
    .from(questions)
    .where(eq(questions.playerId, row.question.playerId));
  return { row, history };
}
