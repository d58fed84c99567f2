import type { Logger } from 'pino';
import {
  ffmpegInstalled,
  FFMPEG_MISSING,
  TRANSCODE_INTERVAL_MS,
  TRANSCODE_JOB,
  transcodeNextReview,
  type TranscodeDeps,
} from '../modules/video-reviews';
import type { Job } from './queue';

/**
 * The review videos' transcode (ADR 090), a job every process runs: each run prepares the oldest
 * review waiting, claimed from its row, so any number of processes may run it at once. Without
 * ffmpeg the server still starts, and says once how to install it; a review then fails.
 */
export function videoReviewJobs(deps: TranscodeDeps, logger: Pick<Logger, 'warn'>): Job[] {
  void ffmpegInstalled().then((installed) => {
    if (!installed) logger.warn(FFMPEG_MISSING);
  });
  return [
    {
      name: TRANSCODE_JOB,
      intervalMs: TRANSCODE_INTERVAL_MS,
      run: () => transcodeNextReview(deps),
    },
  ];
}
