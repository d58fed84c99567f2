import {
  CircleX,
  CreditCard,
  Hourglass,
  MessageSquareText,
  ShieldAlert,
  Undo2,
} from 'lucide-react';
import { playerActions, isUnpaid } from '@contracts/question-states';
import { promiseText } from '@contracts/response-time';
import type { PlayerQuestion } from '@contracts/questions';
import { timeSince } from '@/lib/relative-time';
import { Box } from '../detail-parts';
import { HelpfulRating } from '../helpful-rating';
import { ReportDialog } from '../report-dialog';
import { refundedSentence } from '../simple-detail';
import { UnpaidActions } from '../unpaid-actions';

/**
 * Where one of the Player's questions stands, under it in My Questions: the answer (with Helpful
 * and Report), declined, withdrawn, unpaid (with Pay now / Withdraw), refunded or awaiting.
 */
export function StatusNotice({ question: q }: { question: PlayerQuestion }) {
  // The question page's rules: no Helpful on a disputed or unpaid answer (ADR 023).
  const may = playerActions({
    status: q.status,
    paymentStatus: q.paymentStatus,
    hasAnswer: q.answer !== null,
    disputeFlagged: q.disputeFlagged,
    disputeUntil: q.disputeUntil,
  });
  return q.answer ? (
    <Box
      inCard
      className="border-l-4 border-volt bg-volt/15"
      icon={<MessageSquareText aria-hidden className="size-5 shrink-0 text-navy" />}
      title="Coach Response"
      aside={
        q.answeredAt && (
          <time dateTime={q.answeredAt} className="text-xs text-muted">
            {`Answered ${timeSince(q.answeredAt)}`}
          </time>
        )
      }
    >
      <p className="break-words whitespace-pre-line text-ink">{q.answer}</p>
      {q.disputeFlagged && (
        <p className="mt-3 flex items-center gap-2 text-sm font-semibold text-warning">
          <ShieldAlert aria-hidden className="size-4 shrink-0" />
          Dispute flagged: under review
        </p>
      )}
      {(may.rate || may.report) && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-navy/10 pt-3">
          {may.rate ? <HelpfulRating questionId={q.id} value={null} /> : <span />}
          {may.report && <ReportDialog questionId={q.id} className="-mr-2" />}
        </div>
      )}
    </Box>
  ) : q.status === 'declined' ? (
    <Box
      inCard
      className="border border-slate-300 bg-slate-50"
      icon={<CircleX aria-hidden className="size-5 shrink-0 text-slate-600" />}
      title="Declined by the Coach"
    >
      <p className="text-sm text-muted">
        {isUnpaid(q) ? 'Nothing was charged.' : 'Your payment is refunded in full.'}
      </p>
    </Box>
  ) : q.status === 'withdrawn' ? (
    <Box
      inCard
      className="border border-slate-300 bg-slate-50"
      icon={<Undo2 aria-hidden className="size-5 shrink-0 text-slate-600" />}
      title="Withdrawn"
    >
      <p className="text-sm text-muted">You withdrew this question. Nothing was charged.</p>
    </Box>
  ) : may.pay ? (
    <Box
      inCard
      className="border-2 border-warning/40 bg-warning-soft"
      icon={<CreditCard aria-hidden className="size-5 shrink-0 text-warning" />}
      title="Payment not completed"
    >
      <p className="mb-3 text-sm text-muted">
        The Coach is not paid until you pay. Pay now, or withdraw the question.
      </p>
      <UnpaidActions id={q.id} amount={q.amount} coachName={q.coach.name} />
    </Box>
  ) : q.status === 'refunded' ? (
    <Box
      inCard
      className="border border-slate-300 bg-slate-50"
      icon={<Undo2 aria-hidden className="size-5 shrink-0 text-slate-600" />}
      title="Question Refunded"
    >
      <p className="text-sm text-muted">{refundedSentence(q)}</p>
    </Box>
  ) : (
    <Box
      inCard
      className="border border-dashed border-amber-300 bg-amber-50"
      icon={<Hourglass aria-hidden className="size-5 shrink-0 text-amber-700" />}
      title="Awaiting Response"
    >
      <p className="text-sm text-muted">
        {`Your Coach has been notified. Unanswered questions are refunded after ${promiseText(q.responseHours)}.`}
      </p>
    </Box>
  );
}
