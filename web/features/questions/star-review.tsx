import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { REVIEW_MESSAGES, REVIEW_TEXTS, REVIEW_WORDS_MAX } from '@contracts/reviews';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';
import { StarRating } from '@/components/ui/star-rating';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { count } from '@/lib/count';
import { useReviewCoach } from './question-api';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * 'Rate this Coach': one 1-5 star review per answered question with optional words (issue 24),
 * changeable by the Player until the Coach replies; then it is shown as published, with the reply.
 */
export function StarReview({
  questionId,
  value,
  words,
  reply,
  coachName,
  className,
}: {
  questionId: string;
  /** The Player's stars so far, or null when none. */
  value: number | null;
  words: string | null;
  /** The Coach's reply; once there, the review can no longer change (ADR 062). */
  reply: string | null;
  coachName: string;
  className?: string;
}) {
  if (value !== null && reply !== null) {
    return (
      <section aria-label="Your review" className={cn('flex flex-col gap-2', className)}>
        <p className="text-sm font-semibold text-navy">Your review</p>
        <StarRating rating={value} />
        {words && <p className="break-words whitespace-pre-line text-ink">{words}</p>}
        <div className="mt-1 rounded-lg border-l-4 border-navy bg-surface px-4 py-3">
          <p className="text-sm font-semibold text-navy">{REVIEW_TEXTS.replyHeading(coachName)}</p>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{reply}</p>
        </div>
      </section>
    );
  }
  return <ReviewForm questionId={questionId} value={value} words={words} className={className} />;
}

function ReviewForm({
  questionId,
  value,
  words,
  className,
}: {
  questionId: string;
  value: number | null;
  words: string | null;
  className?: string;
}) {
  const mutation = useReviewCoach(questionId);
  const [rating, setRating] = useState<number | null>(value);
  const [text, setText] = useState(words ?? '');
  const [error, setError] = useState<string | undefined>();
  const labelId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating === null || mutation.isPending) return;
    const trimmed = text.trim();
    mutation.mutate(
      { rating, ...(trimmed ? { words: trimmed } : {}) },
      {
        onSuccess: () => {
          setError(undefined);
          toast({ title: REVIEW_MESSAGES.reviewSaved });
        },
        onError: (failure) => {
          const message = errorMessage(failure, QUESTION_MESSAGES.reviewFailed);
          setError(message);
          toast({ title: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className={cn('flex flex-col gap-3', className)}>
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-x-3">
        <p id={labelId} className="text-sm font-semibold text-navy">
          Rate this Coach
        </p>
        <div className="flex">
          {STARS.map((star) => {
            const filled = rating !== null && star <= rating;
            return (
              <button
                key={star}
                type="button"
                aria-label={count(star, 'star')}
                aria-pressed={rating === star}
                disabled={mutation.isPending}
                onClick={() => setRating(star)}
                className="rounded-md p-1 text-navy transition-transform hover:scale-110 disabled:pointer-events-none disabled:opacity-50 motion-reduce:transition-none motion-reduce:hover:scale-100"
              >
                <Star
                  aria-hidden
                  strokeWidth={2}
                  className={cn(
                    'size-7 shrink-0',
                    filled ? 'fill-volt text-navy' : 'fill-transparent text-navy/50',
                  )}
                />
              </button>
            );
          })}
        </div>
      </div>
      <Field
        label={REVIEW_TEXTS.wordsLabel}
        error={error}
        hint={`${text.length}/${REVIEW_WORDS_MAX} characters`}
      >
        <textarea
          className={cn(inputClass, 'min-h-24 resize-y')}
          rows={3}
          maxLength={REVIEW_WORDS_MAX}
          value={text}
          disabled={mutation.isPending}
          onChange={(event) => setText(event.target.value)}
        />
      </Field>
      <Button
        type="submit"
        className="self-start"
        disabled={rating === null || mutation.isPending}
        aria-busy={mutation.isPending}
      >
        {value === null ? REVIEW_TEXTS.submit : REVIEW_TEXTS.update}
      </Button>
    </form>
  );
}
