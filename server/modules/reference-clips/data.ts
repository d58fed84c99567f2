import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { attachments, referenceClips, videoReviews } from '../../db/schema';

/**
 * The reference library's table (ADR 091), written only here (server/db/owners.ts). A clip is a
 * row naming one of the Coach's stored video uploads; the file itself stays the attachments
 * module's.
 */

/**
 * Serialises a Coach's additions until the commit, across processes, so two at once cannot both
 * take the library's last place.
 */
export async function lockLibrary(tx: Executor, ownerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reference-clips:${ownerId}`}))`);
}

export async function countClips(tx: Executor, ownerId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(referenceClips)
    .where(eq(referenceClips.ownerId, ownerId));
  return row?.n ?? 0;
}

/**
 * What the library needs to know of an upload before keeping it: whose and what it is, whether it
 * is sent or removed, and whether a library or a review already holds it. (Joined, not
 * subqueries in the selection: a one-table select drops the columns' table names.)
 */
export async function candidateUpload(tx: Executor, attachmentId: string) {
  const [row] = await tx
    .select({
      uploaderId: attachments.uploaderId,
      kind: attachments.kind,
      questionId: attachments.questionId,
      removedAt: attachments.removedAt,
      inLibrary: sql<boolean>`${referenceClips.id} is not null`,
      inReview: sql<boolean>`${videoReviews.id} is not null`,
    })
    .from(attachments)
    .leftJoin(referenceClips, eq(referenceClips.attachmentId, attachments.id))
    .leftJoin(videoReviews, eq(videoReviews.videoAttachmentId, attachments.id))
    .where(eq(attachments.id, attachmentId));
  return row ?? null;
}

export async function insertClip(
  tx: Executor,
  clip: { ownerId: string; attachmentId: string; name: string },
) {
  const [row] = await tx
    .insert(referenceClips)
    .values({ id: randomUUID(), ...clip })
    // A second request for the same upload that slipped past the check: it keeps nothing.
    .onConflictDoNothing({ target: referenceClips.attachmentId })
    .returning({ id: referenceClips.id });
  return row?.id ?? null;
}

/** The library's rows with their files, newest first. */
const clipsWithFiles = (db: Executor) =>
  db
    .select({ clip: referenceClips, file: attachments })
    .from(referenceClips)
    .innerJoin(attachments, eq(attachments.id, referenceClips.attachmentId));

export const ownClips = (db: Executor, ownerId: string) =>
  clipsWithFiles(db)
    .where(eq(referenceClips.ownerId, ownerId))
    .orderBy(desc(referenceClips.createdAt), desc(referenceClips.id));

/** One clip of the owner's; null for anyone else's, so it reads as not there. */
export async function ownClip(db: Executor, ownerId: string, clipId: string) {
  const [row] = await clipsWithFiles(db).where(
    and(eq(referenceClips.id, clipId), eq(referenceClips.ownerId, ownerId)),
  );
  return row ?? null;
}

export async function renameClip(tx: Executor, ownerId: string, clipId: string, name: string) {
  const rows = await tx
    .update(referenceClips)
    .set({ name })
    .where(and(eq(referenceClips.id, clipId), eq(referenceClips.ownerId, ownerId)))
    .returning({ id: referenceClips.id });
  return rows.length > 0;
}

/** Deletes one of the owner's clips; returns the upload it kept, or null if there was none. */
export async function deleteClip(tx: Executor, ownerId: string, clipId: string) {
  const [row] = await tx
    .delete(referenceClips)
    .where(and(eq(referenceClips.id, clipId), eq(referenceClips.ownerId, ownerId)))
    .returning({ attachmentId: referenceClips.attachmentId });
  return row?.attachmentId ?? null;
}

/**
 * Whether a Player may play this upload: a sent review compares with it, or it was sent with an
 * answer or a message (bound to a question). Then the file stays when the Coach takes it out of
 * their library. Read only; the reviews and the files are their modules'.
 */
export async function shownToAPlayer(tx: Executor, attachmentId: string) {
  const [bound] = await tx
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(eq(attachments.id, attachmentId), isNotNull(attachments.questionId)));
  const [compared] = await tx
    .select({ id: videoReviews.id })
    .from(videoReviews)
    .where(and(eq(videoReviews.compareAttachmentId, attachmentId), isNotNull(videoReviews.sentAt)))
    .limit(1);
  return bound !== undefined || compared !== undefined;
}

/** A deleted account's library goes in its deletion's transaction (the names are theirs). */
export async function deleteLibraryOf(tx: Executor, ownerId: string) {
  await tx.delete(referenceClips).where(eq(referenceClips.ownerId, ownerId));
}

/** The library as the data export lists it: what each clip is, never a link to it. */
export const libraryOf = (db: Executor, ownerId: string) =>
  db
    .select({
      name: referenceClips.name,
      attachmentId: referenceClips.attachmentId,
      size: attachments.sizeBytes,
      durationMs: attachments.videoDurationMs,
      addedAt: referenceClips.createdAt,
    })
    .from(referenceClips)
    .innerJoin(attachments, eq(attachments.id, referenceClips.attachmentId))
    .where(eq(referenceClips.ownerId, ownerId))
    .orderBy(asc(referenceClips.createdAt));
