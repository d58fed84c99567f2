import { Clapperboard, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { REVIEW_PLAYER_MESSAGES } from '@contracts/review-player';
import {
  formatDuration,
  REVIEW_MESSAGES,
  studioPath,
  type VideoReview,
} from '@contracts/video-review';
import { useQuestionAttachments } from '@/components/attachments/api';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useRemoveDraft, useVideoReviews } from './reviews-api';

/** The Coach's unsent reviews of a question, as an answer form sends them. */
export interface ReviewDrafts {
  questionId: string;
  drafts: VideoReview[];
  /** What the answer sends as `reviewIds`: the drafts ready to play. */
  readyIds: string[];
  /** A draft is still being prepared: the answer waits for it (REVIEW_MESSAGES.notReady). */
  processing: boolean;
  /** Not read yet: sending now would leave the drafts behind. */
  loading: boolean;
  failed: boolean;
}

/**
 * The drafts an answer form (the first answer or the follow-up's) sends with its text (issue 38).
 * Read only while the form is open (`enabled`), and every 2 s while one is being prepared.
 */
export function useReviewDrafts(questionId: string, enabled: boolean): ReviewDrafts {
  const { data, isPending, isError } = useVideoReviews(questionId, { enabled });
  const drafts = (data ?? []).filter((review) => review.sentAt === null);
  return {
    questionId,
    drafts,
    readyIds: drafts.filter((d) => d.status === 'ready').map((d) => d.id),
    processing: drafts.some((d) => d.status === 'processing'),
    loading: enabled && isPending && !isError,
    failed: isError && data === undefined,
  };
}

/**
 * The answer form's video reviews: a link to the studio when the Player sent a video, and each
 * draft with its poster and length, its preparation, or its failure, and a Remove button.
 */
export function DraftReviews({
  drafts,
  playerMessageIds = [],
}: {
  drafts: ReviewDrafts;
  /** The Player's messages, whose videos the studio can open too (the question's always can). */
  playerMessageIds?: readonly string[];
}) {
  const clip = useFirstPlayerVideo(drafts.questionId, playerMessageIds);
  const remove = useRemoveDraft(drafts.questionId);
  const headingId = useId();
  if (!clip && drafts.drafts.length === 0 && !drafts.loading && !drafts.failed) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-line p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-ink">
          {REVIEW_PLAYER_MESSAGES.draftsHeading}
        </h3>
        {clip && (
          <Button asChild size="sm" variant="outline">
            <Link to={studioPath(drafts.questionId, clip)}>
              <Clapperboard aria-hidden />
              {REVIEW_MESSAGES.openStudio}
            </Link>
          </Button>
        )}
      </div>
      {drafts.loading && (
        <p role="status" className="text-sm text-muted">
          {REVIEW_PLAYER_MESSAGES.draftsLoading}
        </p>
      )}
      {drafts.failed && (
        <p role="alert" className="text-sm text-danger">
          {REVIEW_PLAYER_MESSAGES.draftsFailed}
        </p>
      )}
      {drafts.drafts.length > 0 && (
        <ul className="flex flex-col gap-2">
          {drafts.drafts.map((draft) => (
            <li key={draft.id}>
              <Draft
                draft={draft}
                removing={remove.isPending && remove.variables === draft.id}
                onRemove={() => remove.mutate(draft.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {remove.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(remove.error, REVIEW_PLAYER_MESSAGES.removeFailed)}
        </p>
      )}
    </section>
  );
}

function Draft({
  draft,
  removing,
  onRemove,
}: {
  draft: VideoReview;
  removing: boolean;
  onRemove: () => void;
}) {
  const label =
    draft.durationMs === null
      ? REVIEW_PLAYER_MESSAGES.draft
      : REVIEW_PLAYER_MESSAGES.draftLabel(formatDuration(draft.durationMs));
  return (
    <article aria-label={label} className="flex items-center gap-3 rounded-lg bg-surface p-2">
      {draft.status === 'ready' && draft.posterUrl ? (
        <img
          src={draft.posterUrl}
          alt=""
          className="aspect-video w-24 shrink-0 rounded-md bg-black object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="flex aspect-video w-24 shrink-0 items-center justify-center rounded-md bg-navy/10 text-navy"
        >
          {draft.status === 'failed' ? (
            <TriangleAlert className="size-5 text-danger" />
          ) : draft.status === 'processing' ? (
            <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" />
          ) : (
            <Clapperboard className="size-5" />
          )}
        </span>
      )}
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-navy">{REVIEW_PLAYER_MESSAGES.draft}</p>
        {draft.durationMs !== null && (
          <p className="text-muted tabular-nums">{formatDuration(draft.durationMs)}</p>
        )}
        {draft.status === 'processing' && (
          <p role="status" className="text-muted">
            {REVIEW_MESSAGES.processing(draft.progress)}
          </p>
        )}
        {draft.status === 'failed' && <p className="text-danger">{REVIEW_MESSAGES.failed}</p>}
      </div>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        disabled={removing}
        onClick={onRemove}
        className="text-danger hover:bg-danger-soft"
      >
        {REVIEW_PLAYER_MESSAGES.remove}
      </Button>
    </article>
  );
}

/** The first video the Player sent: with the question, else in a message of theirs. */
function useFirstPlayerVideo(questionId: string, playerMessageIds: readonly string[]) {
  const { data } = useQuestionAttachments(questionId);
  if (!data) return undefined;
  const files = [
    ...data.question,
    ...playerMessageIds.flatMap((messageId) => data.messages[messageId] ?? []),
  ];
  return files.find((file) => file.kind === 'video' && !file.removed)?.id;
}
