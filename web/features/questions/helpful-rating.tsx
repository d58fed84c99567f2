import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId, useState } from 'react';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { cn } from '@/lib/cn';
import { useRateQuestion } from './question-api';
import { errorMessage } from '@/lib/api-client';

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
  const labelId = useId();
  const rate = useRateQuestion(questionId);
  // The last rating saved here, shown until the server's value catches up (or where it is unknown).
  const [saved, setSaved] = useState<boolean | null>(null);
  const current = rate.isPending ? rate.variables : (saved ?? value);

  const submit = (isHelpful: boolean) =>
    rate.mutate(isHelpful, {
      onSuccess: () => {
        setSaved(isHelpful);
        toast(QUESTION_MESSAGES.ratingThanks(isHelpful));
      },
      onError: (error) =>
        toast({
          title: errorMessage(error, QUESTION_MESSAGES.ratingFailed),
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
        Was this answer helpful?
      </p>
      <div className="flex gap-2">
        {OPTIONS.map(({ isHelpful, label, icon: Icon }) => {
          const pressed = current === isHelpful;
          return (
            <button
              key={label}
              type="button"
              aria-pressed={pressed}
              disabled={disabled || rate.isPending}
              onClick={() => submit(isHelpful)}
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
      </div>
    </div>
  );
}
