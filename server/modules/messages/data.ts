import { asc, eq } from 'drizzle-orm';
import type { MessageKind } from '../../../contracts/question-thread';
import type { Executor } from '../../db/client';
import { questionMessages } from '../../db/schema';

/**
 * The conversation's table (ADR 058): rows are only ever added. The question's figures that go
 * with each message (count, latest kind, the follow-up's clock) are the questions module's
 * (`recordMessageOnQuestion`), written in the same transaction.
 */

/** The kinds of a question's messages, oldest first: what the conversation rules read. */
export async function messageKinds(tx: Executor, questionId: string): Promise<MessageKind[]> {
  const rows = await tx
    .select({ kind: questionMessages.kind })
    .from(questionMessages)
    .where(eq(questionMessages.questionId, questionId))
    .orderBy(asc(questionMessages.createdAt), asc(questionMessages.id));
  return rows.map((r) => r.kind);
}

/** A new message; returns its id. */
export async function insertMessage(
  tx: Executor,
  values: { questionId: string; authorId: string; kind: MessageKind; body: string; at: Date },
) {
  const [row] = await tx
    .insert(questionMessages)
    .values({
      questionId: values.questionId,
      authorId: values.authorId,
      kind: values.kind,
      body: values.body,
      createdAt: values.at,
    })
    .returning({ id: questionMessages.id });
  if (!row) throw new Error('a message insert returned no row');
  return row.id;
}

/** One message, for a report about it. */
export async function findMessage(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: questionMessages.id,
      questionId: questionMessages.questionId,
      authorId: questionMessages.authorId,
    })
    .from(questionMessages)
    .where(eq(questionMessages.id, id));
  return row ?? null;
}
