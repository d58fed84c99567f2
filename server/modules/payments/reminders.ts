import { REMINDER_HOURS_BEFORE } from '../../../contracts/response-time';
import { transaction } from '../../db/unit-of-work';
import { lockRemindersDue, markReminded } from '../question-records/data';
import { moneyMailSubject } from './data';
import { queueAnswerReminderMail } from './money-mail';
import type { Money } from './settlement';

const BATCH = 20;
const HOUR_MS = 3_600_000;

/**
 * Reminds Coaches of paid questions still unanswered 24 h before their "Answer by" (ADR 060).
 * Each reminder is recorded on its question in the transaction that queues its e-mail, and the
 * rows are claimed with SKIP LOCKED, so however many processes run the sweep, each question's
 * Coach is reminded once. Returns how many were reminded.
 */
export async function remindCoaches(money: Money, now = new Date()): Promise<number> {
  const until = new Date(now.getTime() + REMINDER_HOURS_BEFORE * HOUR_MS);
  let reminded = 0;
  for (;;) {
    const count = await transaction(money, async (tx) => {
      const due = await lockRemindersDue(tx, now, until, BATCH);
      for (const { id } of due) {
        await markReminded(tx, id, now);
        await queueAnswerReminderMail(tx, money.config, await moneyMailSubject(tx, id));
      }
      return due.length;
    });
    reminded += count;
    if (count < BATCH) break;
  }
  if (reminded > 0) money.logger.info({ reminded }, 'Coaches reminded of questions due soon');
  return reminded;
}
