import { COACH_SHARE_PERCENT, PLATFORM_SHARE_PERCENT } from './money';

/**
 * What the question pages and the report forms say, without the schemas of `questions.ts`: the
 * Coach's public page reports a review with these reasons and messages and must not load zod
 * (ADR 073).
 */
export const QUESTION_MESSAGES = {
  /** A refund before the deadline: an administrator's, or the Coach's suspension or deletion. */
  refundedEarly: 'This question has been refunded in full.',
  nameLength: 'Name must be 1-100 characters',
  questionLength: 'Question must be 10-5000 characters',
  contextLength: 'Context must be at most 2000 characters',
  pledgeRequired: 'Please confirm your question is respectful and on-topic.',
  consentsRequired: {
    title: 'Legal Agreement Required',
    description: 'Please accept the Terms of Service, Privacy Policy and how your fee is shared.',
  },
  coachCannotAsk: 'Coaches cannot ask questions. Switch to player mode to ask a question.',
  cannotAskYourself: 'You cannot ask yourself a question.',
  submitFailed: 'Failed to submit question. Please try again.',
  answerRequired: 'Your answer cannot be empty.',
  responseSubmitted: {
    title: 'Response submitted!',
    description: 'Your answer has been saved and a payout has been created.',
  },
  responseFailed: 'Failed to submit response. Please try again.',
  notAnswerable: 'This question can no longer be answered.',
  notFound: {
    title: 'Question not found:',
    description: "The question you're looking for doesn't exist.",
  },
  accessRestricted: "You don't have permission to view this question.",
  loadFailed: 'Failed to load question.',
  ratingThanks: (helpful: boolean) => ({
    title: 'Thank you for your feedback!',
    description: `You rated this response as ${helpful ? 'helpful' : 'not helpful'}.`,
  }),
  ratingFailed: 'Failed to submit rating. Please try again.',
  reviewFailed: 'Failed to submit review. Please try again.',
  reportSubmitted: {
    title: 'Report Submitted:',
    description: "Thank you for your report. We'll review it promptly.",
  },
  reportFailed: 'Failed to submit report. Please try again.',
  disputeFlagged: {
    title: 'Dispute Flagged:',
    description: 'This question has been flagged for review. Further edits are disabled.',
  },
  disputeFailed: 'Failed to flag dispute. Please try again.',
  noAnswerYet: 'This question has not been answered yet.',
  disputeLocked: 'This question has been flagged for review. No further changes can be made.',
  playerOnly: 'Only the Player who asked can do this.',
} as const;

/**
 * The payment box of an answered, paid question (issue 36): after a partial refund it says what
 * went back and what was kept, with the receipt's lines, instead of 'Payment Complete'.
 */
export const PAYMENT_BOX = {
  completeTitle: 'Payment Complete',
  partlyRefundedTitle: 'Payment Partly Refunded',
  paid: (isPlayer: boolean, fee: string) =>
    isPlayer
      ? `Your ${fee} consultation fee has been paid.`
      : `The Player has paid the ${fee} consultation fee.`,
  partlyRefunded: (isPlayer: boolean, refunded: string, kept: string) =>
    isPlayer
      ? `${refunded} of your consultation fee was refunded to you; ${kept} was kept for the answer.`
      : `${refunded} of the consultation fee was refunded to the Player; ${kept} was kept for the answer.`,
  refundOnItsWay: 'The refund is on its way back to the card.',
} as const;

/**
 * The other questions between the same Player and Coach (spec §2's thread), split around the one
 * on the page, which is not listed under itself (issue 36).
 */
export const QUESTION_THREAD_HEADINGS = {
  previous: 'Previous Questions',
  later: 'Later Questions',
} as const;

/**
 * What a Player agrees to about money when asking (issue 36): how their fee is shared, not the
 * Revenue Agreement, which is the Coaches' (how they are paid). Spec §5's revenue-split consent.
 */
export const PLAYER_FEE_SHARE_CONSENT = `and that the Coach receives ${COACH_SHARE_PERCENT}% of my fee and Playbook keeps ${PLATFORM_SHARE_PERCENT}%`;

export const REPORT_REASONS = [
  { value: 'harassment', label: 'Harassment' },
  { value: 'inappropriate', label: 'Inappropriate content' },
  { value: 'spam', label: 'Spam' },
  { value: 'scam', label: 'Scam or fraud' },
  { value: 'other', label: 'Other' },
] as const;
