import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AttachmentPart } from '../../../contracts/attachments';
import type { Executor } from '../../db/client';
import { attachments, coaches, questions } from '../../db/schema';

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = typeof attachments.$inferInsert;

export async function insertAttachment(db: Executor, row: NewAttachment) {
  await db.insert(attachments).values(row);
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

/** Every attachment of a question, its answer and its messages, oldest first. */
export const questionAttachments = (db: Executor, questionId: string) =>
  db
    .select()
    .from(attachments)
    .where(eq(attachments.questionId, questionId))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));

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

/** Deletes finished uploads never sent with anything, older than `before`; returns their keys. */
export async function deleteUnboundBefore(db: Executor, before: Date) {
  return db
    .delete(attachments)
    .where(and(isNull(attachments.questionId), lt(attachments.createdAt, before)))
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
