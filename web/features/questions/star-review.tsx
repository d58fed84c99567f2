import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { cn } from '@/lib/cn';
import { count } from '@/lib/count';
import { useReviewCoach } from './question-api';
import { errorMessage } from '@/lib/api-client';

const STARS = [1, 2, 3, 4, 5] as const;
const REVIEW_THANKS = 'Thanks for rating your Coach!';

/** 'Rate this Coach': one 1-5 star review per answered question, changeable by the Player. */
export function StarReview({
  questionId,
  value,
  disabled = false,
  className,
}: {
  questionId: string;
  /** The Player's review so far, or null when none. */
  value: number | null;
  disabled?: boolean;
  className?: string;
}) {
  const labelId = useId();
  const review = useReviewCoach(questionId);
  const [saved, setSaved] = useState<number | null>(null);
  const current = (review.isPending ? review.variables : (saved ?? value)) ?? 0;

  const submit = (rating: number) =>
    review.mutate(rating, {
      onSuccess: () => {
        setSaved(rating);
        toast({ title: REVIEW_THANKS });
      },
      onError: (error) =>
        toast({
          title: errorMessage(error, QUESTION_MESSAGES.reviewFailed),
          variant: 'destructive',
        }),
    });

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-2', className)}
    >
      <p id={labelId} className="text-sm font-semibold text-navy">
        Rate this Coach
      </p>
      <div className="flex">
        {STARS.map((star) => {
          const filled = star <= current;
          return (
            <button
              key={star}
              type="button"
              aria-label={count(star, 'star')}
              aria-pressed={filled}
              disabled={disabled || review.isPending}
              onClick={() => submit(star)}
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
  );
}
