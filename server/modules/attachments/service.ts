import {
  ATTACHMENT_MESSAGES,
  type Attachment,
  type AttachmentPart,
  type QuestionAttachments,
  type UploadedAttachment,
  type VideoFigures,
} from '../../../contracts/attachments';
import { ATTACHMENTS_PER_ITEM, QUESTION_ATTACHMENT_QUOTA_BYTES } from '../../../contracts/limits';
import {
  contentDisposition,
  type PrivateFiles,
  type StagedUpload,
} from '../../adapters/storage/private-files';
import type { ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import { badRequest } from '../../errors';
import {
  bindAttachments,
  countBound,
  deleteUnboundBefore,
  deleteUploadsInFlightBefore,
  insertAttachment,
  markRemoved,
  markRemovedFor,
  questionAttachments,
  questionBytes,
  type AttachmentRow,
} from './data';
import { cleanPdf, cleanVideo } from './clean';
import { inspectUpload, processImage } from './inspect';
import { signedPath, type LinkVariant } from './links';
import { readVideoFigures } from './video-figures';

type Deps = Pick<ServiceDeps, 'db' | 'attachmentFiles' | 'config'>;

const keyOf = (uploaderId: string, id: string, name: string) =>
  `attachments/${uploaderId}/${id}/${name}`;

/**
 * Checks a finished upload and stores it as an unbound attachment of its uploader: the type from
 * the bytes, then a cleaned copy (ADR 083) is all that is kept: photos re-encoded without metadata
 * plus a thumbnail, videos remuxed and PDFs re-saved without theirs. The original is never stored,
 * so no link can reach it. Runs before any transaction; throws the message to show (and stores
 * nothing) when the file is refused.
 */
export async function storeUpload(
  deps: Deps,
  upload: { id: string; uploaderId: string; staged: StagedUpload; name: string },
): Promise<UploadedAttachment> {
  const files = deps.attachmentFiles;
  const inspected = await inspectUpload(upload.staged, deps.config.ATTACHMENT_MAX_MB);
  let stored: {
    contentType: string;
    size: number;
    storageKey: string;
    thumbnailKey: string | null;
  };
  let video: VideoFigures | null = null;
  if (inspected.kind === 'image') {
    // A photo is at most ATTACHMENT_IMAGE_MAX_BYTES (checked above): sharp decodes it whole anyway.
    const image = await processImage(await upload.staged.read(0, inspected.size), inspected);
    const storageKey = keyOf(upload.uploaderId, upload.id, `file.${image.extension}`);
    const thumbnailKey = keyOf(upload.uploaderId, upload.id, 'thumb.jpg');
    await files.put(storageKey, image.body, image.contentType);
    await files.put(thumbnailKey, image.thumbnail, 'image/jpeg');
    stored = {
      contentType: image.contentType,
      size: image.body.length,
      storageKey,
      thumbnailKey,
    };
  } else {
    const storageKey = keyOf(upload.uploaderId, upload.id, `file.${inspected.extension}`);
    let size: number;
    if (inspected.kind === 'video') {
      size = await cleanVideo(upload.staged, inspected);
      // Read from the cleaned copy while it is still a local file (S3 uploads it next).
      video = await readVideoFigures(upload.staged.cleanedPath);
      await upload.staged.keepCleaned(storageKey, inspected.contentType);
    } else {
      // A PDF is at most ATTACHMENT_PDF_MAX_BYTES (checked above): pdf-lib parses it whole.
      const body = await cleanPdf(await upload.staged.read(0, inspected.size));
      await files.put(storageKey, body, inspected.contentType);
      size = body.length;
    }
    stored = { contentType: inspected.contentType, size, storageKey, thumbnailKey: null };
  }
  await insertAttachment(deps.db, {
    id: upload.id,
    uploaderId: upload.uploaderId,
    kind: inspected.kind,
    displayName: upload.name,
    contentType: stored.contentType,
    sizeBytes: stored.size,
    storageKey: stored.storageKey,
    thumbnailKey: stored.thumbnailKey,
    ...figureColumns(video),
  });
  return { id: upload.id, kind: inspected.kind, name: upload.name, size: stored.size, video };
}

/** A video's figures as the attachment's columns (all null for photos and PDFs). */
export const figureColumns = (video: VideoFigures | null) => ({
  videoDurationMs: video?.durationMs ?? null,
  videoFrameRate: video?.frameRate ?? null,
  videoWidth: video?.width ?? null,
  videoHeight: video?.height ?? null,
});

/** An attachment row's video figures, null for a photo or a PDF. */
export const figuresOf = (row: AttachmentRow): VideoFigures | null =>
  row.kind === 'video'
    ? {
        durationMs: row.videoDurationMs,
        frameRate: row.videoFrameRate,
        width: row.videoWidth,
        height: row.videoHeight,
      }
    : null;

/**
 * Binds finished uploads to a question, its answer or a message, inside the caller's transaction:
 * each must be the sender's own, finished and not yet bound, a part holds at most five, and the
 * question's files together at most QUESTION_ATTACHMENT_QUOTA_BYTES (ADR 085).
 * Anything else refuses the whole request, so nothing is sent with half its files.
 */
export async function bindUploads(
  tx: Executor,
  input: {
    ids: readonly string[];
    uploaderId: string;
    questionId: string;
    part: AttachmentPart;
    messageId?: string;
    /**
     * Review videos (issue 38): counted by REVIEWS_PER_ANSWER instead of the five files a part
     * holds, and bound after the part's files. Every other rule holds for them.
     */
    reviewVideos?: boolean;
  },
): Promise<void> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return;
  if (ids.length !== input.ids.length) throw badRequest(ATTACHMENT_MESSAGES.notUsable);
  if (!input.reviewVideos) {
    const already = await countBound(tx, input.questionId, input.part, input.messageId);
    if (already + ids.length > ATTACHMENTS_PER_ITEM) throw badRequest(ATTACHMENT_MESSAGES.tooMany);
  }
  const bytes = await questionBytes(tx, { ...input, ids });
  if (bytes.bound + bytes.adding > QUESTION_ATTACHMENT_QUOTA_BYTES) {
    throw badRequest(
      ATTACHMENT_MESSAGES.questionQuota(QUESTION_ATTACHMENT_QUOTA_BYTES - bytes.bound),
    );
  }
  const bound = await bindAttachments(tx, { ...input, ids });
  if (bound !== ids.length) throw badRequest(ATTACHMENT_MESSAGES.notUsable);
}

