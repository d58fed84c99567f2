import { formatDateTime } from '@contracts/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { adminApiPaths } from '@contracts/admin-api-paths';
import type { AdminDisputeDetail } from '@contracts/admin-data';
import {
  DISPUTE_NOTE_MAX,
  DISPUTE_OUTCOMES,
  DISPUTE_OUTCOME_VALUES,
  DISPUTE_STATEMENT_MESSAGES,
  dollarsToCents,
  isPartialRefundInRange,
  partialRefundSplit,
  RESOLVE_MESSAGES,
  type DisputeOutcome,
} from '@contracts/disputes';
import { formatAdminAmount, formatDollarsAndCents } from '@contracts/money';
import { DISPUTE_REASON_LABELS } from '@contracts/question-states';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field, inputClass } from '@/components/ui/field';
import { UNEXPECTED_ERROR } from '@contracts/api-error';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { AdminQuestionThread, Section } from '../question-thread';
import { UserLink } from '../user-link';
import { adminApi } from '../session';
import { ADMIN_QUERY_KEY, useExpireOnError, useSessionExpiry } from '../use-admin-session';

/**
 * One dispute heard from both sides (ADR 063): the whole conversation with its files (ADR 066), the
 * reason, the Player, the Coach's statement, and the resolution with a note both sides see.
 */
export function DisputeReview({ questionId }: { questionId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="dark">
          {RESOLVE_MESSAGES.review}
        </Button>
      </DialogTrigger>
      <DialogContent title={RESOLVE_MESSAGES.review} className="max-h-[90vh] overflow-y-auto">
        {open && <DisputeBody questionId={questionId} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function DisputeBody({ questionId, onDone }: { questionId: string; onDone: () => void }) {
  const query = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'dispute', questionId],
    queryFn: ({ signal }) =>
      adminApi<AdminDisputeDetail>(adminApiPaths.dispute(questionId), { signal }),
  });
  useExpireOnError(query.error);
  if (query.isPending) return <p className="text-muted">Loading…</p>;
  if (!query.data) return <p className="text-danger">This dispute could not be loaded.</p>;
  const d = query.data;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <AdminQuestionThread questionId={d.id} />
      <Section title="The Player’s dispute">
        <p className="font-semibold text-navy">
          {d.dispute.reason ? DISPUTE_REASON_LABELS[d.dispute.reason] : 'No reason given'}
        </p>
        {d.dispute.details && (
          <p className="mt-1 break-words whitespace-pre-line">{d.dispute.details}</p>
        )}
        <p className="mt-1 text-xs text-muted">
          <UserLink id={d.player.id} name={d.player.name} />
          {` · ${d.player.email} · ${d.player.questionsAsked} questions asked, ${d.player.disputesFlagged} disputed`}
          {d.player.memberSince ? ` · member since ${formatDateTime(d.player.memberSince)}` : ''}
          {` · paid ${formatAdminAmount(d.amount)}`}
        </p>
      </Section>
      <Section title={DISPUTE_STATEMENT_MESSAGES.heading}>
        <p className="break-words whitespace-pre-line">
          {d.dispute.statement ?? DISPUTE_STATEMENT_MESSAGES.none}
        </p>
        <p className="mt-1 text-xs text-muted">
          <UserLink id={d.coach.userId} name={d.coach.name} />
          {` · ${d.coach.email}`}
        </p>
      </Section>
      {d.resolvable ? (
        <ResolveForm detail={d} onDone={onDone} />
      ) : (
        <Section title="Resolution">
          <p>{d.dispute.resolution ?? 'Not open'}</p>
          {d.dispute.note && <p className="mt-1 whitespace-pre-line">{d.dispute.note}</p>}
        </Section>
      )}
    </div>
  );
}

const AMOUNT_FORMAT = /^\d{1,7}(\.\d{1,2})?$/;

function ResolveForm({ detail, onDone }: { detail: AdminDisputeDetail; onDone: () => void }) {
  const [outcome, setOutcome] = useState<DisputeOutcome | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ outcome?: string; amount?: string; note?: string }>({});
  const queryClient = useQueryClient();
  const expire = useSessionExpiry();
  const resolve = useMutation({
    mutationFn: (body: { outcome: DisputeOutcome; amount?: string; note: string }) =>
      adminApi(adminApiPaths.resolveDispute(detail.id), { method: 'POST', body }),
    onSuccess: () => {
      toast({ title: RESOLVE_MESSAGES.done });
      onDone();
    },
    onError: (error) => {
      expire(error);
      toast({ title: errorMessage(error, UNEXPECTED_ERROR), variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
  const typed = amount.trim();
  const cents = AMOUNT_FORMAT.test(typed) ? dollarsToCents(typed) : null;
  const split =
    cents !== null && isPartialRefundInRange(cents, detail.amount)
      ? partialRefundSplit(detail.amount, cents)
      : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!outcome) found.outcome = RESOLVE_MESSAGES.outcomeRequired;
    if (outcome === 'partial_refund') {
      if (cents === null) found.amount = RESOLVE_MESSAGES.amountFormat;
      else if (!split) found.amount = RESOLVE_MESSAGES.amountRange(detail.amount);
    }
    if (note.trim().length === 0 || note.trim().length > DISPUTE_NOTE_MAX) {
      found.note = RESOLVE_MESSAGES.noteLength;
    }
    setErrors(found);
    if (!outcome || Object.keys(found).length > 0) return;
    resolve.mutate({
      outcome,
      note: note.trim(),
      ...(outcome === 'partial_refund' ? { amount: typed } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2" disabled={resolve.isPending}>
        <legend className="mb-1 text-sm font-semibold text-ink">{RESOLVE_MESSAGES.title}</legend>
        {DISPUTE_OUTCOME_VALUES.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border-2 px-3 py-2 text-ink',
              outcome === value ? 'border-navy bg-surface' : 'border-line',
            )}
          >
            <input
              type="radio"
              name="outcome"
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
              className="size-4 shrink-0 accent-navy"
            />
            {DISPUTE_OUTCOMES[value]}
          </label>
        ))}
        {errors.outcome && <p className="text-sm font-medium text-danger">{errors.outcome}</p>}
      </fieldset>
      {outcome === 'partial_refund' && (
        <Field
          label={RESOLVE_MESSAGES.amountLabel}
          error={errors.amount}
          hint={
            split
              ? `The Player gets ${formatDollarsAndCents(split.refundCents)} back; ${formatDollarsAndCents(split.keptCents)} is kept and the Coach is paid ${formatDollarsAndCents(split.coachCents)}.`
              : `Less than the ${formatDollarsAndCents(detail.amount)} paid.`
          }
        >
          <input
            className={inputClass}
            inputMode="decimal"
            value={amount}
            disabled={resolve.isPending}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
      )}
      <Field
        label={RESOLVE_MESSAGES.noteLabel}
        error={errors.note}
        hint="Both the Player and the Coach see this note and are e-mailed it."
      >
        <textarea
          className={inputClass}
          rows={3}
          maxLength={DISPUTE_NOTE_MAX}
          value={note}
          disabled={resolve.isPending}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" variant="dark" disabled={resolve.isPending}>
          {RESOLVE_MESSAGES.submit}
        </Button>
      </div>
    </form>
  );
}
