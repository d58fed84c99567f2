import { formatWholeDollars } from '../../../contracts/money';
import { formatAnswerBy } from '../../../contracts/response-time';
import type { SummaryRow } from './compose';

/** What an e-mail about a question may show of it; absent parts are left out. */
export interface QuestionSummaryParts {
  question: string;
  context?: string | null;
  /** The fee in cents. */
  amount?: number;
  /** The refund moment of a waiting question: shown as "Answer by {date}". */
  answerBy?: Date | null;
  /** How many files came with the question (the new-question e-mail, issue 23). */
  attachmentCount?: number;
  answer?: string | null;
}

/**
 * The question summary block every e-mail about a question reuses (ADR 060): the question, its
 * context, fee, deadline, attachments and answer, each under its label, in HTML and plain text.
 */
export function questionSummary(parts: QuestionSummaryParts): SummaryRow[] {
  const rows: SummaryRow[] = [{ label: 'Question', text: parts.question }];
  if (parts.context) rows.push({ label: 'Context', text: parts.context });
  if (parts.attachmentCount !== undefined && parts.attachmentCount > 0) {
    const n = parts.attachmentCount;
    rows.push({ label: 'Attachments', text: `${n} ${n === 1 ? 'file' : 'files'}` });
  }
  if (parts.amount !== undefined)
    rows.push({ label: 'Fee', text: formatWholeDollars(parts.amount) });
  if (parts.answerBy) rows.push({ label: 'Deadline', text: formatAnswerBy(parts.answerBy) });
  if (parts.answer) rows.push({ label: 'Answer', text: parts.answer });
  return rows;
}
