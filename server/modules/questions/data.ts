import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { experts, questions } from '../../db/schema';

export async function findQuestion(db: Executor, id: string) {
  const [row] = await db
    .select({ question: questions, expertUserId: experts.userId })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .where(eq(questions.id, id));
  return row ?? null;
}
