import { useParams } from 'react-router';
import { REVIEW_PLAYER_MESSAGES } from '@contracts/review-player';
import { useVideoReviews } from '@/components/video-review/reviews-api';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/page-loading';
import { AccessRestricted, QuestionNotFound } from '@/features/questions/detail-parts';
import { errorStatus } from '@/features/questions/question-api';
import { InteractiveReview } from '@/features/video-review/interactive/interactive-review';

/**
 * /questions/:id/reviews/:reviewId, the interactive review (issue 38), behind the sign-in guard:
 * the question's Player and its Coach. Anyone else sees what the question page shows them (the
 * server refuses the reviews as it refuses the question); a review the viewer cannot see (another
 * question's, or a draft shown to the Player) is as missing as the question.
 */
export function ReviewPage() {
  const { id = '', reviewId = '' } = useParams();
  // The links are not renewed while the review is replayed: a new link would reload the clip.
  const { data, error, isPending, isFetching, refetch } = useVideoReviews(id, { refresh: false });
  const status = errorStatus(error);
  if (status === 403) return <AccessRestricted />;
  if (status !== null && status >= 400 && status < 500) return <QuestionNotFound />;
  if (error) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <LoadError
          message={REVIEW_PLAYER_MESSAGES.loadFailed}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      </div>
    );
  }
  if (isPending) return <PageLoading />;
  const review = data.find((r) => r.id === reviewId);
  if (!review) return <QuestionNotFound />;
  return <InteractiveReview key={review.id} questionId={id} review={review} />;
}
