import type { AdminReview } from '@contracts/reviews-schemas';
import { REVIEW_ACTIONS, reviewApiPaths } from '@contracts/reviews';
import { StarRating } from '@/components/ui/star-rating';
import { StatusBadge } from '../admin-table';
import { ConfirmAction } from '../confirm-action';

/** The reported review, as the Coach's page shows it, and whether it is hidden (ADR 062). */
export function ReviewSummary({ review }: { review: AdminReview }) {
  return (
    <div className="mt-2 rounded-lg border border-line bg-surface p-3">
      <p className="flex flex-wrap items-center gap-2 text-xs font-semibold text-muted uppercase">
        Reported review
        {!review.published && <StatusBadge>hidden</StatusBadge>}
      </p>
      <StarRating rating={review.rating} className="mt-1" />
      {review.words && <p className="mt-1 break-words text-ink">{review.words}</p>}
      {review.reply && (
        <p className="mt-1 border-l-2 border-navy pl-2 break-words text-muted">{review.reply}</p>
      )}
    </div>
  );
}

/** Hide a published review, or restore a hidden one, behind a confirmation. */
export function ReviewActions({ review }: { review: AdminReview }) {
  const action = review.published ? 'hide' : 'restore';
  return (
    <ConfirmAction
      action={REVIEW_ACTIONS[action]}
      path={reviewApiPaths.adminAction(review.id, action)}
      destructive={action === 'hide'}
    />
  );
}
