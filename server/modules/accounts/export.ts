import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  abuseReports,
  coaches,
  payouts,
  questions,
  ratings,
  reviews,
  sessions,
  userRoles,
  users,
} from '../../db/schema';
import type { SessionUser } from '../auth';
import { attachmentsOf } from '../attachments';
import { reviewsBy } from '../video-reviews';
import { libraryOf } from '../reference-clips';

function columnsWithout<T extends object, K extends keyof T>(columns: T, left: K[]): Omit<T, K> {
  return Object.fromEntries(
    Object.entries(columns).filter(([name]) => !left.includes(name as K)),
  ) as Omit<T, K>;
}

/**
 * A question as both its participants see it on the question page (contracts/questions.ts): the
 * two parties by id and the Player's name as given, the text, the money's state and the dispute.
 * Named one by one, so a column added later stays out until someone decides who may see it.
 */
const sharedQuestionColumns = {
  id: questions.id,
  coachId: questions.coachId,
  playerId: questions.playerId,
  playerName: questions.playerName,
  question: questions.question,
  context: questions.context,
  answer: questions.answer,
  status: questions.status,
  paymentStatus: questions.paymentStatus,
  amountCents: questions.amount,
  createdAt: questions.createdAt,
  paidAt: questions.paidAt,
  answeredAt: questions.answeredAt,
  refundedAt: questions.refundedAt,
  refundReason: questions.refundReason,
  disputeFlagged: questions.disputeFlagged,
  disputeReason: questions.disputeReason,
  disputeDetails: questions.disputeDetails,
  disputedAt: questions.disputedAt,
  disputeResolution: questions.disputeResolution,
  disputeResolvedAt: questions.disputeResolvedAt,
  declinedAt: questions.declinedAt,
  declineNote: questions.declineNote,
  withdrawnAt: questions.withdrawnAt,
};
/** The Player's own: the address they asked from and whether they have read the answer. */
const askedQuestionColumns = {
  ...sharedQuestionColumns,
  playerEmail: questions.playerEmail,
  viewedAnswer: questions.playerViewedResponse,
};
/**
 * The Coach's own read mark. Never the Player's e-mail address, which no Coach view shows
 * (issue 21), nor whether the Player has read the answer.
 */
const receivedQuestionColumns = {
  ...sharedQuestionColumns,
  viewedQuestion: questions.coachViewedQuestion,
};
const roleColumns = columnsWithout(getTableColumns(userRoles), ['id', 'userId']);

/**
 * Everything Playbook holds about one person, as one JSON document (issue 13 'download my data'):
 * the account, each role's profile, the questions asked and received, payouts, ratings, reviews,
 * reports and sign-in sessions. Provider ids and password hashes are not theirs to read, and of
 * other people it holds only what the person already sees of them in the app (issue 21).
 */
export async function exportAccountData(db: Executor, user: SessionUser) {
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, user.id));
  const [coach] = await db
    .select({
      id: coaches.id,
      name: coaches.name,
      expertise: coaches.expertise,
      bio: coaches.bio,
      pricePerQuestionCents: coaches.pricePerQuestion,
      slug: coaches.slug,
      photoUrl: coaches.photoUrl,
      websiteUrl: coaches.websiteUrl,
      linkedinUrl: coaches.linkedinUrl,
      twitterUrl: coaches.twitterUrl,
      instagramUrl: coaches.instagramUrl,
      payoutsEnabled: coaches.stripePayoutsEnabled,
      createdAt: coaches.createdAt,
    })
    .from(coaches)
    .where(eq(coaches.userId, user.id));

  const [roles, asked, received, coachPayouts, ratingsGiven, reviewsGiven, reports, signIns] =
    await Promise.all([
      db.select(roleColumns).from(userRoles).where(eq(userRoles.userId, user.id)),
      db
        .select(askedQuestionColumns)
        .from(questions)
        .where(eq(questions.playerId, user.id))
        .orderBy(asc(questions.createdAt)),
      coach
        ? db
            .select(receivedQuestionColumns)
            .from(questions)
            .where(eq(questions.coachId, coach.id))
            .orderBy(asc(questions.createdAt))
        : [],
      coach
        ? db
            .select({
              id: payouts.id,
              questionId: payouts.questionId,
              amountCents: payouts.amount,
              status: payouts.status,
              createdAt: payouts.createdAt,
              releasableAt: payouts.releasableAt,
              paidAt: payouts.paidAt,
            })
            .from(payouts)
            .where(eq(payouts.coachId, coach.id))
            .orderBy(asc(payouts.createdAt))
        : [],
      db
        .select({
          questionId: ratings.questionId,
          isHelpful: ratings.isHelpful,
          createdAt: ratings.createdAt,
        })
        .from(ratings)
        .where(eq(ratings.userId, user.id)),
      db
        .select({
          questionId: reviews.questionId,
          rating: reviews.rating,
          words: reviews.body,
          coachReply: reviews.reply,
          published: reviews.published,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .where(eq(reviews.reviewerId, user.id)),
      db
        .select({
          questionId: abuseReports.reportedQuestionId,
          reason: abuseReports.reason,
          details: abuseReports.details,
          status: abuseReports.status,
          createdAt: abuseReports.createdAt,
        })
        .from(abuseReports)
        .where(eq(abuseReports.reporterId, user.id)),
      db
        .select({
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, user.id)),
    ]);

  return {
    exportedAt: new Date().toISOString(),
    account,
    roles,
    coachProfile: coach ?? null,
    questionsAsked: asked,
    questionsReceived: received,
    payouts: coachPayouts,
    ratingsGiven,
    reviewsGiven,
    reportsFiled: reports,
    sessions: signIns,
    // The files they uploaded (issue 23): what each was, never a link to it.
    attachments: await attachmentsOf(db, user.id),
    // A Coach's reference library (ADR 091): each clip's name, size and when it was added.
    referenceLibrary: await libraryOf(db, user.id),
    // The video reviews they recorded (issue 38), sent and drafts: the question, the length, the
    // state and the structured review; the recording itself is listed among the files above.
    videoReviews: await reviewsBy(db, user.id),
  };
}
