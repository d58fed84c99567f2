import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { queueMail } from '../mail';

/** An answer given: the Player is told, in the answer's transaction (sent only if it commits). */
export async function queueAnsweredMail(
  tx: Executor,
  config: Config,
  q: { id: string; playerName: string; playerEmail: string },
) {
  await queueMail(tx, config, {
    kind: 'question-answered',
    to: q.playerEmail,
    subject: 'Your question has been answered',
    greeting: `Hi ${q.playerName},`,
    paragraphs: ['Your Coach has answered your question on Playbook:'],
    action: { label: 'View your answer', url: `${config.PUBLIC_URL}/questions/${q.id}` },
  });
}
