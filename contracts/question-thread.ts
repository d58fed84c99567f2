import { z } from 'zod';
import { attachmentIdsSchema } from './attachments';
import { reviewIdsSchema } from './video-review';
import { secureText } from './secure-input';

/**
 * The conversation on a question (issue 23, ADR 058): the Coach asks for details before answering,
 * the Player replies; after the answer the Player sends one follow-up and the Coach answers it.
 * Who may send which kind, and when, is `playerActions` / `coachActions` in question-states.ts.
 */
export const MESSAGE_KINDS = [
  'clarification_request',
  'clarification_reply',
  'follow_up',
  'follow_up_answer',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A message's text: like an answer's, 1 to 5000 characters with the secure-input rules. */
export const MESSAGE_MAX_CHARS = 5000;

export const THREAD_MESSAGES = {
  bodyLength: `Message must be 1-${MESSAGE_MAX_CHARS} characters`,
  kindRequired: 'Please choose what kind of message this is.',
  sent: 'Message sent.',
  sendFailed: 'Failed to send the message. Please try again.',
  detailsLimit: 'You have already asked for details twice on this question.',
  detailsAfterAnswer: 'Details can only be asked for before the question is answered.',
  noRequest: 'There is no request for details to reply to.',
  replyClosed: 'Replies are only possible while the question waits for its answer.',
  followUpTaken: 'You have already sent your follow-up on this question.',
  followUpClosed:
    'A follow-up can only be sent after a paid answer, before the dispute window closes.',
  noFollowUp: 'There is no follow-up waiting for an answer.',
  disputeOpen: 'No messages can be sent while a dispute is open.',
  closed: 'This question is closed: no more messages can be sent.',
  coachOnly: 'Only the question’s Coach can do this.',
  ownMessage: 'You cannot report your own message.',
  messageNotFound: 'This message does not exist.',
} as const;

/** The buttons that open each form, and the form's field label (the names). */
export const MESSAGE_ACTIONS = {
  clarification_request: { button: 'Ask for details', label: 'What do you need to know?' },
  clarification_reply: { button: 'Reply', label: 'Your reply' },
  follow_up: { button: 'Ask a follow-up', label: 'Your follow-up question' },
  follow_up_answer: { button: 'Answer follow-up', label: 'Your answer to the follow-up' },
} as const satisfies Record<MessageKind, { button: string; label: string }>;

/** How each kind is headed in the thread. */
export const MESSAGE_KIND_LABELS = {
  clarification_request: 'Asked for details',
  clarification_reply: 'Replied',
  follow_up: 'Follow-up question',
  follow_up_answer: 'Answered the follow-up',
} as const satisfies Record<MessageKind, string>;

/**
 * A new message, with up to five finished uploads of the sender's (issue 23: "up to 5 files
 * each"), bound to the message in the transaction that adds it.
 */
export const sendMessageSchema = z.object({
  kind: z.enum(MESSAGE_KINDS, { message: THREAD_MESSAGES.kindRequired }),
  body: secureText({ max: MESSAGE_MAX_CHARS, message: THREAD_MESSAGES.bodyLength }),
  attachmentIds: attachmentIdsSchema,
  /** Video review drafts (issue 38): only a follow-up's answer carries them. */
  reviewIds: reviewIdsSchema,
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** One message as the question page shows it. */
export const threadMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  authorRole: z.enum(['asker', 'expert']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/**
 * The conversation in time order around the answer (ADR 058): the messages sent before it (details
 * asked and replies), then those after it (the follow-up and its answer). Every view of a thread,
 * the question page and the administrator's, places them so.
 */
export function aroundAnswer<M extends { createdAt: string }>(
  messages: readonly M[],
  answeredAt: string | null,
): { before: M[]; after: M[] } {
  return {
    before: messages.filter((m) => !answeredAt || m.createdAt <= answeredAt),
    after: messages.filter((m) => answeredAt !== null && m.createdAt > answeredAt),
  };
}
