import type { MessageKind } from '../../../contracts/question-thread';
import { questionPagePath, type QuestionPagePlace } from '../../../contracts/question-page-places';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { queueMail } from '../mail';
import type { moneyMailSubject } from '../payments';
import { reviewLines, type SentReview } from '../video-reviews';

type Subject = Awaited<ReturnType<typeof moneyMailSubject>>;

/** A long message is cut in the e-mail: the page has the whole of it. */
const EXCERPT_CHARS = 500;
const excerpt = (text: string) =>
  text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;

/**
 * Each message kind's e-mail: who it goes to, what it says, the button (ADR 058), and the place on
 * the question page the button opens where the reader has something to do there (issue 36).
 */
const TEMPLATES = {
  clarification_request: {
    kind: 'details-asked',
    to: 'player',
    subject: (s: Subject) => `${s.coachName} asked for details about your question`,
    lead: (s: Subject) => `${s.coachName} needs a little more to answer your question:`,
    button: 'Reply to your Coach',
    place: 'conversation',
  },
  clarification_reply: {
    kind: 'details-replied',
    to: 'coach',
    subject: (s: Subject) => `${s.playerName} replied with the details you asked for`,
    lead: (s: Subject) => `${s.playerName} replied to your request for details:`,
    button: 'View the question',
    // The details are in: what is left is the answer.
    place: 'respond',
  },
  follow_up: {
    kind: 'follow-up',
    to: 'coach',
    subject: (s: Subject) => `${s.playerName} sent a follow-up question`,
    lead: (s: Subject) => `${s.playerName} has a follow-up to your answer:`,
    button: 'Answer the follow-up',
    place: 'conversation',
  },
  follow_up_answer: {
    kind: 'follow-up-answered',
    to: 'player',
    subject: (s: Subject) => `${s.coachName} answered your follow-up`,
    lead: (s: Subject) => `${s.coachName} answered your follow-up question:`,
    button: 'View the answer',
    place: undefined,
  },
} as const satisfies Record<
  MessageKind,
  { place: QuestionPagePlace | undefined; [more: string]: unknown }
>;

/** The other side hears of a new message, in the message's transaction (sent only if it commits). */
export async function queueMessageMail(
  tx: Executor,
  config: Config,
  s: Subject,
  message: { kind: MessageKind; body: string },
  reviews: readonly SentReview[] = [],
) {
  const t = TEMPLATES[message.kind];
  const toPlayer = t.to === 'player';
  await queueMail(tx, config, {
    kind: t.kind,
    to: toPlayer ? s.playerEmail : s.coachEmail,
    subject: t.subject(s),
    greeting: `Hi ${toPlayer ? s.playerName : s.coachName},`,
    paragraphs: [
      t.lead(s),
      `“${excerpt(message.body)}”`,
      // A follow-up's answer may carry video reviews (issue 38); the button opens them.
      ...reviewLines(reviews),
      `The question: “${excerpt(s.question)}”`,
    ],
    action: {
      label: t.button,
      url: `${config.PUBLIC_URL}${questionPagePath(s.questionId, t.place)}`,
    },
  });
}
