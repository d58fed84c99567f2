import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

const STARS = [1, 2, 3, 4, 5];
/**
 * An average beside its stars: one decimal, '4.8', '5.0'. Here, not in contracts/directory.ts:
 * the home page's cards show stars, and that module's texts would ship with them.
 */
const formatAverage = (average: number): string => average.toFixed(1);

/**
 * A 1-5 star rating: the filled stars for sighted users, '4 out of 5 stars' for screen readers, and
 * the review count when given. A Coach's average is written beside the stars too ('4.8', issue
 * 36), and read out instead of the rounded count. With no rating it says 'No ratings yet'.
 */
export function StarRating({
  rating,
  average,
  reviewCount,
  size = 'md',
  className,
}: {
  rating: number | null;
  /** The average to one decimal, for a Coach's rating. */
  average?: number | null;
  reviewCount?: number;
  size?: 'md' | 'lg';
  className?: string;
}) {
  if (rating === null) {
    return (
      <p className={cn('flex items-center gap-2 text-sm font-medium text-muted', className)}>
        <Star aria-hidden className="size-4 shrink-0 text-muted/60" />
        No ratings yet
      </p>
    );
  }
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  const starClass = size === 'lg' ? 'size-7' : 'size-5';
  const shown = average == null ? null : formatAverage(average);
  return (
    <div className={cn('flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <span role="img" aria-label={`${shown ?? filled} out of 5 stars`} className="flex gap-0.5">
        {STARS.map((star) => (
          <Star
            key={star}
            aria-hidden
            strokeWidth={2}
            className={cn(
              starClass,
              'shrink-0',
              star <= filled ? 'fill-volt text-navy' : 'fill-transparent text-navy/25',
            )}
          />
        ))}
      </span>
      {shown !== null && (
        <span aria-hidden className="font-bold text-navy tabular-nums">
          {shown}
        </span>
      )}
      {reviewCount !== undefined && (
        <span className="text-sm text-muted">
          {`(${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'})`}
        </span>
      )}
    </div>
  );
}
