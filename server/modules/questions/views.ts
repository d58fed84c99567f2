import type { FastifyRequest } from 'fastify';
import type { InboxFilter, InboxSort } from '../../../contracts/questions';
import { joined } from '../../../contracts/messages';
import { PROFILE_MESSAGES } from '../../../contracts/profiles';
import { QUESTION_MESSAGES } from '../../../contracts/questions';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { holding, readAsViewer, type Auth } from '../auth';
import { coachInboxBody, playerQuestionsBody, questionDetailBody } from './view-bodies';
import { viewerReads } from './viewer-reads';

/**
 * The signed-in views of questions (the question page, the Coach Inbox, My Questions, the unread
 * badge), read from the database on every request in one statement with the session check: they
 * are private to their viewer, so nothing is cached (ADR 033).
 */
export function questionViews(auth: Auth, db: Database) {
  const reads = viewerReads(db);
  return {
    /** The question page for its Player or its Coach; 404 / 403 for anyone else. */
    detail: async (request: FastifyRequest, id: string) => {
      const { data } = await readAsViewer(auth, request, (token) => reads.questionPage(token, id));
      if (!data) throw notFound(joined(QUESTION_MESSAGES.notFound));
      // The statement writes the body only for the question's Player or its Coach.
      if (data.body === null) throw forbidden(QUESTION_MESSAGES.accessRestricted);
      return questionDetailBody(data.body, data);
    },

    coachInbox: async (
      request: FastifyRequest,
      filter: InboxFilter,
      sort: InboxSort,
      cursor: string | undefined,
    ) => {
      const { viewer, data } = await readAsViewer(auth, request, (token) =>
        reads.coachInbox(token, filter, sort, cursor),
      );
      if (!holding(viewer, 'expert').coachId) {
        throw notFound(joined(PROFILE_MESSAGES.coachMissing));
      }
      return coachInboxBody(data);
    },

    playerQuestions: async (request: FastifyRequest, cursor: string | undefined) => {
      const { viewer, data } = await readAsViewer(auth, request, (token) =>
        reads.playerQuestions(token, cursor),
      );
      holding(viewer, 'asker');
      return playerQuestionsBody(data);
    },

    /** Nothing for an account that has not chosen a role yet. */
    unreadCount: async (request: FastifyRequest) => {
      const { viewer, data } = await readAsViewer(auth, request, (token) =>
        reads.unreadCounts(token),
      );
      return viewer.activeRole ? data[viewer.activeRole] : 0;
    },
  };
}
