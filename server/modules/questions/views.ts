import type { InboxFilter } from '../../../contracts/questions';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { joined } from '../../../contracts/messages';
import { PROFILE_MESSAGES } from '../../../contracts/profiles';
import type { Viewer } from '../auth/session';
import {
  coachInboxPage,
  coachInboxSummary,
  findQuestionDetail,
  playerQuestionsPage,
  threadBetween,
} from './data';
import { participantRole } from './service';
import { coachInboxBody, playerQuestionsBody, questionDetailBody } from './view-bodies';

/**
 * The signed-in views of questions (the question page, the Coach Inbox, My Questions), read from
 * the database on every request: they are private to their viewer, so nothing is cached
 * (ADR 033); each is one round trip after the viewer's own.
 */
export function questionViews(db: Database) {
  return {
    /** The question page for its asker or its Coach; 404 / 403 for anyone else. */
    detail: async (user: Viewer, id: string) => {
      const detail = participantRole(await findQuestionDetail(db, id, user.id), user);
      const thread = await threadBetween(db, detail.question.askerId, detail.question.expertId);
      return questionDetailBody(detail, thread);
    },

    coachInbox: async (user: Viewer, filter: InboxFilter, cursor: string | undefined) => {
      const expertId = user.expertId;
      if (!expertId) throw notFound(joined(PROFILE_MESSAGES.expertMissing));
      const [page, summary] = await Promise.all([
        coachInboxPage(db, expertId, filter, cursor),
        coachInboxSummary(db, expertId),
      ]);
      return coachInboxBody(page, summary);
    },

    playerQuestions: async (user: Viewer, cursor: string | undefined) =>
      playerQuestionsBody(await playerQuestionsPage(db, user.id, cursor)),
  };
}
