import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import {
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  type DisputeReason,
} from '@contracts/question-states';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useFlagDispute } from './question-api';
import { ReasonForm } from './reason-form';

const REASONS = DISPUTE_REASONS.map((value) => ({ value, label: DISPUTE_REASON_LABELS[value] }));

/**
 * 'Flag Dispute' within the hold window: a required reason and optional details. The payout stays
 * with us until an administrator settles it (ADR 023).
 */
export function DisputeDialog({ questionId, until }: { questionId: string; until: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DisputeReason | null>(null);
  const [details, setDetails] = useState('');
  const dispute = useFlagDispute(questionId);

  const changeOpen = (next: boolean) => {
    if (next) return setOpen(true);
    if (dispute.isPending) return;
    setOpen(false);
    setReason(null);
    setDetails('');
  };

  const submit = (chosen: NonNullable<typeof reason>) => {
    const trimmed = details.trim();
    dispute.mutate(
      { reason: chosen, ...(trimmed ? { details: trimmed } : {}) },
      {
        onSuccess: () => setOpen(false),
        onError: (error) =>
          toast({
            title: errorMessage(error, QUESTION_MESSAGES.disputeFailed),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-1">
      <Dialog open={open} onOpenChange={changeOpen}>
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
            reasons={REASONS}
            reason={reason}
            onReason={setReason}
            details={details}
            onDetails={setDetails}
            pending={dispute.isPending}
            submitLabel="Flag Dispute"
            onSubmit={submit}
          />
        </DialogContent>
      </Dialog>
      <p className="text-sm text-muted">{`You can dispute this answer until ${formatDate(until)}.`}</p>
    </div>
  );
}
