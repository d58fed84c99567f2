import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { promiseText } from '@contracts/response-time';
import { formatWholeDollars } from '@contracts/money';
import { PAYMENT_MESSAGES } from '@contracts/payments';
import { askQuestionSchema, QUESTION_MESSAGES, type AskQuestionInput } from '@contracts/questions';
import { questionApiPaths } from '@contracts/question-api-paths';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { AgreementLabel } from '@/components/agreement-label';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field, inputClass } from '@/components/ui/field';
import { startCheckout } from './checkout-api';
import { api, ApiRequestError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { ATTACHMENT_MESSAGES } from '@contracts/attachments';
import { AttachmentPicker } from '@/components/attachments/attachment-picker';
import { useUploads } from '@/components/attachments/use-uploads';

type FormValues = z.input<typeof askQuestionSchema>;

const QUESTION_MAX = 5000;
const CONTEXT_MAX = 2000;

/** Server field errors shown beside their field; the consents are announced as a toast instead. */
const INLINE_FIELDS: Path<FormValues>[] = ['playerName', 'question', 'context', 'pledge'];

/**
 * Creates the question; the server answers with its id. An empty context is left out. The form's
 * key makes a double submit or a retry find the first question instead of asking twice.
 */
const submitQuestion = ({ context, ...input }: AskQuestionInput, idempotencyKey: string) =>
  api<{ id: string }>(questionApiPaths.questions, {
    method: 'POST',
    body: context ? { ...input, context } : input,
    headers: { 'idempotency-key': idempotencyKey },
  });

/** 32 random hex digits; getRandomValues works on plain http too, unlike randomUUID. */
const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/**
 * The ask form (spec §2 'Ask form', §5 'Ask form'), for one Coach at their current price. Once the
 * question exists the whole page goes to card checkout (spec §7 create-payment).
 */
export function AskForm({
  coachId,
  coachName,
  price,
  responseHours,
  defaultName,
}: {
  coachId: string;
  /** The Coach's name, labelling the checkout session. */
  coachName?: string;
  /** The Coach's price per question, in cents. */
  price: number;
  /** The Coach's response-time promise in hours: the refund of an unanswered question (ADR 060). */
  responseHours: number;
  /** The signed-in user's name, prefilled. */
  defaultName: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pledgeErrorId = useId();
  const form = useForm<FormValues, unknown, AskQuestionInput>({
    resolver: zodResolver(askQuestionSchema),
    defaultValues: {
      coachId,
      playerName: defaultName,
      question: '',
      context: '',
      pledge: false as true,
      acceptedConsents: false as true,
    },
  });
  const { errors } = form.formState;
  const question = useWatch({ control: form.control, name: 'question' }) ?? '';
  const context = useWatch({ control: form.control, name: 'context' }) ?? '';

  const uploads = useUploads();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const send = useMutation({
    mutationFn: (input: AskQuestionInput) => submitQuestion(input, idempotencyKey),
    onSuccess: async ({ id }) => {
      void queryClient.invalidateQueries({ queryKey: ['questions'] });
      try {
        window.location.assign(await startCheckout({ id, amount: price, coachName }));
      } catch (failure) {
        // The question exists: the Player can pay from its page. A refusal says why (the Coach
        // became fully booked meanwhile, ADR 082); anything else is the payment error.
        const refused = failure instanceof ApiRequestError && failure.status < 500;
        toast(
          refused
            ? { title: failure.message, variant: 'destructive' }
            : { ...PAYMENT_MESSAGES.paymentError, variant: 'destructive' },
        );
        await navigate(`/questions/${encodeURIComponent(id)}`);
      }
    },
    onError: (error) => {
      if (error instanceof ApiRequestError) {
        for (const field of INLINE_FIELDS) {
          const message = error.fields[field];
          if (message) form.setError(field, { message });
        }
        // Acting as a Coach after all: the account in the cache is stale.
        if (error.status === 403) void queryClient.invalidateQueries({ queryKey: ['account'] });
      }
      toast({
        title: errorMessage(error, QUESTION_MESSAGES.submitFailed),
        variant: 'destructive',
      });
    },
  });
  const busy = send.isPending || send.isSuccess;

  // The consents are announced as a toast, as the spec words them; every other message is inline.
  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    if (invalid.acceptedConsents) {
      toast({ ...QUESTION_MESSAGES.consentsRequired, variant: 'destructive' });
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        // A question is not sent until its attachments are complete (issue 23).
        if (uploads.uploading) {
          toast({ title: ATTACHMENT_MESSAGES.stillUploading, variant: 'destructive' });
          return;
        }
        send.mutate({ ...values, attachmentIds: uploads.attachmentIds });
      }, onInvalid)}
      className="flex flex-col gap-5"
    >
      <Field label="Your Name" error={errors.playerName?.message}>
        <input className={inputClass} autoComplete="name" {...form.register('playerName')} />
      </Field>

      <Field
        label="Your Question"
        error={errors.question?.message}
        hint={<Counter length={question.length} max={QUESTION_MAX} />}
      >
        <textarea
          className={cn(inputClass, 'min-h-40 resize-y')}
          rows={6}
          placeholder="What do you want your Coach to break down for you?"
          {...form.register('question')}
        />
      </Field>

      <Field
        label="Additional Context (optional)"
        error={errors.context?.message}
        hint={<Counter length={context.length} max={CONTEXT_MAX} />}
      >
        <textarea
          className={cn(inputClass, 'min-h-28 resize-y')}
          rows={4}
          placeholder="Your level, your position, what you've tried so far…"
          {...form.register('context')}
        />
      </Field>

      <AttachmentPicker uploads={uploads} />

      <div className="flex flex-col gap-4 rounded-xl bg-surface p-4">
        <div>
          <CheckboxField
            {...form.register('pledge')}
            aria-invalid={errors.pledge ? true : undefined}
            aria-describedby={errors.pledge ? pledgeErrorId : undefined}
            label="I pledge to keep my question respectful and on-topic."
          />
          {errors.pledge?.message && (
            <p id={pledgeErrorId} className="mt-1.5 pl-8 text-sm font-medium text-danger">
              {errors.pledge.message}
            </p>
          )}
        </div>
        <CheckboxField
          {...form.register('acceptedConsents')}
          aria-invalid={errors.acceptedConsents ? true : undefined}
          label={<AgreementLabel revenue="player" />}
        />
      </div>

      <div className="flex flex-col gap-4 border-t border-line pt-5">
        <div className="flex items-start gap-3">
          <span className="shrink-0 rounded-full bg-navy px-3 py-1 font-display text-xl leading-tight font-bold text-volt">
            {formatWholeDollars(price)}
          </span>
          <p className="flex-1 text-sm leading-6 text-muted">
            <LockKeyhole aria-hidden className="mr-1.5 inline size-4 -translate-y-px text-navy" />
            {`You pay ${formatWholeDollars(price)} for this question. It is held until your question is answered; unanswered questions are refunded after ${promiseText(responseHours)}.`}
          </p>
        </div>
        {uploads.uploading && (
          <p className="text-sm font-medium text-muted" role="status">
            {ATTACHMENT_MESSAGES.stillUploading}
          </p>
        )}
        <Button type="submit" size="lg" disabled={busy || uploads.uploading} className="w-full">
          {busy ? 'Submitting…' : 'Submit Question'}
        </Button>
      </div>
    </form>
  );
}

/** Characters typed against the limit, turning red past it. */
function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span
      className={cn('block text-right tabular-nums', length > max && 'font-semibold text-danger')}
    >
      {`${length}/${max}`}
    </span>
  );
}
