import type { Earnings, StatementRange } from '../../../contracts/receipts';
import { questionReference } from '../../../contracts/receipts';
import type { Executor } from '../../db/client';
import { csvAmount, csvDate, toCsv } from './csv';
import { coachEarningsByMonth, coachPayoutStatement, statementLines } from './data/statements';

/** The Payouts page's earnings and the CSV statements (ADR 056). */

/** How many months the earnings chart covers, this one included. */
export const EARNINGS_MONTHS = 12;

const monthKey = (date: Date) =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

/** The Coach's earnings for the last 12 months (UTC), oldest first, months without any included. */
export async function coachEarnings(
  db: Executor,
  coachId: string,
  now = new Date(),
): Promise<Earnings> {
  const first = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (EARNINGS_MONTHS - 1), 1),
  );
  const rows = await coachEarningsByMonth(db, coachId, first);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months = Array.from({ length: EARNINGS_MONTHS }, (_, i) => {
    const month = monthKey(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1)));
    const row = byMonth.get(month);
    return { month, paid: row?.paid ?? 0, pending: row?.pending ?? 0 };
  });
  return { months };
}

export const PAYOUTS_CSV_HEADER = [
  'Date',
  'Question reference',
  'Gross',
  'Coach share',
  'State',
  'Provider transfer id',
  'Refunded to Player',
  'Kept',
] as const;

/** Every payout of the Coach as CSV, newest first. */
export async function coachPayoutsCsv(db: Executor, coachId: string): Promise<string> {
  const rows = await coachPayoutStatement(db, coachId);
  return toCsv(
    PAYOUTS_CSV_HEADER,
    rows.map((r) => [
      csvDate(r.createdAt),
      questionReference(r.questionId),
      csvAmount(r.gross),
      csvAmount(r.coachShare),
      r.status,
      r.transferId,
      csvAmount(r.refunded),
      csvAmount(r.gross - r.refunded),
    ]),
  );
}

export const STATEMENT_CSV_HEADER = [
  'Type',
  'Date',
  'Question reference',
  'Question id',
  'Coach',
  'Gross',
  'Coach share',
  'State',
  'Provider id',
  'Refunded',
  'Kept',
] as const;

/** The first instant after the range's last day. */
const dayAfter = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000);

/**
 * Every payment taken and every payout created within the range (UTC days, both ends included), as
 * CSV for the administrators. A payment's Coach share is its payout, when it has one; what was
 * refunded (in full or, after a dispute, in part) and what was kept close each line (ADR 063).
 */
export async function statementCsv(db: Executor, range: StatementRange): Promise<string> {
  const lines = await statementLines(db, new Date(`${range.from}T00:00:00Z`), dayAfter(range.to));
  return toCsv(
    STATEMENT_CSV_HEADER,
    lines.map((l) => [
      l.type,
      csvDate(l.at),
      questionReference(l.questionId),
      l.questionId,
      l.coachName,
      csvAmount(l.gross),
      l.coachShare === null ? null : csvAmount(l.coachShare),
      l.state,
      l.providerId,
      csvAmount(l.refunded),
      csvAmount(l.gross - l.refunded),
    ]),
  );
}

/** `statement-2026-01-01-to-2026-01-31.csv` */
export const statementFileName = (range: StatementRange) =>
  `statement-${range.from}-to-${range.to}.csv`;
