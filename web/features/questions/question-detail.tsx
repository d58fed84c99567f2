import { useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { playerActions, coachActions, followUpExpired } from '@contracts/question-states';
import { questionDetailState } from '@contracts/studio-access';
import { aroundAnswer, type MessageKind } from '@contracts/question-thread';
import type { QuestionDetail } from '@contracts/questions';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { Hero } from '@/components/ui/hero';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/page-loading';
import { ReviewMoments } from '@/components/video-review/moment-text';
import { SentReviews } from '@/components/video-review/sent-reviews';
import { useReviewsFollowTheThread } from '@/components/video-review/reviews-api';
import { PlayerActions, PaymentRequired } from './player-actions';
import { AnswerCard, CoachCard, QuestionCard } from './detail-cards';
import { QuestionAttachments, useAttachmentsFollowTheThread } from './question-attachments';
import { AccessRestricted, Box, PaymentBadge, QuestionNotFound } from './detail-parts';
import {
  DeclinedBox,
  DisputeStatus,
  PaymentBox,
  RefundedBox,
  UnpaidBox,
  WaitingBox,
  WithdrawnBox,
} from './money-state';
import { errorStatus, useMarkQuestionViewed, useQuestionDetail } from './question-api';
import { ConversationActions, ThreadMessages } from './conversation';
import { Thread } from './question-thread';
import { refundedSentence, SimpleDetail } from './simple-detail';
import { StatusBadge } from './status-badge';

export type QuestionDetailVariant = 'full' | 'simple';

/**
 * Answers that mean "there is nothing here for you". A malformed id is answered 400 and is as
 * missing as an unknown one. The simple variant (/question/{id}) shows the same 'Question Not Found'
 * for signed-out and unrelated viewers too, so it never tells whether the question exists.
 */
const NOT_FOUND_STATUSES: Record<QuestionDetailVariant, readonly number[]> = {
  full: [400, 404],
  simple: [400, 401, 403, 404],
};

const LOAD_ERROR_INLINE = 'This question could not be loaded right now.';

/** One question for its Player or its owning Coach: the full page or the simple, public-route one. */
export function QuestionDetailView({
  id,
  variant,
}: {
  id: string;
  variant: QuestionDetailVariant;
}) {
  const { data, error, failureReason, isPending, isFetching, refetch } = useQuestionDetail(id);
  // A server or network failure is said from the first failed attempt, while the client's retries
  // go on behind it (a retry that succeeds shows the page): 'Try again' is offered at once, not
  // after the last retry, however slow the phone (issue 26).
  const problem = error ?? failureReason;
  const status = errorStatus(problem);
  const notFound =
    id === '' || (!data && status !== null && NOT_FOUND_STATUSES[variant].includes(status));
  const restricted = !data && !notFound && status === 403;
  const failed = !data && !notFound && !restricted && problem !== null;

  useErrorToast(failed ? error : null, () => ({ title: QUESTION_MESSAGES.loadFailed }));
  useMarkViewedOnce(id, data !== undefined);
  usePaymentReturn(variant === 'full');

  if (notFound) return <QuestionNotFound />;
  if (restricted) return <AccessRestricted />;
  if (failed) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <LoadError
          message={LOAD_ERROR_INLINE}
          retrying={isFetching && error !== null}
          onRetry={() => void refetch()}
        />
      </div>
    );
  }
  if (isPending || !data) return <PageLoading />;
  return variant === 'full' ? <FullDetail q={data} /> : <SimpleDetail q={data} />;
}

/** Opening the question clears the viewer's unread flag: once per question shown. */
function useMarkViewedOnce(id: string, loaded: boolean) {
  const { mutate: markViewed } = useMarkQuestionViewed();
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || markedFor.current === id) return;
    markedFor.current = id;
    markViewed(id);
  }, [id, loaded, markViewed]);
}

/**
 * Back from checkout with ?payment=success: say so once, drop the parameter (so a reload does not
 * say it again) and refetch the question and its lists, whose payment status has changed.
 */
function usePaymentReturn(enabled: boolean) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const paid = enabled && params.get('payment') === 'success';
  const toasted = useRef(false);
  useEffect(() => {
    if (!paid || toasted.current) return;
    toasted.current = true;
    toast({ title: 'Payment received' });
    void queryClient.invalidateQueries({ queryKey: ['questions'] });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
  }, [paid, queryClient, setParams]);
}

/**
 * Opened at one of its places (an e-mail's button, issue 36: `questionPagePath`): once the place
 * has rendered, scrolls to it and puts the keyboard on its first button, so the reader acts at once.
 */
