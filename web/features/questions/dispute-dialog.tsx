import { ShieldAlert } from 'lucide-react';
import { DISPUTE_REASON_LABELS, DISPUTE_REASONS } from '@contracts/question-states';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { formatDate } from '@contracts/dates';
import { useFlagDispute } from './question-api';
import { ReasonForm, useReasonDialog } from '@/components/reason-form';

const REASONS = DISPUTE_REASONS.map((value) => ({ value, label: DISPUTE_REASON_LABELS[value] }));
/** "Follow-up not answered" is offered only once the follow-up expired unanswered (ADR 058). */
const USUAL_REASONS = REASONS.filter((r) => r.value !== 'follow_up_unanswered');

/**
 * 'Flag Dispute' within the hold window: a required reason and optional details. The payout stays
 * with us until an administrator settles it (ADR 023).
 */
export function DisputeDialog({
  questionId,
  until,
  followUpExpired = false,
}: {
  questionId: string;
  until: string;
  followUpExpired?: boolean;
}) {
  const { dialog, form } = useReasonDialog({
    mutation: useFlagDispute(questionId),
    failed: QUESTION_MESSAGES.disputeFailed,
  });

  return (
    <div className="flex flex-col gap-1">
      <Dialog {...dialog}>
        <DialogTrigger asChild>
          <Button type="button" variant="outline" size="sm" className="self-start">
            <ShieldAlert aria-hidden />
            Flag Dispute
          </Button>
        </DialogTrigger>
        <DialogContent
          title="Flag a Dispute"
          description="A dispute sends this question to our team for review and holds the Coach's payout until we decide. Once it is flagged, no further changes can be made to your rating or review."
        >
          <ReasonForm
            name="dispute-reason"
            reasons={followUpExpired ? REASONS : USUAL_REASONS}
            submitLabel="Flag Dispute"
            {...form}
          />
        </DialogContent>
      </Dialog>
      <p className="text-sm text-muted">{`You can dispute this answer until ${formatDate(until)}.`}</p>
    </div>
  );
}
