import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Flag, MessagesSquare, Send } from 'lucide-react';
import { useState } from 'react';
import { questionApiPaths } from '@contracts/question-api-paths';
import {
  MESSAGE_ACTIONS,
  MESSAGE_MAX_CHARS,
  sendMessageSchema,
  THREAD_MESSAGES,
  type MessageKind,
  type SendMessageInput,
  type ThreadMessage,
} from '@contracts/question-thread';
import { QUESTION_PAGE_PLACES } from '@contracts/question-page-places';
import { QUESTION_MESSAGES, REPORT_REASONS, type QuestionDetail } from '@contracts/questions';
import { useQuestionAttachments } from '@/components/attachments/api';
import { MessageList } from '@/components/thread/message-list';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useUploads } from '@/components/attachments/use-uploads';
import { DraftReviews, useReviewDrafts } from '@/components/video-review/draft-reviews';
import { SentReviews } from '@/components/video-review/sent-reviews';
import { videoReviewsKey } from '@/components/video-review/reviews-api';
import { useOpenedByStudio } from '@/components/video-review/opened-by-studio';
import { REVIEW_MESSAGES } from '@contracts/video-review';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { api, ApiRequestError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@contracts/dates';
import { Composer } from './composer';
import { StudioLinks } from './question-attachments';
import type { ReportInput } from './question-api';
import { ReasonForm, useReasonDialog } from '@/components/reason-form';

/**
 * The conversation on a question (ADR 058): its messages in time order (the shared `MessageList`,
 * with their files) and a report button on the other side's; the forms that add to it. Which forms show is
 * decided by `playerActions` / `coachActions`, the rules the server applies.
 */

/** Messages of the thread, as cards: the page places them around the answer in time order. */
export function ThreadMessages({
  q,
  messages,
}: {
  q: QuestionDetail;
  messages: readonly ThreadMessage[];
}) {
  const { data } = useQuestionAttachments(q.id);
  return (
    <MessageList
      messages={messages}
      files={data?.messages}
      after={(m) =>
        m.kind === 'follow_up_answer' && <SentReviews questionId={q.id} messageId={m.id} />
      }
      action={(m) =>
        m.authorRole !== q.viewerRole && (
          <>
            {/* The Player's videos open in the Coach's studio (issue 38). */}
            <StudioLinks questionId={q.id} files={data?.messages[m.id] ?? []} />
            <ReportMessage questionId={q.id} messageId={m.id} />
          </>
        )
      }
    />
  );
}

function ReportMessage({ questionId, messageId }: { questionId: string; messageId: string }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (report: ReportInput) =>
      api(questionApiPaths.messageReports(questionId, messageId), {
        method: 'POST',
        body: report,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['questions'] }),
  });
  const { dialog, form } = useReasonDialog({
    mutation,
    failed: QUESTION_MESSAGES.reportFailed,
    sent: QUESTION_MESSAGES.reportSubmitted,
  });
  return (
    <Dialog {...dialog}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-2 text-danger hover:bg-danger-soft"
        >
          <Flag aria-hidden />
          Report message
        </Button>
      </DialogTrigger>
      <DialogContent title="Report Message">
        <ReasonForm
          name="message-report-reason"
          reasons={REPORT_REASONS}
          submitLabel="Submit Report"
          {...form}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The message forms the viewer may use now, each behind its button. */
export function ConversationActions({ q, kinds }: { q: QuestionDetail; kinds: MessageKind[] }) {
  if (kinds.length === 0) return null;
  return (
    <Card id={QUESTION_PAGE_PLACES.conversation} className="flex flex-col gap-3 p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-xl font-bold text-navy">
        <MessagesSquare aria-hidden className="size-5 shrink-0" />
        Conversation
      </h2>
      <p className="text-sm text-muted">{hintFor(q, kinds)}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {kinds.map((kind) => (
          <MessageDialog
            key={kind}
            questionId={q.id}
            kind={kind}
            playerMessageIds={q.messages.filter((m) => m.authorRole === 'asker').map((m) => m.id)}
          />
        ))}
      </div>
    </Card>
  );
}

function hintFor(q: QuestionDetail, kinds: MessageKind[]): string {
  if (kinds.includes('follow_up')) {
    return 'One follow-up question is included in your fee.';
  }
  if (kinds.includes('follow_up_answer') && q.followUpUntil) {
    return `The Player's follow-up waits for your answer until ${formatDateTime(q.followUpUntil)}.`;
  }
  if (kinds.includes('clarification_reply')) {
    return 'Your Coach asked for more details. The refund clock keeps running while you reply.';
  }
  return 'Ask the Player for details before you answer. You may answer without waiting for the reply.';
}

function MessageDialog({
  questionId,
  kind,
  playerMessageIds,
}: {
  questionId: string;
  kind: MessageKind;
  /** The Player's messages, whose videos the studio can open. */
  playerMessageIds: readonly string[];
}) {
  const queryClient = useQueryClient();
  const { button, label } = MESSAGE_ACTIONS[kind];
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const uploads = useUploads();
  // The follow-up's answer may carry video reviews (issue 38), read while its form is open.
  const reviewsAnswer = kind === 'follow_up_answer';
  const drafts = useReviewDrafts(questionId, open && reviewsAnswer);
  // Back from the studio with a review added: the follow-up's answer form opens with it.
  useOpenedByStudio(setOpen, reviewsAnswer);

  const send = useMutation({
    mutationFn: (message: SendMessageInput) =>
      api<{ id: string }>(questionApiPaths.questionMessages(questionId), {
        method: 'POST',
        body: message,
      }),
    onSuccess: () => {
      toast({ title: THREAD_MESSAGES.sent });
      setOpen(false);
      setBody('');
      uploads.reset();
      // The page reads the files and reviews again when the thread it refetches has grown.
      return queryClient.invalidateQueries({ queryKey: ['questions'] });
    },
    onError: (failure) => {
      // Refused because the question moved on: what the page shows is out of date.
      if (failure instanceof ApiRequestError && failure.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['questions'] });
        // Or a video review is still being prepared (REVIEW_MESSAGES.notReady).
        void queryClient.invalidateQueries({ queryKey: videoReviewsKey(questionId) });
      }
      toast({
        title: errorMessage(failure, THREAD_MESSAGES.sendFailed),
        variant: 'destructive',
      });
    },
  });

  const onSend = () => {
    const parsed = sendMessageSchema.safeParse({
      kind,
      body,
      attachmentIds: uploads.attachmentIds,
      reviewIds: reviewsAnswer ? drafts.readyIds : [],
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? THREAD_MESSAGES.bodyLength);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!send.isPending) setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button
          type="button"
          size="sm"
          variant={kind === 'follow_up_answer' ? 'primary' : 'outline'}
        >
          <Send aria-hidden />
          {button}
        </Button>
      </DialogTrigger>
      <DialogContent title={button}>
        <Composer
          label={label}
          value={body}
          onChange={setBody}
          error={error}
          onError={setError}
          max={MESSAGE_MAX_CHARS}
          rows={5}
          uploads={uploads}
          pending={send.isPending}
          submitLabel="Send"
          onSend={onSend}
          {...(reviewsAnswer && {
            extra: <DraftReviews drafts={drafts} playerMessageIds={playerMessageIds} />,
            notReady: drafts.processing ? REVIEW_MESSAGES.notReady : undefined,
            waiting: drafts.loading,
          })}
        />
      </DialogContent>
    </Dialog>
  );
}
