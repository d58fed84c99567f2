import { useEffect, useRef, useState, type FormEvent } from 'react';
import { REVIEW_MESSAGES, REVIEW_TEXTS, REVIEW_WORDS_MAX } from '@contracts/reviews';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';
import { SubmitText, UntilHydrated } from '@/components/ui/until-hydrated';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useReplyToReview } from './api';

/**
 * The reply's schema is fetched when the form first shows, not with the page: the Coach's public
 * page is everyone's, the form only the Coach's, and building zod's schemas was most of the page's
 * start-up work on a slow phone (ADR 073).
 */
const loadReplySchema = () =>
  import('@contracts/reviews-schemas').then((schemas) => schemas.reviewReplySchema);

/**
 * The reviewed Coach's one public reply, on their own view of their page. It cannot be edited
 * afterwards (ADR 062), which the hint says before it is sent. The page is server-rendered, so the
 * form waits for the app (ADR 053).
 */
export function ReplyForm({ reviewId, playerName }: { reviewId: string; playerName: string }) {
  const mutation = useReplyToReview(reviewId);
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | undefined>();
  // True while a submit waits for the schema, so a double click sends one reply.
  const checking = useRef(false);

  useEffect(() => {
    // Fetched now so that a submit finds it; a failure here is retried by the submit.
    void loadReplySchema().catch(() => undefined);
  }, []);

  const fail = (failure: unknown) => {
    const message = errorMessage(failure, REVIEW_MESSAGES.replyFailed);
    setError(message);
    toast({ title: message, variant: 'destructive' });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending || checking.current) return;
    checking.current = true;
    void loadReplySchema()
      .then((schema) => {
        const parsed = schema.safeParse({ reply });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? REVIEW_MESSAGES.replyLength);
          return;
        }
        mutation.mutate(parsed.data.reply, {
          onSuccess: () => toast({ title: REVIEW_MESSAGES.replyPosted }),
          onError: fail,
        });
      }, fail)
      .finally(() => {
        checking.current = false;
      });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2">
      <UntilHydrated>
        <Field
          label={`${REVIEW_TEXTS.replyLabel} to ${playerName}`}
          error={error}
          hint="Your reply is public and cannot be changed once posted."
        >
          <textarea
            className={cn(inputClass, 'min-h-20 resize-y')}
            rows={2}
            maxLength={REVIEW_WORDS_MAX}
            value={reply}
            disabled={mutation.isPending}
            onChange={(event) => {
              setReply(event.target.value);
              if (error) setError(undefined);
            }}
          />
        </Field>
        <Button
          type="submit"
          size="sm"
          variant="dark"
          className="self-start"
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
        >
          <SubmitText>{REVIEW_TEXTS.replySubmit}</SubmitText>
        </Button>
      </UntilHydrated>
    </form>
  );
}
