import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquareReply } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { CoachInboxQuestion } from '@contracts/questions';
import { answerSchema, QUESTION_MESSAGES } from '@contracts/questions';
import { questionApiPaths } from '@contracts/question-api-paths';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field, inputClass } from '@/components/ui/field';
import { api, ApiRequestError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { ATTACHMENT_MESSAGES } from '@contracts/attachments';
import { AttachmentPicker } from '@/components/attachments/attachment-picker';
import { useUploads } from '@/components/attachments/use-uploads';

const ANSWER_MAX = 5000;

const submitAnswer = ({
  id,
  answer,
  attachmentIds,
}: {
  id: string;
  answer: string;
  attachmentIds: string[];
}) => api(questionApiPaths.questionAnswer(id), { method: 'POST', body: { answer, attachmentIds } });

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

  const send = useMutation({
    mutationFn: submitAnswer,
    onSuccess: (_, { answer: saved }) => {
      toast(QUESTION_MESSAGES.responseSubmitted);
      setOpen(false);
      setAnswer('');
      uploads.reset();
      void queryClient.invalidateQueries({ queryKey: ['attachments', question.id] });
      onAnswered(saved);
    },
    onError: (failure) => {
      // Answered or refunded meanwhile: what the Coach sees is out of date.
      if (failure instanceof ApiRequestError && failure.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['questions'] });
      }
      toast({
        title: 'Error',
        description: errorMessage(failure, QUESTION_MESSAGES.responseFailed),
        variant: 'destructive',
      });
    },
  });

  const blank = answer.trim() === '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank || send.isPending) return;
    if (uploads.uploading) {
      setError(ATTACHMENT_MESSAGES.stillUploading);
      return;
    }
    const parsed = answerSchema.safeParse({ answer, attachmentIds: uploads.attachmentIds });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? QUESTION_MESSAGES.answerRequired);
      return;
    }
    setError(undefined);
    send.mutate({
      id: question.id,
      answer: parsed.data.answer,
      attachmentIds: parsed.data.attachmentIds,
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
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
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

          <Field
            label="Your Answer *"
            error={error}
            hint={
              <span
                className={cn(
                  'block text-right tabular-nums',
                  answer.length > ANSWER_MAX && 'font-semibold text-danger',
                )}
              >
                {`${answer.length}/${ANSWER_MAX}`}
              </span>
            }
          >
            <textarea
              className={cn(inputClass, 'min-h-40 resize-y')}
              rows={7}
              required
              value={answer}
              onChange={(event) => {
                setAnswer(event.target.value);
                if (error) setError(undefined);
              }}
            />
          </Field>

          <AttachmentPicker uploads={uploads} />

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={send.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={blank || send.isPending || uploads.uploading}>
              Submit Response
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
