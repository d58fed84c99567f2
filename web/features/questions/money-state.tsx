import { AnswerBy } from './answer-by';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleX, CreditCard, Hourglass, ShieldAlert, Undo2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatDollarsAndCents, formatWholeDollars } from '@contracts/money';
import { PAYMENT_BOX } from '@contracts/question-messages';
import { refundLines } from '@contracts/receipts';
import { promiseText } from '@contracts/response-time';
import { DISPUTE_REASON_LABELS } from '@contracts/question-states';
import { QUESTION_PAGE_PLACES } from '@contracts/question-page-places';
import type { QuestionDetail } from '@contracts/questions';
import { Button } from '@/components/ui/button';
import { formatDate } from '@contracts/dates';
import { DeclineDialog } from './decline-dialog';
import { DisputeHearing, DisputeStatementForm } from './dispute-statement';
import { RespondDialog } from './respond-dialog';
import { Box } from './detail-parts';
import { UnpaidActions } from './unpaid-actions';

/**
 * Where a question and its money stand, a box each: waiting for the Coach or for the payment,
 * declined, withdrawn, refunded, disputed.
 */

/** What happened to the money of a closed question, in one sentence. */
function refundSentence(q: QuestionDetail, isPlayer: boolean): string {
  if (q.paymentStatus === 'refunded') {
    const when = q.refundedAt ? ` on ${formatDate(q.refundedAt)}` : '';
    return isPlayer ? `Refunded to you in full${when}.` : `Refunded to the Player in full${when}.`;
  }
  if (q.paymentStatus === 'refunding')
    return 'Refund in progress: it is on its way back to the card.';
  return 'Nothing was charged.';
}

/** An open question waiting for its answer, as its Player and as its Coach see it. */
export function WaitingBox({
  q,
  isPlayer,
  canDecline,
}: {
  q: QuestionDetail;
  isPlayer: boolean;
  canDecline: boolean;
}) {
  const queryClient = useQueryClient();
  return (
    <Box
      id={QUESTION_PAGE_PLACES.respond}
      className="border-2 border-dashed border-amber-300 bg-amber-50"
      icon={<Hourglass aria-hidden className="size-5 shrink-0 text-amber-700" />}
      title="Waiting for Coach Response"
    >
      {isPlayer ? (
        <>
          <p className="text-ink">
            {`Your Coach has been notified. Unanswered questions are refunded after ${promiseText(q.responseHours)}.`}
          </p>
          <AnswerBy question={q} className="mt-2" />
          {/* Its own row: inline, the button sat squeezed against "Answer by" (issue 36). */}
          <div className="mt-4">
            <Button asChild size="sm" className="w-full sm:w-auto">
              <Link to={`/ask/${encodeURIComponent(q.coach.id)}`}>Ask Another Question</Link>
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-ink">This Player is waiting for your answer.</p>
          <AnswerBy question={q} className="mt-2" />
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            {/* The answer form opens here, over the question, rather than in the inbox. */}
            <RespondDialog
              question={q}
              triggerLabel="Respond to Question"
              onAnswered={() => void queryClient.invalidateQueries({ queryKey: ['questions'] })}
            />
            {canDecline && <DeclineDialog questionId={q.id} />}
          </div>
        </>
      )}
    </Box>
  );
}

/**
 * A question the Player has not paid for yet: why (a cancelled checkout says so) and the two ways
 * out, Pay now or Withdraw question.
 */
export function UnpaidBox({ q }: { q: QuestionDetail }) {
  const [params] = useSearchParams();
  const cancelled = params.get('payment') === 'cancelled';
  return (
    <Box
      className="border-2 border-warning/40 bg-warning-soft"
      icon={<CreditCard aria-hidden className="size-5 shrink-0 text-warning" />}
      title="Payment Not Completed"
    >
      <p className="text-ink">
        {cancelled ? 'Your checkout was cancelled. ' : ''}
        Your question is saved, but the Coach is not paid until you pay. Pay now, or withdraw the
        question if you changed your mind.
      </p>
      <div className="mt-4">
        <UnpaidActions id={q.id} amount={q.amount} coachName={q.coach.name} />
      </div>
    </Box>
  );
}

export function DeclinedBox({ q, isPlayer }: { q: QuestionDetail; isPlayer: boolean }) {
  return (
    <Box
      className="border border-slate-300 bg-slate-50"
      icon={<CircleX aria-hidden className="size-5 shrink-0 text-slate-600" />}
      title="Declined by the Coach"
    >
      {q.declineNote && (
        <blockquote className="border-l-4 border-slate-300 pl-3 break-words whitespace-pre-line text-ink">
          {q.declineNote}
        </blockquote>
      )}
      <p className="mt-2 text-ink">{refundSentence(q, isPlayer)}</p>
    </Box>
  );
}

