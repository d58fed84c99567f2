import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AttachmentPart } from '../../../contracts/attachments';
import type { Database, Executor } from '../../db/client';
import {
  attachments,
  coaches,
  questions,
  referenceClips,
  uploadsInFlight,
  videoReviews,
} from '../../db/schema';

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = typeof attachments.$inferInsert;

/**
 * A finished upload becomes an attachment: its row, and its bytes counted stored instead of in
 * flight, in one transaction (ADR 085).
 */
export async function insertAttachment(db: Database, row: NewAttachment) {
  await db.transaction(async (tx) => {
    await tx.insert(attachments).values(row);
    await tx.delete(uploadsInFlight).where(eq(uploadsInFlight.id, row.id));
  });
}

/** Sums a bigint column as a number on both drivers (exact below 2^53 bytes). */
const total = (column: typeof attachments.sizeBytes | typeof uploadsInFlight.declaredBytes) =>
  sql<number>`coalesce(sum(${column}), 0)::float8`;

/**
 * Records an upload in flight if its declared length fits the uploader's quota, or says how much
 * is left (ADR 085). The uploader's advisory lock, held until the commit, serialises every
 * creation of theirs across all processes, so two at once cannot both take the last space.
 */
export async function reserveUploadSpace(
  db: Database,
  input: {
    id: string;
    uploaderId: string;
    bytes: number;
    quota: number;
    /** Uploads in flight count until they expire; files stored count for the quota's window. */
    inFlightSince: Date;
    storedSince: Date;
  },
): Promise<{ reserved: true } | { reserved: false; left: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${input.uploaderId}`}))`,
    );
    const [inFlight] = await tx
      .select({ bytes: total(uploadsInFlight.declaredBytes) })
      .from(uploadsInFlight)
      .where(
        and(
          eq(uploadsInFlight.uploaderId, input.uploaderId),
          sql`${uploadsInFlight.createdAt} > ${input.inFlightSince}`,
        ),
      );
    const [stored] = await tx
      .select({ bytes: total(attachments.sizeBytes) })
      .from(attachments)
      .where(
        and(
          eq(attachments.uploaderId, input.uploaderId),
          isNull(attachments.removedAt),
          sql`${attachments.createdAt} > ${input.storedSince}`,
        ),
      );
    const left = input.quota - (inFlight?.bytes ?? 0) - (stored?.bytes ?? 0);
    if (input.bytes > left) return { reserved: false, left: Math.max(0, left) };
    await tx
      .insert(uploadsInFlight)
      .values({ id: input.id, uploaderId: input.uploaderId, declaredBytes: input.bytes });
    return { reserved: true };
  });
}

/** An upload refused, cancelled or stored elsewhere no longer holds its space. */
export async function releaseUploadSpace(db: Executor, id: string) {
  await db.delete(uploadsInFlight).where(eq(uploadsInFlight.id, id));
}

/** Forgets uploads in flight created before `before`: tus has expired them. */
export async function deleteUploadsInFlightBefore(db: Executor, before: Date) {
  const rows = await db
    .delete(uploadsInFlight)
    .where(lt(uploadsInFlight.createdAt, before))
    .returning({ id: uploadsInFlight.id });
  return rows.length;
}

/**
 * The bytes already on a question (its part, its answer, its messages; removed files not
 * counted) and those the given unbound uploads of the sender would add, read under the question's
 * advisory lock so two binds at once cannot both pass the per-question limit (ADR 085).
 */
