import { Star } from 'lucide-react';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { cn } from '@/lib/cn';
import { count } from '@/lib/count';
import { FeedbackGroup, useAnswerFeedback } from './answer-feedback';
import { useReviewCoach } from './question-api';

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
  const review = useAnswerFeedback({
    mutation: useReviewCoach(questionId),
    value,
    thanks: () => ({ title: REVIEW_THANKS }),
    failed: QUESTION_MESSAGES.reviewFailed,
  });
  const current = review.current ?? 0;

  return (
    <FeedbackGroup label="Rate this Coach" className={className} buttonsClassName="flex">
      {STARS.map((star) => {
        const filled = star <= current;
        return (
          <button
            key={star}
            type="button"
            aria-label={count(star, 'star')}
            aria-pressed={filled}
            disabled={disabled || review.pending}
            onClick={() => review.submit(star)}
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
    </FeedbackGroup>
  );
}
