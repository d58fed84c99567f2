import { randomUUID } from 'node:crypto';
import { joined } from '../../../contracts/messages';
import { coachActions, questionStateOf, threadFactsOf } from '../../../contracts/question-states';
import { THREAD_MESSAGES } from '../../../contracts/question-thread';
import { QUESTION_MESSAGES } from '../../../contracts/questions';
import {
  REVIEW_MAX_SECONDS,
  REVIEW_MESSAGES,
  REVIEWS_PER_ANSWER,
  formatDuration,
  type ReviewClip,
  type ReviewDocument,
  type ReviewDraftInput,
  type VideoReview,
} from '../../../contracts/video-review';
import type { ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/unit-of-work';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { bindUploads, findAttachment, withLinks, type AttachmentRow } from '../attachments';
import type { SessionUser } from '../auth';
import type { MailImage, MailParagraph } from '../mail';
import { findQuestion } from '../question-records';
import {
  countUnsentDrafts,
  deleteDraft as deleteDraftRow,
  insertDraft,
  lockDrafts,
  markSent,
  ownReferenceClip,
  referenceClipName,
  reviewOfVideo,
  reviewsOfQuestion,
  findReview,
  type VideoReviewRow,
} from './data';
import { posterWidth } from './ffmpeg';

type Deps = Pick<ServiceDeps, 'db' | 'bus' | 'attachmentFiles' | 'config'>;

const conflict = (message: string) => new AppError(409, message);
const questionNotFound = () => notFound(joined(QUESTION_MESSAGES.notFound));
/**
 * A recording may run this much past REVIEW_MAX_SECONDS: the studio stops at the limit, and a
 * container's duration (its last frame's end) can round a few milliseconds over it.
 */
const DURATION_GRACE_MS = 1000;

/** The question and who the user is to it; a stranger learns nothing, as question reads do. */
async function questionFor(db: Executor, user: SessionUser, questionId: string) {
  const row = await findQuestion(db, questionId);
  if (!row) throw questionNotFound();
  const role =
    row.coachUserId === user.id ? 'coach' : row.question.playerId === user.id ? 'player' : null;
  if (!role) throw questionNotFound();
  return { ...row, role };
}

type QuestionRow = NonNullable<Awaited<ReturnType<typeof findQuestion>>>;

/** Whether the Coach can still answer: the question itself, or the Player's follow-up. */
function answerable(q: QuestionRow['question']) {
  const thread = threadFactsOf([], {
    until: q.followUpUntil,
    answered: q.followUpAnsweredAt !== null,
  });
  const may = coachActions(questionStateOf(q, null, thread));
  return may.answer || may.answerFollowUp;
}

const usableVideo = (row: AttachmentRow | null): row is AttachmentRow =>
  !!row && row.kind === 'video' && row.removedAt === null;

/** The recording: the Coach's own finished video, not yet sent, not in a review or the library. */
async function checkRecording(db: Executor, coachUserId: string, id: string) {
  const row = await findAttachment(db, id);
  if (!row || row.uploaderId !== coachUserId || row.questionId !== null || row.removedAt) {
    throw badRequest(REVIEW_MESSAGES.notUsable);
  }
  if (row.kind !== 'video') throw badRequest(REVIEW_MESSAGES.notAVideo);
  if ((await reviewOfVideo(db, id)) || (await ownReferenceClip(db, coachUserId, id))) {
    throw badRequest(REVIEW_MESSAGES.notUsable);
  }
  if (row.videoDurationMs === null) throw badRequest(REVIEW_MESSAGES.notUsable);
  if (row.videoDurationMs > REVIEW_MAX_SECONDS * 1000 + DURATION_GRACE_MS) {
    throw badRequest(REVIEW_MESSAGES.tooLong);
  }
  return row;
}

/** The clips the document names: the Player's video of this question, and the compared one. */
async function checkClips(db: Executor, q: QuestionRow, document: ReviewDocument) {
  const source = await findAttachment(db, document.sourceAttachmentId);
  const players =
    usableVideo(source) &&
    source.questionId === q.question.id &&
    source.uploaderId === q.question.playerId;
  if (!players) throw badRequest(REVIEW_MESSAGES.notUsable);
  const compare = document.compare;
  if (!compare) return null;
  const clip = await findAttachment(db, compare.attachmentId);
  if (compare.origin === 'question') {
    if (!usableVideo(clip) || clip.questionId !== q.question.id) {
      throw badRequest(REVIEW_MESSAGES.notUsable);
    }
  } else if (!usableVideo(clip) || !(await ownReferenceClip(db, q.coachUserId, clip.id))) {
    throw badRequest(REVIEW_MESSAGES.clipNotFound);
  }
  return clip.id;
}

/**
 * Saves a recorded review as a draft of the Coach's next answer on the question (issue 38): the
 * Coach only, while they can answer it or its follow-up; the recording their own finished video
 * of at most REVIEW_MAX_SECONDS; the clips the question's (the Player's video, and a compared one
 * of the question's or of the Coach's library); at most REVIEWS_PER_ANSWER drafts waiting. The
 * transcode job (ADR 090) picks it up from its row.
 */
export async function createDraft(
  deps: Deps,
  user: SessionUser,
  questionId: string,
  input: ReviewDraftInput,
): Promise<VideoReview> {
  const q = await questionFor(deps.db, user, questionId);
  if (q.role !== 'coach') throw forbidden(THREAD_MESSAGES.coachOnly);
  if (!answerable(q.question)) throw conflict(QUESTION_MESSAGES.notAnswerable);
  await checkRecording(deps.db, user.id, input.videoAttachmentId);
  const compareId = await checkClips(deps.db, q, input.document);
  const row = await transaction(deps, async (tx) => {
    // Counted under the question's lock: two drafts at once cannot both be the last allowed.
    if ((await countUnsentDrafts(tx, q.question.id, user.id)) >= REVIEWS_PER_ANSWER) {
      throw badRequest(REVIEW_MESSAGES.tooMany);
    }
    return insertDraft(tx, {
      id: randomUUID(),
      questionId: q.question.id,
      authorId: user.id,
      videoAttachmentId: input.videoAttachmentId,
      sourceAttachmentId: input.document.sourceAttachmentId,
      compareAttachmentId: compareId,
      document: input.document,
    });
  }).catch((error: unknown) => {
    // The recording's unique index: the same recording sent twice at once.
    if ((error as { code?: unknown; cause?: { code?: unknown } }).code === '23505') {
      throw badRequest(REVIEW_MESSAGES.notUsable);
    }
    if ((error as { cause?: { code?: unknown } }).cause?.code === '23505') {
      throw badRequest(REVIEW_MESSAGES.notUsable);
    }
    throw error;
  });
  return present(deps, row);
}

/** A clip the review plays, with a fresh signed link ("Attachment removed" once removed). */
async function clipOf(deps: Deps, id: string, origin: ReviewClip['origin']): Promise<ReviewClip> {
  const row = await findAttachment(deps.db, id);
  if (!row) throw new Error(`video review clip ${id} has no attachment`);
  const shown = await withLinks(deps, row);
  const libraryName =
    origin === 'reference' && !shown.removed ? await referenceClipName(deps.db, id) : null;
  return {
    attachmentId: row.id,
    origin,
    name: libraryName ?? shown.name,
    url: shown.url,
    frameRate: shown.video?.frameRate ?? null,
    durationMs: shown.video?.durationMs ?? null,
  };
}

/** A review as its readers see it: the video and poster once ready, every clip signed. */
async function present(deps: Deps, row: VideoReviewRow): Promise<VideoReview> {
  const document = row.document as ReviewDocument;
  const video = await findAttachment(deps.db, row.videoAttachmentId);
  const shown = video ? await withLinks(deps, video) : null;
  const ready = row.status === 'ready' && shown !== null;
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    sentAt: row.sentAt?.toISOString() ?? null,
    messageId: row.messageId,
    durationMs: row.durationMs,
    videoUrl: ready ? shown.url : null,
    downloadUrl: ready ? shown.downloadUrl : null,
    posterUrl: ready ? shown.thumbnailUrl : null,
    source: await clipOf(deps, row.sourceAttachmentId, 'question'),
    compare:
      row.compareAttachmentId && document.compare
        ? await clipOf(deps, row.compareAttachmentId, document.compare.origin)
        : null,
    document,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The question's reviews for the reader: its Coach sees their drafts and the sent reviews, its
 * Player the sent ones only; anyone else is told the question does not exist.
 */
export async function listReviews(deps: Deps, user: SessionUser, questionId: string) {
  const q = await questionFor(deps.db, user, questionId);
  const rows = await reviewsOfQuestion(deps.db, q.question.id, q.role === 'coach' ? user.id : null);
  return { reviews: await Promise.all(rows.map((row) => present(deps, row))) };
}

/**
 * Deletes a draft not yet sent. Its recording stays an unbound upload of the Coach's, which the
 * sweep of unsent uploads removes after ATTACHMENT_UPLOAD_EXPIRY_HOURS (ADR 059).
 */
export async function deleteDraft(
  deps: Deps,
  user: SessionUser,
  questionId: string,
  reviewId: string,
) {
  const q = await questionFor(deps.db, user, questionId);
  if (q.role !== 'coach') throw forbidden(THREAD_MESSAGES.coachOnly);
  const review = await findReview(deps.db, reviewId);
  if (!review || review.questionId !== q.question.id || review.sentAt !== null) {
    throw notFound(REVIEW_MESSAGES.notUsable);
  }
  const deleted = await transaction(deps, (tx) => deleteDraftRow(tx, reviewId, user.id));
  if (!deleted) throw notFound(REVIEW_MESSAGES.notUsable);
}

/** A review an answer sent, as its e-mail tells of it: its length and its poster frame. */
export interface SentReview {
  id: string;
  durationMs: number;
  /** The poster's stored file (the recording's thumbnail, ADR 090); null if it has none. */
  poster: MailImage | null;
}

/**
 * The e-mail's line for each review sent, "Your Coach sent a video review (3:12)" (issue 38), with
 * its poster frame under it, carried inside the message (ADR 093).
 */
export const reviewLines = (reviews: readonly SentReview[]): MailParagraph[] =>
  reviews.map((review) => {
    const text = REVIEW_MESSAGES.sentLine(formatDuration(review.durationMs));
    return review.poster ? { text, image: review.poster } : text;
  });

/** The poster of a ready review's video, as the e-mail carries it. */
async function posterOf(tx: Executor, videoAttachmentId: string): Promise<MailImage | null> {
  const video = await findAttachment(tx, videoAttachmentId);
  if (!video?.thumbnailKey || video.removedAt) return null;
  return {
    key: video.thumbnailKey,
    // The transcode stores every poster as a JPEG (ADR 090).
    contentType: 'image/jpeg',
    filename: 'video-review.jpg',
    width: posterWidth(video.videoWidth),
  };
}

/**
 * Sends the Coach's drafts with their answer (`messageId` null) or the follow-up's answer (its
 * message), inside that answer's transaction: each must be this Coach's unsent draft on this
 * question, ready (still processing: 409); each recording is bound to the answer or the message
 * like any file, so every attachment rule holds for it (signed links, quota, deletion with the
 * account, the export). Anything else refuses the whole answer.
 */
export async function sendReviews(
  tx: Executor,
  input: {
    ids: readonly string[];
    coachUserId: string;
    questionId: string;
    messageId: string | null;
    at: Date;
  },
): Promise<SentReview[]> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return [];
  if (ids.length !== input.ids.length) throw badRequest(REVIEW_MESSAGES.notUsable);
  const rows = await lockDrafts(tx, ids);
  const mine = rows.filter(
    (r) => r.questionId === input.questionId && r.authorId === input.coachUserId && !r.sentAt,
  );
  if (mine.length !== ids.length) throw badRequest(REVIEW_MESSAGES.notUsable);
  if (mine.some((r) => r.status === 'processing')) throw conflict(REVIEW_MESSAGES.notReady);
  if (mine.some((r) => r.status !== 'ready' || r.durationMs === null)) {
    throw badRequest(REVIEW_MESSAGES.notUsable);
  }
  await bindUploads(tx, {
    ids: mine.map((r) => r.videoAttachmentId),
    uploaderId: input.coachUserId,
    questionId: input.questionId,
    part: input.messageId ? 'message' : 'answer',
    messageId: input.messageId ?? undefined,
    reviewVideos: true,
  });
  await markSent(tx, ids, { at: input.at, messageId: input.messageId });
  const sent: SentReview[] = [];
  for (const r of mine) {
    sent.push({
      id: r.id,
      durationMs: r.durationMs ?? 0,
      poster: await posterOf(tx, r.videoAttachmentId),
    });
  }
  return sent;
}
