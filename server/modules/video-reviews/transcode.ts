import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { PrivateFiles } from '../../adapters/storage/private-files';
import type { ServiceDeps } from '../../context';
import { transaction } from '../../db/unit-of-work';
import {
  deleteStoredFiles,
  figureColumns,
  findAttachment,
  readVideoFigures,
  replaceStoredFile,
  type AttachmentRow,
} from '../attachments';
import { findQuestion } from '../question-records';
import {
  claimNextTranscode,
  failStaleTranscodes,
  markFailed,
  markReady,
  setProgress,
  type VideoReviewRow,
} from './data';
import { FfmpegMissing, posterFrame, transcodeToMp4 } from './ffmpeg';

export type TranscodeDeps = Pick<ServiceDeps, 'db' | 'bus' | 'attachmentFiles' | 'config'> & {
  logger: Pick<ServiceDeps['logger'], 'info' | 'warn' | 'error'>;
};

/** The job's name in the queue (ADR 050). */
export const TRANSCODE_JOB = 'video-review-transcode';
/** How often each process asks for a run: a review waits at most this long to start. */
export const TRANSCODE_INTERVAL_MS = 2000;
/** Progress is written in steps of this many percent: a few writes a transcode, not hundreds. */
const PROGRESS_STEP = 5;
/**
 * A transcode claimed this long ago and still processing lost its process (a run is cut at the
 * queue's 10 minutes, and one is at most REVIEW_MAX_SECONDS at ≥ 1× real time): it fails, and the
 * Coach records again. Generous, so a backlog waiting its turn is never failed.
 */
const STALE_AFTER_MS = 3 * 60 * 60_000;

/**
 * The stored recording as a local file ffmpeg reads: the file itself on disk; on S3 a download
 * through a presigned GET into `dir`, streamed, never held in memory.
 */
async function localCopy(files: PrivateFiles, row: AttachmentRow, dir: string) {
  const local = await files.local(row.storageKey);
  if (local) return local.path;
  const url = await files.presign({
    key: row.storageKey,
    contentType: row.contentType,
    disposition: 'inline',
    fileName: row.displayName,
    expiresInSeconds: 15 * 60,
  });
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`download failed: ${response.status}`);
  const target = path.join(dir, 'recording');
  await pipeline(
    Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>),
    createWriteStream(target),
  );
  return target;
}

const keyOf = (row: AttachmentRow, name: string) =>
  `attachments/${row.uploaderId}/${row.id}/${name}`;

/**
 * Transcodes one review's recording (ADR 090) and replaces the attachment's stored file with the
 * MP4, its poster as the thumbnail; then the review is ready and both people's question pages
 * hear of it. Any failure marks the review failed, with one log line saying why; temporary files
 * are always removed, and a stored copy the database never took is deleted again.
 */
export async function transcodeReview(deps: TranscodeDeps, review: VideoReviewRow) {
  const files = deps.attachmentFiles;
  const dir = await mkdtemp(path.join(tmpdir(), 'playbook-review-'));
  // Written where the storage keeps a local file from (disk: beside the uploads; S3: streamed up).
  const staging = files.staged(`review-${randomUUID()}`);
  const stored: string[] = [];
  try {
    const row = await findAttachment(deps.db, review.videoAttachmentId);
    if (!row || row.removedAt) throw new Error('the recording is gone');
    const input = await localCopy(files, row, dir);
    const durationMs = row.videoDurationMs ?? 0;
    let written = 0;
    await transcodeToMp4(input, staging.cleanedPath, durationMs, (fraction) => {
      const step = Math.floor((fraction * 100) / PROGRESS_STEP) * PROGRESS_STEP;
      if (step > written && step < 100) {
        written = step;
        void setProgress(deps.db, review.id, step).catch(() => undefined);
      }
    });
    const posterPath = path.join(dir, 'poster.jpg');
    await posterFrame(staging.cleanedPath, posterPath, durationMs);
    const figures = await readVideoFigures(staging.cleanedPath);
    const { size } = await stat(staging.cleanedPath);
    const videoKey = keyOf(row, `review-${review.id}.mp4`);
    const posterKey = keyOf(row, `poster-${review.id}.jpg`);
    await files.put(posterKey, await readFile(posterPath), 'image/jpeg');
    stored.push(posterKey);
    await staging.keepCleaned(videoKey, 'video/mp4');
    stored.push(videoKey);
    const question = await findQuestion(deps.db, review.questionId);
    const replaced = await transaction(deps, async (tx, changes) => {
      const old = await replaceStoredFile(tx, row.id, {
        contentType: 'video/mp4',
        sizeBytes: size,
        storageKey: videoKey,
        thumbnailKey: posterKey,
        ...figureColumns(figures),
      });
      if (!old) throw new Error('the recording was removed meanwhile');
      await markReady(tx, review.id, figures.durationMs ?? durationMs);
      if (question) {
        changes.raise('questions.changed', {
          questionId: question.question.id,
          coachUserId: question.coachUserId,
          playerId: question.question.playerId,
        });
      }
      return old;
    });
    stored.length = 0;
    await deleteStoredFiles(files, replaced, deps.logger);
  } catch (error) {
    await markFailed(deps.db, review.id);
    await deleteStoredFiles(files, stored, deps.logger);
    if (error instanceof FfmpegMissing) {
      deps.logger.error({ reviewId: review.id }, error.message);
    } else {
      deps.logger.error({ err: error, reviewId: review.id }, 'video review could not be prepared');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(staging.cleanedPath, { force: true });
  }
}

/**
 * The job's run: fails transcodes whose process died, then claims the oldest waiting review and
 * transcodes it. One a run, so each process prepares one video at a time on its cores; the next
 * run comes TRANSCODE_INTERVAL_MS later. Returns the review's id, or null when none waited.
 */
export async function transcodeNextReview(deps: TranscodeDeps, now = new Date()) {
  const stale = await failStaleTranscodes(deps.db, new Date(now.getTime() - STALE_AFTER_MS));
  for (const { id } of stale) deps.logger.error({ reviewId: id }, 'video review transcode lost');
  const review = await claimNextTranscode(deps.db);
  if (!review) return null;
  await transcodeReview(deps, review);
  return review.id;
}
