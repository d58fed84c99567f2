import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquareReply } from 'lucide-react';
import { useState } from 'react';
import type { CoachInboxQuestion } from '@contracts/questions';
import { answerSchema, QUESTION_MESSAGES } from '@contracts/questions';
import { questionApiPaths } from '@contracts/question-api-paths';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { api, ApiRequestError, errorMessage } from '@/lib/api-client';
import { useUploads } from '@/components/attachments/use-uploads';
import { DraftReviews, useReviewDrafts } from '@/components/video-review/draft-reviews';
import { videoReviewsKey } from '@/components/video-review/reviews-api';
import { useOpenedByStudio } from '@/components/video-review/opened-by-studio';
import { REVIEW_MESSAGES } from '@contracts/video-review';
import { Composer } from './composer';

const ANSWER_MAX = 5000;

const submitAnswer = ({
  id,
  answer,
  attachmentIds,
  reviewIds,
}: {
  id: string;
  answer: string;
  attachmentIds: string[];
  /** The video reviews sent with it (issue 38): the Coach's ready drafts. */
  reviewIds: string[];
}) =>
  api(questionApiPaths.questionAnswer(id), {
    method: 'POST',
    body: { answer, attachmentIds, reviewIds },
  });

/**
 * The Coach's Respond dialog (spec §2 'Coach Inbox', §4 'Responding'): the original question, a
 * required answer, Cancel and 'Submit Response'. `onAnswered` receives the saved answer.
 */
export function RespondDialog({
  question,
  onAnswered,
  triggerLabel = 'Respond',
}: {
  question: Pick<CoachInboxQuestion, 'id' | 'question' | 'context'>;
  onAnswered: (answer: string) => void;
  /** The trigger button's text. */
  triggerLabel?: string;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | undefined>();
  const uploads = useUploads();
  // Read while the dialog is open only: the inbox has one of these per question.
  const drafts = useReviewDrafts(question.id, open);
  // Back from the studio with a review added: the answer form opens with it.
  useOpenedByStudio(setOpen);

  const send = useMutation({
    mutationFn: submitAnswer,
    onSuccess: (_, { answer: saved }) => {
      toast(QUESTION_MESSAGES.responseSubmitted);
      setOpen(false);
      setAnswer('');
      uploads.reset();
      void queryClient.invalidateQueries({ queryKey: ['attachments', question.id] });
      void queryClient.invalidateQueries({ queryKey: videoReviewsKey(question.id) });
      onAnswered(saved);
    },
    onError: (failure) => {
      // Answered or refunded meanwhile: what the Coach sees is out of date.
      if (failure instanceof ApiRequestError && failure.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['questions'] });
        // Or a video review is still being prepared (REVIEW_MESSAGES.notReady).
        void queryClient.invalidateQueries({ queryKey: videoReviewsKey(question.id) });
      }
      toast({
        title: 'Error',
        description: errorMessage(failure, QUESTION_MESSAGES.responseFailed),
        variant: 'destructive',
      });
    },
  });

  const onSend = () => {
    const parsed = answerSchema.safeParse({
      answer,
      attachmentIds: uploads.attachmentIds,
      reviewIds: drafts.readyIds,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? QUESTION_MESSAGES.answerRequired);
      return;
    }
    setError(undefined);
    send.mutate({
      id: question.id,
      answer: parsed.data.answer,
      attachmentIds: parsed.data.attachmentIds,
      reviewIds: parsed.data.reviewIds,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Stays open while the answer is being saved.
        if (!send.isPending) setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" size="sm">
          <MessageSquareReply aria-hidden />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent title="Respond to Question">
        <Composer
          label="Your Answer *"
          value={answer}
          onChange={setAnswer}
          error={error}
          onError={setError}
          max={ANSWER_MAX}
          rows={7}
          uploads={uploads}
          pending={send.isPending}
          submitLabel="Submit Response"
          onSend={onSend}
          extra={<DraftReviews drafts={drafts} />}
          notReady={drafts.processing ? REVIEW_MESSAGES.notReady : undefined}
          waiting={drafts.loading}
        >
          <div className="rounded-xl bg-surface p-4">
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">Question</p>
            <p className="mt-1 break-words whitespace-pre-line text-ink">{question.question}</p>
            {question.context && (
              <>
                <p className="mt-3 text-xs font-semibold tracking-wide text-muted uppercase">
                  Context
                </p>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">
                  {question.context}
                </p>
              </>
            )}
          </div>
        </Composer>
      </DialogContent>
    </Dialog>
  );
}
