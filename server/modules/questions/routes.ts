import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coachInboxSchema, playerQuestionsSchema } from '../../../contracts/questions';
import type { AppContext } from '../../context';
import { requireRole } from '../auth/guards';
import { requireExpert } from '../profiles/require-expert';
import { coachInboxQuestions, coachInboxSummary, playerQuestions } from './data';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const questionRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { auth, database },
) => {
  const { db } = database;

  app.get(
    '/api/questions/coach-inbox',
    { schema: { response: { 200: coachInboxSchema } } },
    async (request) => {
      const { expert } = await requireExpert(auth, db, request);
      const [rows, summary] = await Promise.all([
        coachInboxQuestions(db, expert.id),
        coachInboxSummary(db, expert.id),
      ]);
      return {
        coachSince: iso(summary.coachSince),
        answeredCount: summary.answeredCount,
        unansweredCount: summary.unansweredCount,
        questions: rows.map((q) => ({
          ...q,
          createdAt: q.createdAt.toISOString(),
          answeredAt: iso(q.answeredAt),
        })),
      };
    },
  );

  app.get(
    '/api/questions/mine',
    { schema: { response: { 200: playerQuestionsSchema } } },
    async (request) => {
      const user = await requireRole(auth, db, request, 'asker');
      const rows = await playerQuestions(db, user.id);
      return {
        questions: rows.map((q) => ({
          id: q.id,
          expert: {
            id: q.expertId,
            name: q.expertName,
            photoUrl: q.expertPhotoUrl,
            expertise: q.expertise,
          },
          question: q.question,
          answer: q.answer,
          status: q.status,
          paymentStatus: q.paymentStatus,
          amount: q.amount,
          createdAt: q.createdAt.toISOString(),
          answeredAt: iso(q.answeredAt),
        })),
      };
    },
  );
};