/** Which link an attachment of this kind opens with: PDFs always download, never display. */
const dispositionOf = (row: AttachmentRow, variant: LinkVariant) =>
  variant === 'download' || row.kind === 'pdf' ? 'attachment' : 'inline';

/** A signed, short-lived link to one variant of an attachment. */
async function linkTo(deps: Deps, row: AttachmentRow, variant: LinkVariant, expires: number) {
  const files = deps.attachmentFiles;
  if (files.driver === 'disk') return signedPath(deps.config, row.id, variant, expires);
  const thumb = variant === 'thumb';
  return files.presign({
    key: thumb && row.thumbnailKey ? row.thumbnailKey : row.storageKey,
    contentType: thumb ? 'image/jpeg' : row.contentType,
    disposition: dispositionOf(row, variant),
    fileName: row.displayName,
    expiresInSeconds: deps.config.ATTACHMENT_URL_TTL_SECONDS,
  });
}

async function present(deps: Deps, row: AttachmentRow, expires: number): Promise<Attachment> {
  const removed = row.removedAt !== null;
  return {
    id: row.id,
    kind: row.kind,
    name: removed ? ATTACHMENT_MESSAGES.removed : row.displayName,
    contentType: row.contentType,
    size: row.sizeBytes,
    removed,
    url: removed ? null : await linkTo(deps, row, 'file', expires),
    downloadUrl: removed ? null : await linkTo(deps, row, 'download', expires),
    thumbnailUrl: removed || !row.thumbnailKey ? null : await linkTo(deps, row, 'thumb', expires),
    video: removed ? null : figuresOf(row),
  };
}

