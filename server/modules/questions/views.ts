import type { InboxFilter } from '../../../contracts/questions';
import {
  coachInboxSchema,
  playerQuestionsSchema,
  questionDetailSchema,
} from '../../../contracts/questions';
import type { EventBus } from '../../adapters/events/types';
import { serialise } from '../../cache/send-serialised';
import { cachedPerCoach, cachedPerParticipant, type Grouped } from '../../cache/until-changed';
import type { Database } from '../../db/client';
import type { SessionUser } from '../auth/session';
import { expertOf } from '../profiles/require-expert';
import {
  coachInboxPage,
  coachInboxSummary,
  findQuestionDetail,
  playerQuestionsPage,
  threadBetween,
} from './data';
import { participantRole } from './service';
import { coachInboxBody, playerQuestionsBody, questionDetailBody } from './view-bodies';

/** Inbox summaries held in memory: one per Coach who opened the inbox lately, a few dozen bytes each. */
const INBOX_SUMMARY_CACHE_SIZE = 10_000;
/**
 * Serialised signed-in views: a page of 20 questions is up to about 20 KB, so at most about 40 MB.
 * Past this many the oldest go first.
 */
const QUESTION_VIEW_CACHE_SIZE = 2_000;

/**
 * The signed-in views of questions (the question page, the Coach Inbox, My Questions), each
 * checked against its contract and kept serialised until one of its questions or a profile
 * changes (ADR 022).
 */
export function questionViews(db: Database, bus: EventBus) {
  const views = cachedPerParticipant<Buffer>(bus, QUESTION_VIEW_CACHE_SIZE);
  // The summary counts all of a Coach's questions (10,000 for the busiest); it is the same on
  // every page and filter, so it is kept until one of the Coach's questions changes (ADR 020).
  const inboxSummaries = cachedPerCoach<Awaited<ReturnType<typeof coachInboxSummary>>>(
    bus,
    INBOX_SUMMARY_CACHE_SIZE,
  );
  /** The view under `key`, built by `build` on a miss (which always finds one or throws). */
  const view = async (key: string, build: () => Promise<Grouped<Buffer>>) =>
    (await views(key, build))!.value;

  return {
    /** The question page for its asker or its Coach; 404 / 403 for anyone else. */
    detail: (user: SessionUser, id: string) =>
      view(`detail:${id}:${user.id}`, async () => {
        const detail = participantRole(await findQuestionDetail(db, id, user.id), user);
        const { askerId, expertId } = detail.question;
        const thread = await threadBetween(db, askerId, expertId);
        return {
          group: askerId,
          value: serialise(questionDetailSchema, questionDetailBody(detail, thread)),
        };
      }),

    coachInbox: (user: SessionUser, filter: InboxFilter, cursor: string | undefined) =>
      view(`inbox:${user.id}:${filter}:${cursor ?? ''}`, async () => {
        const expert = await expertOf(db, user);
        const [page, summary] = await Promise.all([
          coachInboxPage(db, expert.id, filter, cursor),
          inboxSummaries(expert.id, async () => ({
            group: user.id,
            value: await coachInboxSummary(db, expert.id),
          })),
        ]);
        return {
          group: user.id,
          // The loader always finds a summary; the cache's type allows for loaders that do not.
          value: serialise(coachInboxSchema, coachInboxBody(page, summary!.value)),
        };
      }),

    playerQuestions: (user: SessionUser, cursor: string | undefined) =>
      view(`mine:${user.id}:${cursor ?? ''}`, async () => ({
        group: user.id,
        value: serialise(
          playerQuestionsSchema,
          playerQuestionsBody(await playerQuestionsPage(db, user.id, cursor)),
        ),
      })),
  };
}
