import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  AVAILABILITY_MESSAGES,
  OPEN_QUESTION_CAP_MAX,
  PAUSE_NOTE_MAX,
} from '@contracts/availability';
import type { AvailabilityInput, OwnAvailability } from '@contracts/availability-schemas';
import { UNEXPECTED_ERROR } from '@contracts/api-error';
import { profileApiPaths } from '@contracts/profile-api-paths';
import { AvailabilityNotice } from '@/components/availability-notice';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field, inputClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { SubmitText, UntilHydrated } from '@/components/ui/until-hydrated';
import { api, ApiRequestError } from '@/lib/api-client';

const ownAvailabilityQuery = () =>
  queryOptions({
    queryKey: ['profiles', 'expert', 'availability'],
    queryFn: () => api<OwnAvailability>(profileApiPaths.ownAvailability),
  });

const LOAD_FAILED = 'Your availability could not be loaded right now.';

/**
 * Manage Coach Profile's availability (ADR 061): pause taking questions, with an optional return
 * date and note, and cap the questions awaiting an answer. The server enforces both at ask and
 * checkout; this form only sets them.
 */
export function AvailabilityCard() {
  const { data, isError, refetch, isRefetching } = useQuery(ownAvailabilityQuery());
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Bumped by each save, to put the saved values (a note dropped with the pause) back into the
  // fields. A refetch does not: it would throw away what the Coach is typing.
  const [saves, setSaves] = useState(0);
  const save = useMutation({
    mutationFn: (body: AvailabilityInput) =>
      api<OwnAvailability>(profileApiPaths.ownAvailability, { method: 'PUT', body }),
    onSuccess: (saved) => {
      setErrors({});
      queryClient.setQueryData(ownAvailabilityQuery().queryKey, saved);
      setSaves((count) => count + 1);
      void queryClient.invalidateQueries({ queryKey: ['coaches'] });
      toast({ title: AVAILABILITY_MESSAGES.saved });
    },
    onError: (error) => {
      const refused = error instanceof ApiRequestError && error.status < 500;
      setErrors(refused ? error.fields : {});
      toast({ title: refused ? error.message : UNEXPECTED_ERROR, variant: 'destructive' });
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const cap = String(form.get('openQuestionCap') ?? '').trim();
    save.mutate({
      paused: form.get('paused') === 'on',
      returnOn: String(form.get('returnOn') ?? '') || null,
      note: String(form.get('note') ?? ''),
      openQuestionCap: cap === '' ? null : Number(cap),
    });
  };
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-2xl font-bold text-navy">Availability</h2>
      <p className="mt-1 text-sm text-muted">
        Pause taking questions for a while, or cap how many wait for your answer at once. Questions
        already asked keep their deadlines.
      </p>
      {data ? (
        <>
          <div className="mt-4">
            <AvailabilityNotice availability={data.availability} isOwner />
          </div>
          <AvailabilityForm
            key={saves}
            saved={data}
            errors={errors}
            saving={save.isPending}
            onSubmit={onSubmit}
          />
        </>
      ) : isError ? (
        <div className="mt-4">
          <LoadError message={LOAD_FAILED} retrying={isRefetching} onRetry={() => void refetch()} />
        </div>
      ) : (
        // No fields until the saved values are here: a box ticked or cleared before they arrive
        // would be put back when they do.
        <div
          role="status"
          aria-busy="true"
          className="mt-4 h-72 animate-pulse rounded-xl bg-line/60"
        >
          <span className="sr-only">Loading…</span>
        </div>
      )}
    </Card>
  );
}

/** The settings' fields, filled with what was last saved. */
function AvailabilityForm({
  saved,
  errors,
  saving,
  onSubmit,
}: {
  saved: OwnAvailability;
  errors: Record<string, string>;
  saving: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
      <UntilHydrated>
        <CheckboxField name="paused" defaultChecked={saved.paused} label="Pause taking questions" />
        <Field
          label="Return date (optional)"
          error={errors.returnOn}
          hint="Shown as “Back on” this date; the pause ends by itself that day."
        >
          <input
            name="returnOn"
            type="date"
            defaultValue={saved.returnOn ?? ''}
            className={inputClass}
          />
        </Field>
        <Field label="Note for Players (optional)" error={errors.note}>
          <textarea
            name="note"
            maxLength={PAUSE_NOTE_MAX}
            rows={2}
            defaultValue={saved.note ?? ''}
            className={inputClass}
          />
        </Field>
        <Field
          label="Most open questions at once (optional)"
          error={errors.openQuestionCap}
          hint={`Empty for no cap. When reached, Players see “${AVAILABILITY_MESSAGES.fullyBooked}”.`}
        >
          <input
            name="openQuestionCap"
            type="number"
            inputMode="numeric"
            min={1}
            max={OPEN_QUESTION_CAP_MAX}
            step={1}
            defaultValue={saved.openQuestionCap ?? ''}
            className={inputClass}
          />
        </Field>
        <Button type="submit" size="lg" disabled={saving} className="self-start">
          <SubmitText>Save availability</SubmitText>
        </Button>
      </UntilHydrated>
    </form>
  );
}
