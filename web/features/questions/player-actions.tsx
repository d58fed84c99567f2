import { CreditCard, ShieldAlert } from 'lucide-react';
import { formatWholeDollars } from '@contracts/money';
import type { playerActions } from '@contracts/question-states';
import type { QuestionDetail } from '@contracts/questions';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { openInNewTab } from '@/lib/open-in-new-tab';
import { Box } from './detail-parts';
import { DisputeDialog } from './dispute-dialog';
import { HelpfulRating } from './helpful-rating';
import { ReportDialog } from './report-dialog';
import { StarReview } from './star-review';
import { useCheckout } from './unpaid-actions';

/** What the Player of an answered question can do on its page: pay for it, then give feedback. */

/** Checkout opens in a new tab (spec §7 create-payment); the realtime stream reports the payment. */
export function PaymentRequired({ q }: { q: QuestionDetail }) {
  const fee = formatWholeDollars(q.amount);
  const checkout = useCheckout({ id: q.id, amount: q.amount, coachName: q.coach.name }, (url) => {
    openInNewTab(url);
  });
  return (
    <Box
      className="border-2 border-warning/40 bg-warning-soft"
      icon={<CreditCard aria-hidden className="size-5 shrink-0 text-warning" />}
      title="Payment Required"
      aside={<span className="font-display text-2xl leading-none font-bold text-navy">{fee}</span>}
    >
      <p className="text-ink">
        {`Your Coach has answered. Pay the ${fee} consultation fee to complete this question.`}
      </p>
      <Button
        type="button"
        className="mt-4 w-full sm:w-auto"
        disabled={checkout.isPending}
        aria-busy={checkout.isPending}
        onClick={() => checkout.mutate()}
      >
        {`Pay ${fee}`}
      </Button>
    </Box>
  );
}

export function PlayerActions({
  q,
  may,
  followUpExpired = false,
}: {
  q: QuestionDetail;
  may: ReturnType<typeof playerActions>;
  /** The follow-up went unanswered: "Follow-up not answered" is a reason to dispute (ADR 058). */
  followUpExpired?: boolean;
}) {
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-6">
      <h2 className="text-xl font-bold text-navy">Your Feedback</h2>
      {q.disputeFlagged && (
        <p className="flex items-start gap-2 rounded-xl border border-warning/40 bg-warning-soft p-4 text-ink">
          <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
          {QUESTION_MESSAGES.disputeLocked}
        </p>
      )}
      {may.rate && <HelpfulRating questionId={q.id} value={q.myRating} />}
      {may.review && (
        <StarReview
          questionId={q.id}
          value={q.myReview}
          words={q.myReviewWords}
          reply={q.reviewReply}
          coachName={q.coach.name}
        />
      )}
      <div className="flex flex-wrap items-start gap-2 border-t border-line pt-4">
        {may.report && <ReportDialog questionId={q.id} />}
        {may.dispute && q.disputeUntil && (
          <DisputeDialog
            questionId={q.id}
            until={q.disputeUntil}
            followUpExpired={followUpExpired}
          />
        )}
      </div>
    </Card>
  );
}
