import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { ReviewDocument } from '../../../contracts/video-review';
import type { Executor } from '../../db/client';
import { questions, referenceClips, videoReviews } from '../../db/schema';

export type VideoReviewRow = typeof videoReviews.$inferSelect;

/**
 * The video-reviews module's writes of `video_reviews` (ADR 032: its one writer), and its reads.
 * `reference_clips` is the reference-clips module's table: read here, never written.
 */

/** A new draft, waiting for its transcode (status processing, progress 0). */
export async function insertDraft(
  tx: Executor,
  row: {
    id: string;
    questionId: string;
    authorId: string;
    videoAttachmentId: string;
    sourceAttachmentId: string;
    compareAttachmentId: string | null;
    document: ReviewDocument;
  },
) {
  const [inserted] = await tx.insert(videoReviews).values(row).returning();
  if (!inserted) throw new Error('video review not inserted');
  return inserted;
}

/** The Coach's unsent drafts on a question, counted under the question's lock for the limit. */
export async function countUnsentDrafts(tx: Executor, questionId: string, authorId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`video-reviews:${questionId}`}))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(videoReviews)
    .where(
      and(
        eq(videoReviews.questionId, questionId),
        eq(videoReviews.authorId, authorId),
        isNull(videoReviews.sentAt),
      ),
    );
  return row?.n ?? 0;
}

/** Whether a recording is some review's already (the unique index would refuse it anyway). */
export async function reviewOfVideo(db: Executor, videoAttachmentId: string) {
  const [row] = await db
    .select({ id: videoReviews.id })
    .from(videoReviews)
    .where(eq(videoReviews.videoAttachmentId, videoAttachmentId));
  return row ?? null;
}

/** A clip of `ownerId`'s reference library, by its attachment (read only: not this module's). */
export async function ownReferenceClip(db: Executor, ownerId: string, attachmentId: string) {
  const [row] = await db
    .select({ id: referenceClips.id, name: referenceClips.name })
    .from(referenceClips)
    .where(and(eq(referenceClips.ownerId, ownerId), eq(referenceClips.attachmentId, attachmentId)));
  return row ?? null;
}

/** A reference clip's name by its attachment, for a review that compares with it. */
export async function referenceClipName(db: Executor, attachmentId: string) {
  const [row] = await db
    .select({ name: referenceClips.name })
    .from(referenceClips)
    .where(eq(referenceClips.attachmentId, attachmentId));
  return row?.name ?? null;
}

/** The reviews of a question a reader may see: sent ones, plus the author's own drafts. */
export const reviewsOfQuestion = (db: Executor, questionId: string, draftsOf: string | null) =>
  db
    .select()
    .from(videoReviews)
    .where(
      and(
        eq(videoReviews.questionId, questionId),
        draftsOf === null
          ? isNotNull(videoReviews.sentAt)
          : or(isNotNull(videoReviews.sentAt), eq(videoReviews.authorId, draftsOf)),
      ),
    )
    .orderBy(asc(videoReviews.createdAt), asc(videoReviews.id));

export async function findReview(db: Executor, id: string) {
  const [row] = await db.select().from(videoReviews).where(eq(videoReviews.id, id));
  return row ?? null;
}

/** Deletes an unsent draft; returns its recording's attachment id, or null if none was deleted. */
export async function deleteDraft(tx: Executor, id: string, authorId: string) {
  const [row] = await tx
    .delete(videoReviews)
    .where(
      and(
        eq(videoReviews.id, id),
        eq(videoReviews.authorId, authorId),
        isNull(videoReviews.sentAt),
      ),
    )
    .returning({ videoAttachmentId: videoReviews.videoAttachmentId });
  return row ?? null;
}

/** The drafts an answer sends, locked for its transaction. */
export const lockDrafts = (tx: Executor, ids: readonly string[]) =>
  tx
    .select()
    .from(videoReviews)
    .where(inArray(videoReviews.id, [...ids]))
    .for('update');

/** Marks drafts sent with the answer (message null) or the follow-up's answer (its message). */
export async function markSent(
  tx: Executor,
  ids: readonly string[],
  sent: { at: Date; messageId: string | null },
) {
  await tx
    .update(videoReviews)
    .set({ sentAt: sent.at, messageId: sent.messageId })
    .where(and(inArray(videoReviews.id, [...ids]), isNull(videoReviews.sentAt)));
}

/**
 * Claims the oldest review waiting for its transcode: progress 0 becomes 1, so another process's
 * run skips it (SKIP LOCKED: a claim in flight elsewhere is passed over, not waited for).
 */
export async function claimNextTranscode(db: Executor) {
  const next = db
    .select({ id: videoReviews.id })
    .from(videoReviews)
    .where(and(eq(videoReviews.status, 'processing'), eq(videoReviews.progress, 0)))
    .orderBy(asc(videoReviews.createdAt), asc(videoReviews.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(videoReviews)
    .set({ progress: 1 })
    .where(and(inArray(videoReviews.id, next), eq(videoReviews.progress, 0)))
    .returning();
  return claimed ?? null;
}

/** A transcode's progress, only ever forward, while it is processing. */
export async function setProgress(db: Executor, id: string, progress: number) {
  await db
    .update(videoReviews)
    .set({ progress })
    .where(
      and(
        eq(videoReviews.id, id),
        eq(videoReviews.status, 'processing'),
        lt(videoReviews.progress, progress),
      ),
    );
}

export async function markReady(db: Executor, id: string, durationMs: number) {
  await db
    .update(videoReviews)
    .set({ status: 'ready', progress: 100, durationMs })
    .where(eq(videoReviews.id, id));
}

export async function markFailed(db: Executor, id: string) {
  await db.update(videoReviews).set({ status: 'failed' }).where(eq(videoReviews.id, id));
}

/**
 * Transcodes claimed before `before` and still processing: their process died mid-way (a
 * transcode runs well under the job's 10-minute expiry). They fail, so the Coach records again.
 */
export async function failStaleTranscodes(db: Executor, before: Date) {
  return db
    .update(videoReviews)
    .set({ status: 'failed' })
    .where(
      and(
        eq(videoReviews.status, 'processing'),
        sql`${videoReviews.progress} > 0`,
        lt(videoReviews.createdAt, before),
      ),
    )
    .returning({ id: videoReviews.id });
}

/** A person's reviews for the data export: sent and drafts, with their question's text. */
export const reviewsBy = (db: Executor, authorId: string) =>
  db
    .select({
      id: videoReviews.id,
      questionId: videoReviews.questionId,
      question: questions.question,
      status: videoReviews.status,
      durationMs: videoReviews.durationMs,
      sentAt: videoReviews.sentAt,
      createdAt: videoReviews.createdAt,
      document: videoReviews.document,
    })
    .from(videoReviews)
    .innerJoin(questions, eq(questions.id, videoReviews.questionId))
    .where(eq(videoReviews.authorId, authorId))
    .orderBy(desc(videoReviews.createdAt));

/** The sent reviews of an answer (message null) or a follow-up's answer, for its e-mail. */
export const sentWith = (tx: Executor, ids: readonly string[]) =>
  tx
    .select()
    .from(videoReviews)
    .where(and(inArray(videoReviews.id, [...ids]), isNotNull(videoReviews.sentAt)))
    .orderBy(asc(videoReviews.createdAt));
