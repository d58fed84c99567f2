import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast, type ToastInput } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { Field, inputClass } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

const DETAILS_MAX = 2000;

/**
 * A required reason picked from a list and optional details, with Cancel and a submit button
 * disabled until a reason is chosen: the body of the Report Abuse and Flag Dispute dialogs.
 */
export function ReasonForm<Reason extends string>({
  name,
  reasons,
  reason,
  onReason,
  details,
  onDetails,
  pending,
  submitLabel,
  onSubmit,
}: {
  name: string;
  reasons: readonly { value: Reason; label: string }[];
  reason: Reason | null;
  onReason: (reason: Reason) => void;
  details: string;
  onDetails: (details: string) => void;
  pending: boolean;
  submitLabel: string;
  onSubmit: (reason: Reason) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason && !pending) onSubmit(reason);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2" disabled={pending}>
        <legend className="mb-2 text-sm font-semibold text-ink">Reason</legend>
        {reasons.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border-2 px-3 py-2.5 text-ink transition-colors',
              reason === option.value ? 'border-navy bg-surface' : 'border-line',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={reason === option.value}
              onChange={() => onReason(option.value)}
              className="size-4 shrink-0 accent-navy"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <Field label="Details (optional)">
        <textarea
          className={inputClass}
          rows={4}
          maxLength={DETAILS_MAX}
          value={details}
          disabled={pending}
          onChange={(event) => onDetails(event.target.value)}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={!reason || pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * What the Report Abuse and Flag Dispute dialogs keep: whether they are open and the reason and
 * details being written, cleared on closing; the dialog stays open while the request is on its
 * way, and a refusal is a toast. With `sent` the dialog says it and closes cleared for another
 * report; without it, it only closes (a flagged dispute takes its button away, and says so itself).
 */
export function useReasonDialog<Reason extends string>({
  mutation,
  failed,
  sent,
}: {
  mutation: UseMutationResult<unknown, Error, { reason: Reason; details?: string }>;
  failed: string;
  sent?: ToastInput;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<Reason | null>(null);
  const [details, setDetails] = useState('');

  const close = () => {
    setOpen(false);
    setReason(null);
    setDetails('');
  };
  const onOpenChange = (next: boolean) => {
    if (next) setOpen(true);
    else if (!mutation.isPending) close();
  };

  const onSubmit = (chosen: Reason) => {
    const trimmed = details.trim();
    mutation.mutate(
      { reason: chosen, ...(trimmed ? { details: trimmed } : {}) },
      {
        onSuccess: () => {
          if (!sent) return setOpen(false);
          toast(sent);
          close();
        },
        onError: (error) => toast({ title: errorMessage(error, failed), variant: 'destructive' }),
      },
    );
  };

  return {
    dialog: { open, onOpenChange },
    form: {
      reason,
      onReason: setReason,
      details,
      onDetails: setDetails,
      pending: mutation.isPending,
      onSubmit,
    },
  };
}