export async function questionBytes(
  tx: Executor,
  input: { questionId: string; uploaderId: string; ids: readonly string[] },
) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`question-files:${input.questionId}`}))`,
  );
  const [bound] = await tx
    .select({ bytes: total(attachments.sizeBytes) })
    .from(attachments)
    .where(and(eq(attachments.questionId, input.questionId), isNull(attachments.removedAt)));
  const [adding] = await tx
    .select({ bytes: total(attachments.sizeBytes) })
    .from(attachments)
    .where(
      and(
        inArray(attachments.id, [...input.ids]),
        eq(attachments.uploaderId, input.uploaderId),
        isNull(attachments.questionId),
      ),
    );
  return { bound: bound?.bytes ?? 0, adding: adding?.bytes ?? 0 };
}

export async function findAttachment(db: Executor, id: string) {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
  return row ?? null;
}

/**
 * Binds the sender's own finished, unbound, unremoved uploads to a question's part (or one of its
 * messages). Returns how many it bound: fewer than asked means one id was not the sender's to
 * give, and the caller's transaction rolls back.
 */
export async function bindAttachments(
  tx: Executor,
  input: {
    ids: readonly string[];
    uploaderId: string;
    questionId: string;
    part: AttachmentPart;
    messageId?: string;
  },
): Promise<number> {
  if (input.ids.length === 0) return 0;
  const bound = await tx
    .update(attachments)
    .set({ questionId: input.questionId, part: input.part, messageId: input.messageId ?? null })
    .where(
      and(
        inArray(attachments.id, [...input.ids]),
        eq(attachments.uploaderId, input.uploaderId),
        isNull(attachments.questionId),
        isNull(attachments.removedAt),
      ),
    )
    .returning({ id: attachments.id });
  return bound.length;
}

/**
 * A review video (issue 38) is bound to its answer or message like any file, so every rule of
 * attachments holds for it, but the page shows it as the review, not again among the plain files.
 */
const notAReviewVideo = sql`not exists (select 1 from ${videoReviews} where ${videoReviews.videoAttachmentId} = ${attachments.id})`;

/** Every attachment of a question, its answer and its messages, oldest first. */
export const questionAttachments = (db: Executor, questionId: string) =>
  db
    .select()
    .from(attachments)
    .where(and(eq(attachments.questionId, questionId), notAReviewVideo))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));

/**
 * A review video's stored file replaced by its transcoded copy (ADR 090): the MP4, its poster as
 * the thumbnail, and the copy's own figures. Returns the keys it replaced, for deletion after.
 */
export async function replaceStoredFile(
  db: Executor,
  id: string,
  file: Pick<
    NewAttachment,
    | 'contentType'
    | 'sizeBytes'
    | 'storageKey'
    | 'thumbnailKey'
    | 'videoDurationMs'
    | 'videoFrameRate'
    | 'videoWidth'
    | 'videoHeight'
  >,
) {
  const [before] = await db
    .select({ storageKey: attachments.storageKey, thumbnailKey: attachments.thumbnailKey })
    .from(attachments)
    .where(eq(attachments.id, id));
  const updated = await db
    .update(attachments)
    .set(file)
    .where(and(eq(attachments.id, id), isNull(attachments.removedAt)))
    .returning({ id: attachments.id });
  if (!before || updated.length === 0) return null;
  return [before.storageKey, before.thumbnailKey].filter(
    (key): key is string => key !== null && key !== file.storageKey && key !== file.thumbnailKey,
  );
}

/** Who may read a question's attachments: its Player and its Coach's user; null if no question. */
export async function questionParticipants(db: Executor, questionId: string) {
  const [row] = await db
    .select({ playerId: questions.playerId, coachUserId: coaches.userId })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(eq(questions.id, questionId));
  return row ?? null;
}

/** Marks a person's files removed and returns their storage keys, for deletion after the commit. */
export async function markRemovedFor(tx: Executor, uploaderId: string, now: Date) {
  return tx
    .update(attachments)
    .set({ removedAt: now })
    .where(and(eq(attachments.uploaderId, uploaderId), isNull(attachments.removedAt)))
    .returning({ storageKey: attachments.storageKey, thumbnailKey: attachments.thumbnailKey });
}

/**
 * Marks one stored file removed (a reference clip the Coach deleted, ADR 091) and returns its
 * keys for deletion after the commit; nothing when it was removed already.
 */
export async function markRemoved(tx: Executor, id: string, now: Date) {
  return tx
    .update(attachments)
    .set({ removedAt: now })
    .where(and(eq(attachments.id, id), isNull(attachments.removedAt)))
    .returning({ storageKey: attachments.storageKey, thumbnailKey: attachments.thumbnailKey });
}

/**
 * What keeps an unbound file from the sweep: a Coach's reference library (ADR 091), and a video
 * review that uses it in any way (its recording, its source, its compared clip: a library clip
 * deleted by its Coach stays for the sent reviews that compare with it). The reviews' keys
 * restrict deletion, so one such file in the sweep's delete would fail the whole sweep.
 */
const keptByNothing = and(
  sql`not exists (select 1 from ${referenceClips} where ${referenceClips.attachmentId} = ${attachments.id})`,
  sql`not exists (select 1 from ${videoReviews} where ${attachments.id} in (${videoReviews.videoAttachmentId}, ${videoReviews.sourceAttachmentId}, ${videoReviews.compareAttachmentId}))`,
);

/**
 * Deletes finished uploads never sent with anything, older than `before`, except those a
 * library or a review keeps; returns their keys.
 */
export async function deleteUnboundBefore(db: Executor, before: Date) {
  return db
    .delete(attachments)
    .where(and(isNull(attachments.questionId), lt(attachments.createdAt, before), keptByNothing))
    .returning({ storageKey: attachments.storageKey, thumbnailKey: attachments.thumbnailKey });
}

/** The person's files as the data export lists them. */
export const attachmentsOf = (db: Executor, uploaderId: string) =>
  db
    .select({
      id: attachments.id,
      questionId: attachments.questionId,
      kind: attachments.kind,
      name: attachments.displayName,
      contentType: attachments.contentType,
      size: attachments.sizeBytes,
      createdAt: attachments.createdAt,
      removedAt: attachments.removedAt,
    })
    .from(attachments)
    .where(eq(attachments.uploaderId, uploaderId))
    .orderBy(asc(attachments.createdAt));

/** Bound attachments of one part, counted for the five-per-part rule. */
export async function countBound(
  tx: Executor,
  questionId: string,
  part: AttachmentPart,
  messageId?: string,
) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(attachments)
    .where(
      and(
        eq(attachments.questionId, questionId),
        eq(attachments.part, part),
        messageId ? eq(attachments.messageId, messageId) : isNull(attachments.messageId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * How many files came with the question itself, read in the payment's transaction for the
 * new-question e-mail (issue 23); the payments module reaches it here, as the index's routes lead
 * back to payments through the administrators' module.
 */
export const questionAttachmentCount = (tx: Executor, questionId: string) =>
  countBound(tx, questionId, 'question');
