/**
 * The words of a review's answer side (issue 38): the drafts in the Coach's answer forms, the sent
 * reviews on the question page and the interactive review the Player replays. The studio's and the
 * shared words are REVIEW_MESSAGES (contracts/video-review.ts).
 */
export const REVIEW_PLAYER_MESSAGES = {
  /** The answer forms' list of the Coach's unsent reviews. */
  draftsHeading: 'Video reviews',
  draftsHint: 'Reviews you recorded in the studio are sent with this answer.',
  draftsLoading: 'Loading your video reviews…',
  draftsFailed: 'Your video reviews could not be loaded. You can still send your answer.',
  draft: 'Video review',
  draftLabel: (duration: string) => `Video review (${duration})`,
  remove: 'Remove',
  removeFailed: 'This video review could not be removed. Please try again.',
  download: 'Download',
  /** The interactive review. */
  title: 'Interactive video review',
  backToQuestion: 'Back to the question',
  play: 'Play',
  pause: 'Pause',
  previousFrame: 'Previous frame',
  nextFrame: 'Next frame',
  speed: 'Speed',
  speedOption: (speed: number) => `${speed}×`,
  position: 'Position',
  mainClip: "The Player's clip",
  comparedClip: 'Compared clip',
  loadFailed: 'This video review could not be loaded right now.',
  notFound: 'This video review does not exist.',
  sourceRemoved: 'The clip this review is about was removed.',
} as const;

/**
 * The question page as the studio leaves it once a review is added to the Coach's answer: the
 * answer form (the Respond dialog, or the follow-up's answer) opens with its drafts listed.
 */
export const REVIEW_ADDED_PARAM = 'review';
export const reviewAddedPath = (questionId: string) =>
  `/questions/${encodeURIComponent(questionId)}?${REVIEW_ADDED_PARAM}=added`;
