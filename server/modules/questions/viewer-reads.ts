import { and, asc, eq, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { QUESTION_PAGE_SIZE } from '../../../contracts/limits';
import type {
  CoachInboxQuestion,
  InboxFilter,
  InboxSort,
  PlayerQuestion,
  QuestionDetail,
} from '../../../contracts/questions';
import type { Database } from '../../db/client';
import { isoTime, jsonArray, jsonObject, jsonPageText } from '../../db/json-rows';
import { cursorAt, preparedByTime } from '../../db/keyset';
import type { ThreadMessage } from '../../../contracts/question-thread';
import {
  coaches,
  payouts,
  questionMessages,
  questions,
  ratings,
  reviews,
  userRoles,
  users,
} from '../../db/schema';
import { toViewer, viewerByToken } from '../auth';

/**
 * The signed-in reads of questions, each one prepared statement: the viewer of the session token
 * (`viewerByToken`) with the rows they may see, so a read costs one round trip and no query
 * building (ADR 033). A list of rows comes as one JSON array in the contract's shape, built by
 * PostgreSQL (`db/json-rows.ts`, ADR 035): one row per read, the viewer once. The lists arrive as
 * JSON text, never decoded: the bodies send them as they are (ADR 072), so each item's keys are
 * written here in its contract's order; the question page's statement writes its whole body so
 * (ADR 074). Who may see what is still decided by the caller: from the viewer, or on the question
 * page from whether the statement found them its Player or its Coach (and wrote a body).
 */

/*
 * Statements are prepared and may run on a generic plan (ADR 033), which can use a partial index
 * only when the index's condition is written in the statement itself, not passed as a parameter:
 * hence the literal states below.
 */
const PENDING = sql.raw(`'pending'`);
const ANSWERED = sql.raw(`'answered'`);
/**
 * The inbox shows questions whose payment is paid or still pending (spec §4), and not those the
 * Player withdrew or the Coach declined (ADR 023).
 */
const VISIBLE_PAYMENT = sql`${questions.paymentStatus} in ('paid', 'pending') and ${questions.status} in ('pending', 'answered')`;
/** The questions the Coach `coachId` sees in the inbox. */
const visibleTo = (coachId: SQLWrapper) => and(eq(questions.coachId, coachId), VISIBLE_PAYMENT);

/*
 * What a question needs of its Coach now (issue 36, ADR 084), with its deadline. Read only over
 * the Coach's visible questions. Two arms an index each serves: the questions waiting for an answer
 * (questions_expert_deadline_idx), and the answered ones with a follow-up waiting or a dispute
 * asking for her statement (questions_expert_needs_idx, whose predicate is written the same).
 */
const PAID = sql.raw(`'paid'`);
const waitingForAnswer = sql`(${questions.status} = ${PENDING} and ${questions.paymentStatus} = ${PAID})`;
const followUpOpen = sql`(${questions.lastMessageKind} = 'follow_up' and ${questions.followUpAnsweredAt} is null)`;
const statementAsked = sql`(${questions.disputeFlagged} and ${questions.disputeResolution} is null and ${questions.disputeStatement} is null)`;
const answeredNeedingCoach = sql`(${questions.status} = ${ANSWERED} and (${followUpOpen} or ${statementAsked}))`;
/** May need the Coach: the index-served arms; `coachNeed` then decides. */
const mayNeedCoach = sql`(${waitingForAnswer} or ${answeredNeedingCoach})`;
/**
 * A dispute stops the conversation, so its statement comes first; a follow-up is owed only while
 * its window is open (past it, the Coach can no longer answer it).
 */
const coachNeed = sql<string | null>`case
  when ${questions.status} = ${ANSWERED} and ${statementAsked} then 'statement'
  when ${waitingForAnswer} then case when ${questions.lastMessageKind} is not distinct from 'clarification_reply' then 'reply' else 'answer' end
  when ${questions.status} = ${ANSWERED} and ${followUpOpen} and ${questions.followUpUntil} > now() then 'follow_up'
end`;
/**
 * When it is owed: the answer's deadline, the follow-up's; a statement has none (the dispute may be
 * decided at any time), so the queue puts it where the dispute opened, before every deadline ahead.
 */
const coachNeedOrder = sql`case
  when ${questions.status} = ${ANSWERED} and ${statementAsked} then coalesce(${questions.disputedAt}, ${questions.answeredAt})
  when ${waitingForAnswer} then ${questions.answerBy}
  else ${questions.followUpUntil}
end`;
const coachNeedBy = sql`case when ${coachNeed} = 'statement' then null else ${coachNeedOrder} end`;
/** The questions that need the Coach `coachId`: the work queue, and the badge's count. */
const needsOf = (coachId: SQLWrapper) =>
  and(eq(questions.coachId, coachId), mayNeedCoach, sql`${coachNeed} is not null`);

/**
 * What a question asks of its Player now: details the Coach asked for, while the answer waits;
 * an answer or a follow-up's answer not yet read, before the dispute window closes.
 */
const playerNeed = sql<string | null>`case
  when ${waitingForAnswer} and ${questions.lastMessageKind} is not distinct from 'clarification_request' then 'details'
  when ${questions.status} = ${ANSWERED} and not ${questions.playerViewedResponse} then
    case when ${questions.lastMessageKind} is not distinct from 'follow_up_answer' then 'follow_up_answer' else 'answer' end
end`;

/** An expression under `name` in a subquery, its value decoded as `column`'s (dates stay dates). */
const readAs = <T>(expression: SQL, column: AnyColumn, name: string) =>
  (expression.mapWith(column) as SQL<T>).as(name);
/** What a read returns when the session is not live. */
const SIGNED_OUT = { viewer: null, data: null } as const;
const token = sql.placeholder('token');

/** Builds each variant of a statement once, on first use. */
function variants<K extends string, T>(build: (key: K) => T): (key: K) => T {
  const built = new Map<K, T>();
  return (key) => {
    let statement = built.get(key);
    if (!statement) built.set(key, (statement = build(key)));
    return statement;
  };
}

export function viewerReads(db: Database) {
  const inbox = variants((key: `${InboxFilter}:${InboxSort}:${'first' | 'after'}`) => {
    const [filter, sort, position] = key.split(':') as [InboxFilter, InboxSort, 'first' | 'after'];
    return coachInboxStatement(db, filter, sort, position === 'after').prepare(
      `inbox_${filter}_${sort}_${position}`,
    );
  });
  const mine = variants((position: 'first' | 'after') =>
    playerQuestionsStatement(db, position === 'after').prepare(`my_questions_${position}`),
  );
  const questionPage = questionPageStatement(db).prepare('question_page');
  const unread = unreadCountsStatement(db).prepare('unread_counts');

  return {
    async coachInbox(
      sessionToken: string,
      filter: InboxFilter,
      sort: InboxSort,
      cursor: string | undefined,
    ) {
      const [row] = await inbox(`${filter}:${sort}:${cursor ? 'after' : 'first'}`).execute({
        token: sessionToken,
        ...(cursor ? inboxKeys(filter, sort).params(cursor) : {}),
      });
      if (!row) return SIGNED_OUT;
      const { answeredCount, unansweredCount, needsCount, coachSince } = row.viewer;
      return {
        viewer: toViewer(row.viewer),
        data: {
          summary: { answeredCount, unansweredCount, needsCount, coachSince },
          page: pageOf(row.page_text),
        },
      };
    },

    async playerQuestions(sessionToken: string, cursor: string | undefined) {
      const [row] = await mine(cursor ? 'after' : 'first').execute({
        token: sessionToken,
        ...(cursor ? myKeys.params(cursor) : {}),
      });
      if (!row) return SIGNED_OUT;
      return { viewer: toViewer(row.viewer), data: pageOf(row.page_text) };
    },

    async questionPage(sessionToken: string, id: string) {
      const [row] = await questionPage.execute({ token: sessionToken, id });
      if (!row) return SIGNED_OUT;
      return { viewer: toViewer(row.viewer), data: row.detail };
    },

    async unreadCounts(sessionToken: string) {
      const [row] = await unread.execute({ token: sessionToken });
      if (!row) return SIGNED_OUT;
      return { viewer: toViewer(row), data: { asker: row.playerUnread, expert: row.coachUnread } };
    },
  };
}

/**
 * A page as the bodies send it: its items as JSON text, and the cursor of the next page. The lateral
 * join always yields its one row; the type allows for its absence.
 */
function pageOf(found: { page: string; lastSortKey: string | null; lastId: string | null } | null) {
  const { page = '[]', lastSortKey = null, lastId = null } = found ?? {};
  return {
    json: page,
    nextCursor: lastSortKey !== null && lastId !== null ? cursorAt(lastSortKey, lastId) : null,
  };
}

/**
 * The inbox's order: Answered newest answer first, the others newest question first; or, for
 * Unanswered, the soonest "Answer by" first (ADR 060, served by questions_expert_deadline_idx); the
 * work queue always soonest deadline first (a few hundred rows at most, sorted as read).
 */
const inboxKeys = (filter: InboxFilter, sort: InboxSort) =>
  filter === 'needs'
    ? preparedByTime(coachNeedOrder, questions.id, 'asc')
    : sort === 'deadline'
      ? preparedByTime(questions.answerBy, questions.id, 'asc')
      : preparedByTime(
          filter === 'answered' ? questions.answeredAt : questions.createdAt,
          questions.id,
          'desc',
        );
/** My Questions' order: the latest activity (asked or answered) first, so a fresh answer is on top (ADR 055). */
const myKeys = preparedByTime(questions.lastActivityAt, questions.id, 'desc');

/**
 * A page of the Coach's inbox under one filter (spec §4 'Inbox filters'): All and Unanswered newest
 * asked first, Answered newest answered first; keyset-paged, each filter on its own partial index
 * (ADR 018). The header's figures come without counting the Coach's history (10,000 questions for
 * the busiest): answers from `experts.answered_count` (kept by a trigger, ADR 025), questions
 * waiting from the visible index (a few hundred at most), the first question from its front.
 */
function coachInboxStatement(db: Database, filter: InboxFilter, sort: InboxSort, paged: boolean) {
  // `coaches` is the viewer's Coach row, inside the viewer's subquery.
  const visible = visibleTo(coaches.id);
  const keys = inboxKeys(filter, sort);
  const viewer = viewerByToken(db, token, {
    answeredCount: sql<number>`${coaches.answeredCount}`.as('answered_count'),
    unansweredCount: sql<number>`(select count(*)::int from ${questions}
      where ${and(visible, sql`${questions.status} = ${PENDING}`)})`.as('unanswered_count'),
    needsCount: sql<number>`(select count(*)::int from ${questions}
      where ${needsOf(coaches.id)})`.as('needs_count'),
    coachSince: readAs<Date | null>(
      sql`(select ${questions.createdAt} from ${questions}
        where ${visible} order by ${questions.createdAt} limit 1)`,
      questions.createdAt,
      'coach_since',
    ),
  });
  const shown =
    filter === 'needs'
      ? needsOf(viewer.coachId)
      : and(
          visibleTo(viewer.coachId),
          filter === 'all'
            ? undefined
            : sql`${questions.status} = ${filter === 'answered' ? ANSWERED : PENDING}`,
        );
  const page = db
    .select({
      row: jsonObject<CoachInboxQuestion>({
        id: questions.id,
        playerId: questions.playerId,
        playerName: questions.playerName,
        playerPhotoUrl: userRoles.photoUrl,
        question: questions.question,
        context: questions.context,
        answer: questions.answer,
        status: questions.status,
        paymentStatus: questions.paymentStatus,
        amount: questions.amount,
        createdAt: isoTime(questions.createdAt),
        answeredAt: isoTime(questions.answeredAt),
        messageCount: questions.messageCount,
        // The Player answered the Coach's request for details; the answer is still to come.
        replyWaiting: sql<boolean>`(${questions.status} = ${PENDING} and ${questions.lastMessageKind} is not distinct from 'clarification_reply')`,
        answerBy: isoTime(questions.answerBy),
        need: sql`case when ${coachNeed} is not null then json_build_object('kind', ${coachNeed}, 'by', ${isoTime(coachNeedBy)}) end`,
      }).as('row'),
      sortKey: keys.sortKey.as('sort_key'),
      id: questions.id,
    })
    .from(questions)
    .leftJoin(userRoles, and(eq(userRoles.userId, questions.playerId), eq(userRoles.role, 'asker')))
    .where(and(shown, paged ? keys.after : undefined))
    .orderBy(...keys.orderBy)
    .limit(QUESTION_PAGE_SIZE + 1)
    .as('page');
  return db
    .select()
    .from(viewer)
    .leftJoinLateral(jsonPageText(db, page, QUESTION_PAGE_SIZE), sql`true`);
}

/**
 * What the thread shows of each question between the same Player and Coach. The inbox and My
 * Questions spell the same fields out in their own rows, because their keys go out in the
 * contract's order as PostgreSQL writes them (ADR 072), and these fields sit among others there.
 */
const summaryOf = (q: typeof questions | typeof threadQuestions) => ({
  id: q.id,
  question: q.question,
  answer: q.answer,
  status: q.status,
  paymentStatus: q.paymentStatus,
  amount: q.amount,
  createdAt: isoTime(q.createdAt),
  answeredAt: isoTime(q.answeredAt),
});

/** A page of the Player's own questions, latest activity first: served by questions_asker_activity_idx. */
function playerQuestionsStatement(db: Database, paged: boolean) {
  const keys = myKeys;
  const viewer = viewerByToken(db, token);
  const page = db
    .select({
      row: jsonObject<PlayerQuestion>({
        id: questions.id,
        coach: jsonObject<PlayerQuestion['coach']>({
          id: coaches.id,
          name: coaches.name,
          photoUrl: coaches.photoUrl,
          expertise: coaches.expertise,
        }),
        question: questions.question,
        answer: questions.answer,
        status: questions.status,
        paymentStatus: questions.paymentStatus,
        amount: questions.amount,
        createdAt: isoTime(questions.createdAt),
        answeredAt: isoTime(questions.answeredAt),
        disputeFlagged: questions.disputeFlagged,
        disputeUntil: isoTime(payouts.releasableAt),
        declinedAt: isoTime(questions.declinedAt),
        refundedAt: isoTime(questions.refundedAt),
        answerBy: isoTime(questions.answerBy),
        messageCount: questions.messageCount,
        responseHours: questions.responseHours,
        need: sql`case ${playerNeed}
          when 'details' then json_build_object('kind', 'details', 'by', ${isoTime(questions.answerBy)})
          when 'answer' then json_build_object('kind', 'answer', 'by', ${isoTime(payouts.releasableAt)})
          when 'follow_up_answer' then json_build_object('kind', 'follow_up_answer', 'by', ${isoTime(payouts.releasableAt)})
        end`,
      }).as('row'),
      sortKey: keys.sortKey.as('sort_key'),
      id: questions.id,
    })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .leftJoin(payouts, eq(payouts.questionId, questions.id))
    .where(and(eq(questions.playerId, viewer.id), paged ? keys.after : undefined))
    .orderBy(...keys.orderBy)
    .limit(QUESTION_PAGE_SIZE + 1)
    .as('page');
  return db
    .select()
    .from(viewer)
    .leftJoinLateral(jsonPageText(db, page, QUESTION_PAGE_SIZE), sql`true`);
}

/** The thread of a question page: every question between its Player and its Coach, oldest first. */
const threadQuestions = alias(questions, 'thread');

/**
 * The question page: the question, its Coach, the Player's photo, its review, the viewer's own
 * helpful rating, and the thread between its Player and its Coach (read only for a participant).
 */
function questionPageStatement(db: Database) {
  const viewer = viewerByToken(db, token);
  const thread = db
    .select({
      row: jsonObject<QuestionDetail['thread'][number]>(summaryOf(threadQuestions)).as('row'),
    })
    .from(threadQuestions)
    .where(
      and(
        eq(threadQuestions.playerId, questions.playerId),
        eq(threadQuestions.coachId, questions.coachId),
      ),
    )
    .orderBy(asc(threadQuestions.createdAt))
    .as('thread_rows');
  // The conversation on this question (ADR 058), oldest first, each message with its author.
  const fromPlayer = eq(questionMessages.authorId, questions.playerId);
  const messages = db
    .select({
      row: jsonObject<ThreadMessage>({
        id: questionMessages.id,
        kind: questionMessages.kind,
        authorRole: sql`case when ${fromPlayer} then 'asker' else 'expert' end`,
        authorName: sql`case when ${fromPlayer} then ${questions.playerName} else ${coaches.name} end`,
        body: questionMessages.body,
        createdAt: isoTime(questionMessages.createdAt),
      }).as('row'),
    })
    .from(questionMessages)
    .where(eq(questionMessages.questionId, questions.id))
    .orderBy(asc(questionMessages.createdAt), asc(questionMessages.id))
    .as('message_rows');
  // Who the viewer is on this question: its Player, its Coach, or neither (null, and no body).
  // The one access check of the page: the thread and the messages are read only inside the body,
  // which is written only when this is not null (PostgreSQL evaluates a CASE's branch lazily).
  const viewerRole = sql<QuestionDetail['viewerRole'] | null>`case
    when ${questions.playerId} = ${viewer.id} then 'asker'
    when ${coaches.userId} = ${viewer.id} then 'expert' end`;
  // The dispute as the page shows it; a partial refund's figures are left null here and filled in
  // by the body from `partialRefundSplit` (contracts/disputes.ts), the one place they are worked out.
  const dispute = jsonObject<NonNullable<QuestionDetail['dispute']>>({
    reason: questions.disputeReason,
    details: questions.disputeDetails,
    at: isoTime(
      sql`coalesce(${questions.disputedAt}, ${questions.answeredAt}, ${questions.createdAt})`,
    ),
    resolution: questions.disputeResolution,
    resolvedAt: isoTime(questions.disputeResolvedAt),
    statement: questions.disputeStatement,
    statementAt: isoTime(questions.disputeStatementAt),
    note: questions.disputeNote,
    partialRefund: sql`null`,
  });
  const disputed = sql`${questions.disputeFlagged} and ${questions.disputeReason} is not null`;
  // The whole body in the contract's key order, as JSON text (ADR 074): no column of the question
  // is decoded in Node, no Date is built, nothing is encoded again.
  const body = jsonObject<QuestionDetail>({
    ...summaryOf(questions),
    context: questions.context,
    refundedAt: isoTime(questions.refundedAt),
    answerBy: isoTime(questions.answerBy),
    responseHours: questions.responseHours,
    disputeFlagged: questions.disputeFlagged,
    disputeUntil: isoTime(payouts.releasableAt),
    dispute: sql`case when ${disputed} then ${dispute} end`,
    declinedAt: isoTime(questions.declinedAt),
    declineNote: questions.declineNote,
    withdrawnAt: isoTime(questions.withdrawnAt),
    viewerRole,
    player: jsonObject<QuestionDetail['player']>({
      id: questions.playerId,
      name: questions.playerName,
      photoUrl: userRoles.photoUrl,
    }),
    coach: jsonObject<QuestionDetail['coach']>({
      id: coaches.id,
      name: coaches.name,
      photoUrl: coaches.photoUrl,
      expertise: coaches.expertise,
    }),
    // Spec §2: the thread shows only when there is more than one question.
    thread: sql`(select case when count(*) > 1 then json_agg(${thread.row}) else '[]'::json end
      from ${thread})`,
    // The helpful mark is the Player's; a Coach's page has none.
    myRating: sql`case when ${viewerRole} = 'asker' then ${ratings.isHelpful} end`,
    myReview: reviews.rating,
    messages: jsonArray(messages),
    followUpUntil: isoTime(questions.followUpUntil),
    followUpAnswered: sql`${questions.followUpAnsweredAt} is not null`,
    myReviewWords: reviews.body,
    reviewReply: reviews.reply,
  });
  const detail = db
    .select({
      // A column of the table, so that Drizzle reads the lateral join's nulls (no such question)
      // as no detail at all, which the caller answers with a 404.
      id: questions.id,
      // Written only for the question's Player or Coach: null tells the caller to refuse.
      body: sql<string | null>`case when ${viewerRole} is not null then ${body}::text end`.as(
        'body',
      ),
      amount: questions.amount,
      // The partial refund the body's dispute must show, if it shows one.
      partialRefundAmount: sql<
        number | null
      >`case when ${disputed} then ${questions.partialRefundAmount} end`.as('partial_refund'),
      partialRefunded: sql<boolean>`${questions.partialRefundedAt} is not null`.as(
        'partial_refunded',
      ),
    })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .leftJoin(payouts, eq(payouts.questionId, questions.id))
    .leftJoin(userRoles, and(eq(userRoles.userId, questions.playerId), eq(userRoles.role, 'asker')))
    .leftJoin(reviews, eq(reviews.questionId, questions.id))
    .leftJoin(ratings, and(eq(ratings.questionId, questions.id), eq(ratings.userId, viewer.id)))
    .where(eq(questions.id, sql.placeholder('id')))
    .as('detail');
  return db
    .select()
    .from(viewer)
    .leftJoinLateral(detail, sql`true`);
}

/**
 * The header badge's figures: the questions that need the viewer now (issue 36), as a Player and
 * as a Coach, by the same rules as the cards' needs; the caller picks by the active role.
 */
function unreadCountsStatement(db: Database) {
  const viewer = viewerByToken(db, token, {
    playerUnread: sql<number>`(select count(*)::int from ${questions} where ${and(
      eq(questions.playerId, users.id),
      sql`${playerNeed} is not null`,
    )})`.as('asker_unread'),
    coachUnread:
      sql<number>`(select count(*)::int from ${questions} where ${needsOf(coaches.id)})`.as(
        'expert_unread',
      ),
  });
  return db.select().from(viewer);
}