export function WithdrawnBox() {
  return (
    <Box
      className="border border-slate-300 bg-slate-50"
      icon={<Undo2 aria-hidden className="size-5 shrink-0 text-slate-600" />}
      title="Withdrawn"
    >
      <p className="text-ink">
        This question was withdrawn before it was paid. Nothing was charged.
      </p>
    </Box>
  );
}

/** An answered question whose payment went back (a dispute or a review). */
export function RefundedBox({ q, isPlayer }: { q: QuestionDetail; isPlayer: boolean }) {
  return (
    <Box
      className="border border-slate-300 bg-slate-50"
      icon={<Undo2 aria-hidden className="size-5 shrink-0 text-slate-600" />}
      title="Payment Refunded"
    >
      <p className="text-ink">{refundSentence(q, isPlayer)}</p>
    </Box>
  );
}

const resolutionTitle = (
  resolution: NonNullable<QuestionDetail['dispute']>['resolution'],
  isPlayer: boolean,
) => {
  if (!resolution) return 'Dispute open: under review';
  if (resolution === 'refunded') {
    return `Dispute resolved: refunded to ${isPlayer ? 'you' : 'the Player'}`;
  }
  if (resolution === 'partially_refunded') {
    return `Dispute resolved: partly refunded to ${isPlayer ? 'you' : 'the Player'}`;
  }
  return `Dispute resolved: payment released to ${isPlayer ? 'the Coach' : 'you'}`;
};

/** The dispute's reason and where it stands, for both participants. */
export function DisputeStatus({
  dispute,
  isPlayer,
  questionId,
}: {
  dispute: NonNullable<QuestionDetail['dispute']>;
  isPlayer: boolean;
  questionId: string;
}) {
  const title = resolutionTitle(dispute.resolution, isPlayer);
  return (
    <Box
      className="border border-warning/40 bg-warning-soft"
      icon={<ShieldAlert aria-hidden className="size-5 shrink-0 text-warning" />}
      title={title}
    >
      <p className="text-ink">
        {`Reason: ${DISPUTE_REASON_LABELS[dispute.reason]}. Flagged ${formatDate(dispute.at)}.`}
      </p>
      {dispute.details && (
        <p className="mt-1 break-words whitespace-pre-line text-muted">{dispute.details}</p>
      )}
      <DisputeHearing dispute={dispute} isPlayer={isPlayer} />
      {!isPlayer && dispute.resolution === null && (
        <DisputeStatementForm questionId={questionId} dispute={dispute} />
      )}
    </Box>
  );
}

/**
 * An answered question's payment: complete, or, after a dispute's partial refund, what went back
 * and what was kept, in the receipt's lines (issue 36).
 */
export function PaymentBox({ q, isPlayer }: { q: QuestionDetail; isPlayer: boolean }) {
  const part = q.dispute?.partialRefund ?? null;
  const refundedAt = q.dispute?.resolvedAt ?? null;
  if (!part || !refundedAt) {
    return (
      <Box
        className="border border-success/30 bg-green-50"
        icon={<CheckCircle2 aria-hidden className="size-5 shrink-0 text-success" />}
        title={PAYMENT_BOX.completeTitle}
      >
        <p className="text-ink">{PAYMENT_BOX.paid(isPlayer, formatWholeDollars(q.amount))}</p>
      </Box>
    );
  }
  const lines = [
    { label: 'Amount paid', value: formatDollarsAndCents(q.amount) },
    ...refundLines(q.amount, { amount: part.refunded, at: new Date(refundedAt) }),
  ];
  return (
    <Box
      className="border border-slate-300 bg-slate-50"
      icon={<Undo2 aria-hidden className="size-5 shrink-0 text-slate-600" />}
      title={PAYMENT_BOX.partlyRefundedTitle}
    >
      <p className="text-ink">
        {PAYMENT_BOX.partlyRefunded(
          isPlayer,
          formatDollarsAndCents(part.refunded),
          formatDollarsAndCents(part.kept),
        )}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {lines.map((line) => (
          <div key={line.label} className="contents">
            <dt className="font-semibold text-navy">{line.label}</dt>
            <dd className="tabular-nums">{line.value}</dd>
          </div>
        ))}
      </dl>
      {!part.done && <p className="mt-2 text-sm text-muted">{PAYMENT_BOX.refundOnItsWay}</p>}
    </Box>
  );
}
