import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  type DisputeReason,
} from '@contracts/question-states';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field, inputClass } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { useFlagDispute } from './question-api';

const DETAILS_MAX = 2000;

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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason || dispute.isPending) return;
    const trimmed = details.trim();
    dispute.mutate(
      { reason, ...(trimmed ? { details: trimmed } : {}) },
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
          <form onSubmit={submit} className="flex flex-col gap-5">
            <fieldset className="flex flex-col gap-2" disabled={dispute.isPending}>
              <legend className="mb-2 text-sm font-semibold text-ink">Reason</legend>
              {DISPUTE_REASONS.map((value) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border-2 px-3 py-2.5 text-ink transition-colors',
                    reason === value ? 'border-navy bg-surface' : 'border-line',
                  )}
                >
                  <input
                    type="radio"
                    name="dispute-reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                    className="size-4 shrink-0 accent-navy"
                  />
                  {DISPUTE_REASON_LABELS[value]}
                </label>
              ))}
            </fieldset>
            <Field label="Details (optional)">
              <textarea
                className={inputClass}
                rows={4}
                maxLength={DETAILS_MAX}
                value={details}
                disabled={dispute.isPending}
                onChange={(event) => setDetails(event.target.value)}
              />
            </Field>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={dispute.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={!reason || dispute.isPending}>
                Flag Dispute
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
      <p className="text-sm text-muted">{`You can dispute this answer until ${formatDate(until)}.`}</p>
    </div>
  );
}
