import { REVIEW_MESSAGES, REVIEW_TEXTS } from '@contracts/reviews';
import type { PublicReview } from '@contracts/reviews-schemas';
import { LoadError } from '@/components/ui/load-error';
import { Button } from '@/components/ui/button';
import { StarRating } from '@/components/ui/star-rating';
import { formatDate } from '@contracts/dates';
import { useCoachReviews } from './api';
import { ReplyForm } from './reply-form';
import { ReportReviewDialog } from './report-review-dialog';

/**
 * The Coach's written reviews on their public page (issue 24): newest first, a page at a time
 * (the first page server-rendered), each with the Player's name, the date, the stars, the words
 * and the Coach's reply. The Coach replies from their own view; anyone signed in may report one.
 */
export function CoachReviews({
  coachId,
  coachName,
  isOwner,
  signedIn,
}: {
  coachId: string;
  coachName: string;
  isOwner: boolean;
  signedIn: boolean;
}) {
  const reviews = useCoachReviews(coachId);
  const rows = reviews.data?.pages.flatMap((page) => page.rows) ?? [];

  return (
    <section aria-labelledby="coach-reviews-heading">
      <h2 id="coach-reviews-heading" className="text-2xl font-bold text-navy">
        {REVIEW_TEXTS.heading}
      </h2>
      {reviews.isError && rows.length === 0 ? (
        <LoadError message={REVIEW_MESSAGES.loadFailed} onRetry={() => void reviews.refetch()} />
      ) : reviews.isPending ? (
        <p className="mt-3 text-muted">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-muted">{REVIEW_TEXTS.empty}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-4">
          {rows.map((review) => (
            <li key={review.id}>
              <ReviewCard
                review={review}
                coachName={coachName}
                isOwner={isOwner}
                signedIn={signedIn}
              />
            </li>
          ))}
        </ul>
      )}
      {reviews.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            type="button"
            variant="outline"
            disabled={reviews.isFetchingNextPage}
            onClick={() => void reviews.fetchNextPage()}
          >
            {reviews.isFetchingNextPage ? 'Loading…' : REVIEW_TEXTS.loadMore}
          </Button>
        </div>
      )}
    </section>
  );
}

function ReviewCard({
  review,
  coachName,
  isOwner,
  signedIn,
}: {
  review: PublicReview;
  coachName: string;
  isOwner: boolean;
  signedIn: boolean;
}) {
  return (
    <article
      aria-label={`Review by ${review.playerName}`}
      className="rounded-xl border border-line p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-navy">{review.playerName}</p>
        <time dateTime={review.createdAt} className="text-sm text-muted">
          {formatDate(review.createdAt)}
        </time>
      </header>
      <StarRating rating={review.rating} className="mt-2" />
      {review.words && (
        <p className="mt-2 break-words whitespace-pre-line text-ink">{review.words}</p>
      )}
      {review.reply !== null && (
        <div className="mt-3 rounded-lg border-l-4 border-navy bg-surface px-4 py-3">
          <p className="text-sm font-semibold text-navy">
            {REVIEW_TEXTS.replyHeading(coachName)}
            {review.repliedAt && (
              <time dateTime={review.repliedAt} className="ml-2 font-normal text-muted">
                {formatDate(review.repliedAt)}
              </time>
            )}
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{review.reply}</p>
        </div>
      )}
      {isOwner && review.reply === null && (
        <ReplyForm reviewId={review.id} playerName={review.playerName} />
      )}
      {signedIn && (
        <div className="mt-2 flex justify-end">
          <ReportReviewDialog reviewId={review.id} playerName={review.playerName} />
        </div>
      )}
    </article>
  );
}
