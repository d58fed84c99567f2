import type { Attachment, QuestionAttachments } from '@contracts/attachments';
import { MESSAGE_KIND_LABELS } from '@contracts/question-thread';
import type { QuestionDetail } from '@contracts/questions';

/** One of the Player's videos the studio can open, named by where it was sent. */
export interface PlayerVideo {
  file: Attachment;
  label: string;
}

const playable = (file: Attachment) => file.kind === 'video' && !file.removed && file.url !== null;

/**
 * The Player's videos on the question (issue 38): the question's own, then those of their
 * clarification replies and follow-up, in the conversation's order.
 */
export function playerVideos(q: QuestionDetail, files: QuestionAttachments): PlayerVideo[] {
  const fromQuestion = files.question
    .filter(playable)
    .map((file) => ({ file, label: `Question: ${file.name}` }));
  const fromMessages = q.messages
    .filter((m) => m.authorRole === 'asker')
    .flatMap((m) =>
      (files.messages[m.id] ?? [])
        .filter(playable)
        .map((file) => ({ file, label: `${MESSAGE_KIND_LABELS[m.kind]}: ${file.name}` })),
    );
  return [...fromQuestion, ...fromMessages];
}
