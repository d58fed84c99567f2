import { Download, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { ATTACHMENT_MESSAGES } from '@contracts/attachments';
import { REVIEW_PLAYER_MESSAGES } from '@contracts/review-player';
import { formatDuration, REVIEW_MESSAGES, type VideoReview } from '@contracts/video-review';
import { Button } from '@/components/ui/button';
import { reviewVideoElementId } from './moment-text';
import { sentReviews, useVideoReviews } from './reviews-api';

/** Where a review's interactive replay opens. */
export const interactiveReviewPath = (questionId: string, reviewId: string) =>
  `/questions/${encodeURIComponent(questionId)}/reviews/${encodeURIComponent(reviewId)}`;

/**
 * The video reviews an answer sent (issue 38): the first answer's (`messageId` null) under the
 * answer, a follow-up answer's under its message. Nothing while they load or when there are none.
 */
export function SentReviews({
  questionId,
  messageId,
  enabled = true,
}: {
  questionId: string;
  messageId: string | null;
  /** Whether the question can have sent reviews yet (it has an answer). */
  enabled?: boolean;
}) {
  const { data } = useVideoReviews(questionId, { enabled });
  const reviews = data ? sentReviews(data).filter((r) => r.messageId === messageId) : [];
  if (reviews.length === 0) return null;
  return (
    <ul aria-label={REVIEW_PLAYER_MESSAGES.draftsHeading} className="flex flex-col gap-4">
      {reviews.map((review) => (
        <li key={review.id}>
          <SentReview questionId={questionId} review={review} />
        </li>
      ))}
    </ul>
  );
}

function SentReview({ questionId, review }: { questionId: string; review: VideoReview }) {
  const line = REVIEW_MESSAGES.sentLine(formatDuration(review.durationMs ?? 0));
  return (
    <section
      aria-label={line}
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3 sm:p-4"
    >
      <p className="flex items-center gap-2 font-semibold text-navy">
        <PlayCircle aria-hidden className="size-5 shrink-0" />
        {line}
      </p>
      {review.videoUrl === null ? (
        <p className="text-sm text-muted italic">{ATTACHMENT_MESSAGES.removed}</p>
      ) : (
        <>
          <video
            id={reviewVideoElementId(review.id)}
            controls
            playsInline
            preload="metadata"
            poster={review.posterUrl ?? undefined}
            src={review.videoUrl}
            aria-label={line}
            className="aspect-video max-h-[70vh] w-full rounded-lg bg-black"
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button asChild size="sm">
              <Link to={interactiveReviewPath(questionId, review.id)}>
                {REVIEW_MESSAGES.openInteractive}
              </Link>
            </Button>
            {review.downloadUrl && (
              <Button asChild size="sm" variant="outline">
                <a href={review.downloadUrl} download>
                  <Download aria-hidden />
                  {REVIEW_PLAYER_MESSAGES.download}
                </a>
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
