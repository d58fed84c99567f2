import { asc, eq } from 'drizzle-orm';
import type { AdminQuestionThread } from '../../../../contracts/admin-data';
import type { Executor } from '../../../db/client';
import { coaches, questionMessages, questions } from '../../../db/schema';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A question's whole conversation as an administrator reads it (issue 23: "Administrators see the
 * whole thread ... when handling a dispute or a report"), whoever's side: the question, each
 * message with its author (the Player's name as asked, the Coach's profile name, as the question
 * page shows them) and the answer. Null for an unknown question.
 */
export async function questionThread(
  db: Executor,
  questionId: string,
): Promise<AdminQuestionThread | null> {
  const [q] = await db
    .select({
      id: questions.id,
      question: questions.question,
      context: questions.context,
      createdAt: questions.createdAt,
      playerId: questions.playerId,
      playerName: questions.playerName,
      coachUserId: coaches.userId,
      coachName: coaches.name,
      answer: questions.answer,
      answeredAt: questions.answeredAt,
    })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(eq(questions.id, questionId));
  if (!q) return null;
  const messages = await db
    .select({
      id: questionMessages.id,
      kind: questionMessages.kind,
      authorId: questionMessages.authorId,
      body: questionMessages.body,
      createdAt: questionMessages.createdAt,
    })
    .from(questionMessages)
    .where(eq(questionMessages.questionId, questionId))
    .orderBy(asc(questionMessages.createdAt), asc(questionMessages.id));
  return {
    id: q.id,
    question: q.question,
    context: q.context,
    createdAt: q.createdAt.toISOString(),
    player: { id: q.playerId, name: q.playerName },
    coach: { id: q.coachUserId, name: q.coachName },
    answer: q.answer,
    answeredAt: iso(q.answeredAt),
    messages: messages.map((m) => {
      const fromPlayer = m.authorId === q.playerId;
      return {
        id: m.id,
        kind: m.kind,
        authorRole: fromPlayer ? ('asker' as const) : ('expert' as const),
        authorName: fromPlayer ? q.playerName : q.coachName,
        body: m.body,
        createdAt: m.createdAt.toISOString(),
      };
    }),
  };
}
