import { useState, type FormEvent } from 'react';
import { DISPUTE_STATEMENT_MAX, DISPUTE_STATEMENT_MESSAGES } from '@contracts/disputes';
import { formatDollarsAndCents } from '@contracts/money';
import type { QuestionDetail } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';
import { SubmitText, UntilHydrated } from '@/components/ui/until-hydrated';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@contracts/dates';
import { useDisputeStatement } from './question-api';

type Dispute = NonNullable<QuestionDetail['dispute']>;

/**
 * The Coach's side of an open dispute (ADR 063): a statement they may rewrite until an
 * administrator resolves it. The last saved version is what the administrator reads.
 */
export function DisputeStatementForm({
  questionId,
  dispute,
}: {
  questionId: string;
  dispute: Dispute;
}) {
  const [statement, setStatement] = useState(dispute.statement ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useDisputeStatement(questionId);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = statement.trim();
    if (text.length === 0 || text.length > DISPUTE_STATEMENT_MAX) {
      setError(DISPUTE_STATEMENT_MESSAGES.statementLength);
      return;
    }
    setError(null);
    save.mutate(text, {
      onSuccess: () => toast({ title: DISPUTE_STATEMENT_MESSAGES.saved }),
      onError: (err) =>
        toast({
          title: errorMessage(err, DISPUTE_STATEMENT_MESSAGES.failed),
          variant: 'destructive',
        }),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3">
      <UntilHydrated>
        <Field
          label={DISPUTE_STATEMENT_MESSAGES.label}
          error={error ?? undefined}
          hint="Tell the administrator your side. You can change it until the dispute is resolved."
        >
          <textarea
            className={inputClass}
            rows={4}
            maxLength={DISPUTE_STATEMENT_MAX}
            value={statement}
            onChange={(event) => setStatement(event.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" disabled={save.isPending}>
            <SubmitText>{DISPUTE_STATEMENT_MESSAGES.submit}</SubmitText>
          </Button>
        </div>
      </UntilHydrated>
    </form>
  );
}

/** The statement, the administrator's note and a partial refund's figures, for both sides. */
export function DisputeHearing({ dispute, isPlayer }: { dispute: Dispute; isPlayer: boolean }) {
  const part = dispute.partialRefund;
  return (
    <>
      {dispute.statement !== null && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-navy">{DISPUTE_STATEMENT_MESSAGES.heading}</h3>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{dispute.statement}</p>
          {dispute.statementAt && (
            <p className="text-xs text-muted">{`Written ${formatDate(dispute.statementAt)}`}</p>
          )}
        </div>
      )}
      {part && (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold text-navy">
            {isPlayer ? 'Refunded to you' : 'Refunded to the Player'}
          </dt>
          <dd className="tabular-nums">
            {formatDollarsAndCents(part.refunded)}
            {part.done ? '' : ' (on its way)'}
          </dd>
          <dt className="font-semibold text-navy">Kept for the answer</dt>
          <dd className="tabular-nums">{formatDollarsAndCents(part.kept)}</dd>
          <dt className="font-semibold text-navy">
            {isPlayer ? 'The Coach’s share' : 'Your payout'}
          </dt>
          <dd className="tabular-nums">{formatDollarsAndCents(part.coachShare)}</dd>
        </dl>
      )}
      {dispute.note !== null && (
        <div className="mt-4 rounded-lg border border-line bg-white px-3 py-2">
          <h3 className="text-sm font-semibold text-navy">Administrator’s note</h3>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{dispute.note}</p>
        </div>
      )}
    </>
  );
}
