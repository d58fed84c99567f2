import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { queueMail, questionSummary } from '../mail';

/**
 * An answer given: the Player is told, in the answer's transaction (sent only if it commits), and
 * the e-mail carries the answer itself under the question (ADR 060).
 */
export async function queueAnsweredMail(
  tx: Executor,
  config: Config,
  q: { id: string; playerName: string; playerEmail: string; question: string },
  coachName: string,
  answer: string,
) {
  await queueMail(tx, config, {
    kind: 'question-answered',
    to: q.playerEmail,
    subject: 'Your question has been answered',
    greeting: `Hi ${q.playerName},`,
    paragraphs: [`${coachName} has answered your question on Playbook:`],
    summary: questionSummary({ question: q.question, answer }),
    action: { label: 'View your answer', url: `${config.PUBLIC_URL}/questions/${q.id}` },
  });
}
