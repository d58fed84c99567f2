import { z } from 'zod';
import {
  ATTACHMENT_NAME_MAX,
  ATTACHMENTS_PER_ITEM,
  QUESTION_ATTACHMENT_QUOTA_BYTES,
  UPLOAD_QUOTA_BYTES,
} from './limits';
import { DIRECTION_OVERRIDES } from './secure-input';

/** What an attachment is, decided from its bytes (issue 23). */
export const ATTACHMENT_KINDS = ['image', 'video', 'pdf'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** Where an attachment belongs once bound: the question, its answer, or a message of the thread. */
export const ATTACHMENT_PARTS = ['question', 'answer', 'message'] as const;
export type AttachmentPart = (typeof ATTACHMENT_PARTS)[number];

export const ATTACHMENT_MESSAGES = {
  label: 'Attach files',
  hint: `Up to ${ATTACHMENTS_PER_ITEM} files: photos (JPEG, PNG, WebP, HEIC), videos (MP4, MOV, WebM) or PDFs.`,
  wrongType:
    'This file type is not accepted. Send a photo (JPEG, PNG or WebP), a video (MP4, MOV or WebM) or a PDF.',
  heic: 'This HEIC photo could not be read. Please send it as a JPEG.',
  empty: 'This file is empty.',
  tooLarge: (what: string, megabytes: number) => `${what} can be at most ${megabytes} MB.`,
  tooManyPixels: 'This image is too large to process.',
  unreadable: 'This file could not be read. It may be damaged.',
  /** A video is cleaned of where and when it was filmed before anyone sees it (ADR 083). */
  videoUnreadable:
    'This video could not be read, so its hidden details (such as where it was filmed) could not be removed. Please send it as an MP4, MOV or WebM straight from your camera.',
  pdfProtected:
    'This PDF is password-protected, so its hidden details (such as its author) could not be removed. Please send an unprotected copy.',
  polyglot: 'This file hides another kind of content and cannot be sent.',
  tooMany: `You can attach at most ${ATTACHMENTS_PER_ITEM} files.`,
  /** The storage quotas' refusals (ADR 085), saying what is left. */
  accountQuota: (left: number) =>
    `You have ${formatStorage(left)} of your ${formatStorage(UPLOAD_QUOTA_BYTES)} of uploads for the last 24 hours left, not enough for this file. Remove files you have not sent, or try again later.`,
  questionQuota: (left: number) =>
    `This question's files can add up to ${formatStorage(QUESTION_ATTACHMENT_QUOTA_BYTES)}, and ${formatStorage(left)} is left: not enough for these files. Send fewer or smaller ones.`,
  notUsable: 'An attachment could not be used. Please upload it again.',
  stillUploading: 'Wait for your attachments to finish uploading.',
  uploadFailed: 'The upload failed. Please try again.',
  removed: 'Attachment removed',
  cancel: 'Cancel',
  remove: 'Remove',
  retry: 'Retry',
  download: 'Download',
  cannotPlay: 'This video cannot play in this browser.',
  /** Beside the picker's button (issue 36): the browser's own 'No file chosen' is hidden. */
  attachedCount: (count: number) => `${count} of ${ATTACHMENTS_PER_ITEM} attached`,
  preview: (name: string) => `Preview of ${name}`,
  uploaded: (size: string) => `Uploaded · ${size}`,
} as const;

const KB = 1024;
const MB = KB * KB;

/**
 * A file's size as people read it (issue 36): bytes, whole kilobytes, then megabytes with one
 * decimal, so a 15 KB photo no longer reads '0.0 MB'. Never rounds a non-empty file down to 0.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${Math.min(1023, Math.max(1, Math.round(bytes / KB)))} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

const GB = MB * KB;

/** A storage amount: gigabytes from one GB (a whole number without its '.0'), else as a file's size. */
export function formatStorage(bytes: number): string {
  if (bytes < GB) return formatFileSize(Math.max(0, bytes));
  return `${(bytes / GB).toFixed(1).replace(/\.0$/, '')} GB`;
}

/**
 * The ids of finished uploads a question, an answer or a message takes: at most five, each a
 * completed upload of the sender's own, checked by the server in the same transaction.
 */
export const attachmentIdsSchema = z
  .array(z.uuid({ message: ATTACHMENT_MESSAGES.notUsable }))
  .max(ATTACHMENTS_PER_ITEM, { message: ATTACHMENT_MESSAGES.tooMany })
  .default([]);

/**
 * A video's own figures, read from its file when it is stored (issue 38): the studio steps one
 * frame at `frameRate`. Each is null when the file could not say.
 */
export const videoFiguresSchema = z.object({
  durationMs: z.number().int().nullable(),
  frameRate: z.number().positive().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type VideoFigures = z.infer<typeof videoFiguresSchema>;

/** An attachment as its readers see it; the URLs are short-lived and signed. */
export const attachmentSchema = z.object({
  id: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  name: z.string().max(ATTACHMENT_NAME_MAX),
  contentType: z.string(),
  size: z.number().int(),
  /** Null once removed (its uploader's account was deleted). */
  url: z.string().nullable(),
  /** The same file as a download (Content-Disposition: attachment). */
  downloadUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  removed: z.boolean(),
  /** A video's figures; null for photos and PDFs. */
  video: videoFiguresSchema.nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** A question's attachments grouped by where they belong; messages by message id. */
export const questionAttachmentsSchema = z.object({
  question: z.array(attachmentSchema),
  answer: z.array(attachmentSchema),
  messages: z.record(z.string(), z.array(attachmentSchema)),
});
export type QuestionAttachments = z.infer<typeof questionAttachmentsSchema>;

/** What the upload's last response carries once the file is checked and stored. */
export const uploadedAttachmentSchema = z.object({
  id: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  name: z.string(),
  size: z.number().int(),
  /** A video's figures; null for photos and PDFs. */
  video: videoFiguresSchema.nullable(),
});
export type UploadedAttachment = z.infer<typeof uploadedAttachmentSchema>;

/** The tus endpoint: POST creates an upload, PATCH sends bytes, HEAD resumes, DELETE cancels. */
export const ATTACHMENT_UPLOAD_PATH = '/api/uploads';

/** C0 and C1 controls and DEL; the direction overrides go too, by the rule of every text. */
// eslint-disable-next-line no-control-regex -- removing control characters from a name is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A file's name for display only (never a path on disk): the last path segment, without control
 * or direction-override characters, trimmed to ATTACHMENT_NAME_MAX; 'file' when nothing is left.
 */
export function cleanAttachmentName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(CONTROL_CHARACTERS, '')
    .replace(DIRECTION_OVERRIDES, '')
    .replace(/\s+/g, ' ')
    .trim();
  const safe = cleaned === '.' || cleaned === '..' ? '' : cleaned;
  return (safe || 'file').slice(0, ATTACHMENT_NAME_MAX);
}
