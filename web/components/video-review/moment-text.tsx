import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { latestSentReview, useVideoReviews } from './reviews-api';
import { splitMoments } from './moments';

/** Seeks the question's latest review video to a moment; null where there is none to seek. */
const SeekContext = createContext<((seconds: number) => void) | null>(null);

/** The id of a sent review's video element, which a moment finds it by. */
export const reviewVideoElementId = (reviewId: string) => `review-video-${reviewId}`;

/**
 * Makes the moments in the texts below it ("at 0:42") links to the question's latest sent review
 * video (issue 38): scrolled into view, at that time, left paused.
 */
export function ReviewMoments({
  questionId,
  enabled,
  children,
}: {
  questionId: string;
  /** Whether the question can have sent reviews yet (it has an answer). */
  enabled: boolean;
  children: ReactNode;
}) {
  const { data } = useVideoReviews(questionId, { enabled });
  const latest = data ? latestSentReview(data) : undefined;
  const latestId = latest?.id;
  const seek = useMemo(() => {
    if (!latestId) return null;
    return (seconds: number) => {
      const video = document.getElementById(reviewVideoElementId(latestId));
      if (!(video instanceof HTMLVideoElement)) return;
      video.scrollIntoView?.({ block: 'center' });
      // The keyboard goes with the eyes: Space then plays from the moment.
      video.focus({ preventScroll: true });
      video.pause();
      video.currentTime = seconds;
    };
  }, [latestId]);
  return <SeekContext.Provider value={seek}>{children}</SeekContext.Provider>;
}

/**
 * A text as React text nodes (escaped, never HTML) with each moment it points at a button that
 * seeks the latest review video there; plain text where there is no review to seek.
 */
export function MomentText({ text }: { text: string }) {
  const seek = useContext(SeekContext);
  if (!seek) return text;
  return splitMoments(text).map((part, index) =>
    'text' in part ? (
      part.text
    ) : (
      <button
        key={index}
        type="button"
        onClick={() => seek(part.seconds)}
        className="font-semibold text-navy underline underline-offset-2 hover:text-navy-light"
      >
        {part.moment}
      </button>
    ),
  );
}