function useGoToPlace() {
  const { hash } = useLocation();
  const reached = useRef<string | null>(null);
  useEffect(() => {
    if (!hash || reached.current === hash) return;
    const place = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!place) return;
    reached.current = hash;
    place.scrollIntoView({ block: 'center' });
    place.querySelector<HTMLElement>('button, a[href]')?.focus({ preventScroll: true });
  });
}

/* ------------------------------------------------------------------------------------------------
 * Full variant (/questions/{id})
 * --------------------------------------------------------------------------------------------- */

function FullDetail({ q }: { q: QuestionDetail }) {
  const isPlayer = q.viewerRole === 'asker';
  const state = questionDetailState(q);
  useAttachmentsFollowTheThread(q.id, `${q.messages.length}:${q.answeredAt ?? ''}`);
  useReviewsFollowTheThread(q.id, `${q.messages.length}:${q.answeredAt ?? ''}`);
  useGoToPlace();
  // The same rules the server applies, so no button here is refused (ADR 023).
  const may = playerActions(state);
  const coachMay = coachActions(state);
  // The conversation (ADR 058): the messages before the answer, then the answer, then the rest.
  const { before: beforeAnswer, after: afterAnswer } = aroundAnswer(q.messages, q.answeredAt);
  const messageKinds: MessageKind[] = isPlayer
    ? [
        ...(may.replyToDetails ? (['clarification_reply'] as const) : []),
        ...(may.followUp ? (['follow_up'] as const) : []),
      ]
    : [
        ...(coachMay.askForDetails ? (['clarification_request'] as const) : []),
        ...(coachMay.answerFollowUp ? (['follow_up_answer'] as const) : []),
      ];
  const waiting = q.answer === null && q.status === 'pending';
  const unpaidWaiting = isPlayer && waiting && may.pay;
  const refundedUnanswered = q.answer === null && q.status === 'refunded';
  const refundedAnswer =
    q.answer !== null && (q.paymentStatus === 'refunded' || q.paymentStatus === 'refunding');
  const paymentDue = isPlayer && q.answer !== null && may.pay;
  const paymentComplete = q.status === 'answered' && q.paymentStatus === 'paid';

  return (
    // A moment in a text ("at 0:42") seeks the latest video review (issue 38).
    <ReviewMoments questionId={q.id} enabled={q.answer !== null}>
      <Hero className="py-8 sm:py-10">
        <h1 className="text-4xl leading-none font-bold sm:text-5xl">Coach Consultation</h1>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <StatusBadge status={q.status} view="coach" />
          <PaymentBadge paymentStatus={q.paymentStatus} />
        </div>
      </Hero>

      <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8 sm:py-10">
        <CoachCard q={q} />
        <QuestionCard q={q} />
        <QuestionAttachments questionId={q.id} part="question" />
        <ThreadMessages q={q} messages={beforeAnswer} />

        {q.answer !== null && <AnswerCard answer={q.answer} answeredAt={q.answeredAt} />}
        {q.answer !== null && <QuestionAttachments questionId={q.id} part="answer" />}
        {q.answer !== null && <SentReviews questionId={q.id} messageId={null} />}
        <ThreadMessages q={q} messages={afterAnswer} />
        <ConversationActions q={q} kinds={messageKinds} />

        {unpaidWaiting && <UnpaidBox q={q} />}
        {waiting && !unpaidWaiting && (
          <WaitingBox q={q} isPlayer={isPlayer} canDecline={!isPlayer && coachMay.decline} />
        )}
        {refundedUnanswered && (
          <Box
            className="border border-slate-300 bg-slate-50"
            icon={<Undo2 aria-hidden className="size-5 shrink-0 text-slate-600" />}
            title="Question Refunded"
          >
            <p className="text-ink">{refundedSentence(q)}</p>
          </Box>
        )}
        {q.status === 'declined' && <DeclinedBox q={q} isPlayer={isPlayer} />}
        {q.status === 'withdrawn' && <WithdrawnBox />}
        {q.dispute && <DisputeStatus dispute={q.dispute} isPlayer={isPlayer} questionId={q.id} />}
        {refundedAnswer && <RefundedBox q={q} isPlayer={isPlayer} />}

        {paymentDue && <PaymentRequired q={q} />}

        {paymentComplete && <PaymentBox q={q} isPlayer={isPlayer} />}

        {isPlayer && q.answer !== null && (
          <PlayerActions q={q} may={may} followUpExpired={followUpExpired(state)} />
        )}

        {q.thread.length > 1 && <Thread q={q} />}
      </div>
    </ReviewMoments>
  );
}
