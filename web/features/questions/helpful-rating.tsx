import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { cn } from '@/lib/cn';
import { FeedbackGroup, useAnswerFeedback } from './answer-feedback';
import { useRateQuestion } from './question-api';

const OPTIONS = [
  { isHelpful: true, label: 'Helpful', icon: ThumbsUp },
  { isHelpful: false, label: 'Not helpful', icon: ThumbsDown },
] as const;

/** 'Was this answer helpful?' with two toggle buttons; the Player may change their mind. */
export function HelpfulRating({
  questionId,
  value,
  disabled = false,
  className,
}: {
  questionId: string;
  /** The Player's rating so far, or null when none is known. */
  value: boolean | null;
  disabled?: boolean;
  className?: string;
}) {
  const rate = useAnswerFeedback({
    mutation: useRateQuestion(questionId),
    value,
    thanks: QUESTION_MESSAGES.ratingThanks,
    failed: QUESTION_MESSAGES.ratingFailed,
  });

  return (
    <FeedbackGroup
      label="Was this answer helpful?"
      className={className}
      buttonsClassName="flex gap-2"
    >
      {OPTIONS.map(({ isHelpful, label, icon: Icon }) => {
        const pressed = rate.current === isHelpful;
        return (
          <button
            key={label}
            type="button"
            aria-pressed={pressed}
            disabled={disabled || rate.pending}
            onClick={() => rate.submit(isHelpful)}
            className={cn(
              'inline-flex h-9 items-center gap-1.5 rounded-full border-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50',
              pressed
                ? 'border-navy bg-navy text-white'
                : 'border-line bg-white text-navy hover:border-navy',
            )}
          >
            <Icon
              aria-hidden
              className={cn('size-4 shrink-0', pressed && isHelpful && 'text-volt')}
            />
            {label}
          </button>
        );
      })}
    </FeedbackGroup>
  );
}
