/**
 * The video-reviews module's public surface (issue 38, ADR 090): its routes, its transcode job's
 * run, the sending of drafts inside an answer's transaction, and what the e-mails and the data
 * export read of a person's reviews.
 */
export { videoReviewRoutes } from './routes';
export { reviewLines, sendReviews, type SentReview } from './service';
export { reviewsBy } from './data';
export { ffmpegInstalled, FFMPEG_MISSING } from './ffmpeg';
export {
  TRANSCODE_INTERVAL_MS,
  TRANSCODE_JOB,
  transcodeNextReview,
  type TranscodeDeps,
} from './transcode';