/** One attachment with fresh signed links, for a reader the caller has already let in. */
export function withLinks(deps: Deps, row: AttachmentRow): Promise<Attachment> {
  return present(deps, row, Math.floor(Date.now() / 1000) + deps.config.ATTACHMENT_URL_TTL_SECONDS);
}

/**
 * A question's attachments with fresh signed links. The caller has checked that the reader is the
 * Player, the owning Coach or an administrator.
 */
export async function attachmentsOfQuestion(
  deps: Deps,
  questionId: string,
): Promise<QuestionAttachments> {
  const rows = await questionAttachments(deps.db, questionId);
  const expires = Math.floor(Date.now() / 1000) + deps.config.ATTACHMENT_URL_TTL_SECONDS;
  const result: QuestionAttachments = { question: [], answer: [], messages: {} };
  for (const row of rows) {
    const shown = await present(deps, row, expires);
    if (row.part === 'question') result.question.push(shown);
    else if (row.part === 'answer') result.answer.push(shown);
    else if (row.part === 'message' && row.messageId) {
      (result.messages[row.messageId] ??= []).push(shown);
    }
  }
  return result;
}

/** How a stored variant is served: its key, type and Content-Disposition header. */
export function servedAs(row: AttachmentRow, variant: LinkVariant) {
  if (variant === 'thumb') {
    return row.thumbnailKey
      ? { key: row.thumbnailKey, contentType: 'image/jpeg', disposition: 'inline' as const }
      : null;
  }
  return {
    key: row.storageKey,
    contentType: row.contentType,
    disposition: contentDisposition(dispositionOf(row, variant), row.displayName),
  };
}

/** Marks a deleted account's files removed, in the deletion's transaction; returns the keys. */
export async function removeAccountAttachments(tx: Executor, userId: string, now: Date) {
  const rows = await markRemovedFor(tx, userId, now);
  return rows.flatMap((r) => (r.thumbnailKey ? [r.storageKey, r.thumbnailKey] : [r.storageKey]));
}

/**
 * Marks one file removed in the caller's transaction (a reference clip its Coach deleted, ADR
 * 091); returns its keys for `deleteStoredFiles` after the commit.
 */
export async function removeAttachment(tx: Executor, id: string, now: Date) {
  const rows = await markRemoved(tx, id, now);
  return rows.flatMap((r) => (r.thumbnailKey ? [r.storageKey, r.thumbnailKey] : [r.storageKey]));
}

/** Deletes stored files after the commit that let go of them; a failure is logged, not thrown. */
export async function deleteStoredFiles(
  files: PrivateFiles,
  keys: readonly string[],
  logger: Pick<ServiceDeps['logger'], 'warn'>,
) {
  for (const key of keys) {
    await files
      .remove(key)
      .catch((err: unknown) => logger.warn({ err, key }, 'attachment file not removed'));
  }
}

/**
 * The sweep (ADR 059): finished uploads never sent with a question, answer or message are
 * deleted after ATTACHMENT_UPLOAD_EXPIRY_HOURS, row and files, and unfinished ones (which tus's
 * own sweep deletes) stop being recorded as in flight (ADR 085).
 */
export async function sweepUnboundAttachments(
  deps: Deps & Pick<ServiceDeps, 'logger'>,
  now = new Date(),
) {
  const before = new Date(now.getTime() - deps.config.ATTACHMENT_UPLOAD_EXPIRY_HOURS * 3600_000);
  await deleteUploadsInFlightBefore(deps.db, before);
  const rows = await deleteUnboundBefore(deps.db, before);
  const keys = rows.flatMap((r) =>
    r.thumbnailKey ? [r.storageKey, r.thumbnailKey] : [r.storageKey],
  );
  await deleteStoredFiles(deps.attachmentFiles, keys, deps.logger);
  return rows.length;
}
