import {
  DISPUTE_STATEMENT_MESSAGES,
  type disputeStatementSchema,
} from '../../../contracts/disputes';
import type { z } from 'zod';
import type { ServiceDeps } from '../../context';
import { transaction } from '../../db/unit-of-work';
import { AppError, forbidden } from '../../errors';
import type { SessionUser } from '../auth';
import { lockQuestion, saveDisputeStatement } from '../question-records/data';
import { participantRole } from './service';

/**
 * The Coach's side of a dispute (issue 24, ADR 063): the Coach who answered writes a statement on
 * the question page, and may rewrite it until an administrator resolves the dispute; the last
 * version is what the administrator reads. The Player sees it too.
 */
export async function writeDisputeStatement(
  deps: Pick<ServiceDeps, 'db' | 'bus'>,
  user: SessionUser,
  questionId: string,
  input: z.output<typeof disputeStatementSchema>,
) {
  await transaction(deps, async (tx, changes) => {
    const row = participantRole(await lockQuestion(tx, questionId), user);
    if (row.viewerRole !== 'expert') throw forbidden(DISPUTE_STATEMENT_MESSAGES.coachOnly);
    const q = row.question;
    if (!q.disputeFlagged || q.disputeResolution !== null) {
      throw new AppError(409, DISPUTE_STATEMENT_MESSAGES.closed);
    }
    const who = { questionId: q.id, playerId: q.playerId, coachUserId: row.coachUserId };
    await saveDisputeStatement(tx, changes, who, input.statement, new Date());
  });
}
