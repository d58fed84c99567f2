import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import { DECLINE_MESSAGES, UNPAID_MESSAGES, type DisputeReason } from '@contracts/question-states';
import {
  QUESTION_MESSAGES,
  type QuestionDetail,
  type REPORT_REASONS,
  type ReviewInput,
} from '@contracts/questions';
import { questionApiPaths } from '@contracts/question-api-paths';
import { toast } from '@/components/toast/toast-store';
import { api, ApiRequestError } from '@/lib/api-client';

/** What the server answered when it refused a request, or null for any other failure. */
export const errorStatus = (error: unknown): number | null =>
  error instanceof ApiRequestError ? error.status : null;

export const questionDetailKey = (id: string) => ['questions', 'detail', id] as const;

/**
 * One question as its Player or its owning Coach sees it on the detail page. A refusal (400 for a
 * mistyped id, 401, 403, 404) is final and shown at once: the client's default retries no 4xx.
 */
export const questionDetailQuery = (id: string) =>
  queryOptions({
    queryKey: questionDetailKey(id),
    queryFn: ({ signal }) => api<QuestionDetail>(questionApiPaths.question(id), { signal }),
  });

export const useQuestionDetail = (id: string) =>
  useQuery({ ...questionDetailQuery(id), enabled: id !== '' });

/** After a change to a question every question list, count and detail may be out of date. */
function useInvalidateQuestions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['questions'] });
}

/**
 * Marks the viewer's unread flag. The detail itself does not change, so it is left alone; the lists
 * and the unread count (['questions', 'unread-count']) are refreshed.
 */
export function useMarkQuestionViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(questionApiPaths.questionViewed(id), { method: 'POST' }),
    onSuccess: (_result, id) => {
      const detailKey = questionDetailKey(id);
      return queryClient.invalidateQueries({
        queryKey: ['questions'],
        predicate: (query: Query) =>
          !detailKey.every((part, index) => query.queryKey[index] === part),
      });
    },
  });
}

export function useRateQuestion(questionId: string) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (isHelpful: boolean) =>
      api(questionApiPaths.questionRating(questionId), { method: 'PUT', body: { isHelpful } }),
    onSuccess: invalidate,
  });
}

export function useReviewCoach(questionId: string) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (review: ReviewInput) =>
      api(questionApiPaths.questionReview(questionId), { method: 'PUT', body: review }),
    onSuccess: invalidate,
  });
}

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
export interface ReportInput {
  reason: ReportReason;
  details?: string;
}

export function useReportQuestion(questionId: string) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (report: ReportInput) =>
      api(questionApiPaths.questionReports(questionId), { method: 'POST', body: report }),
    onSuccess: invalidate,
  });
}

export function useFlagDispute(questionId: string) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (input: { reason: DisputeReason; details?: string }) =>
      api(questionApiPaths.questionDispute(questionId), { method: 'POST', body: input }),
    // Said here rather than by the button: the page that shows the dispute no longer has the
    // button, and the realtime event can bring that page before this request has answered.
    onSuccess: () => {
      toast(QUESTION_MESSAGES.disputeFlagged);
      return invalidate();
    },
  });
}

/** The owning Coach declines; a paid question is refunded in full by the server. */
export function useDeclineQuestion(questionId: string) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (note: string) =>
      api(questionApiPaths.questionDecline(questionId), {
        method: 'POST',
        body: note ? { note } : {},
      }),
    // Said here, like the dispute: the realtime refresh removes the button that asked.
    onSuccess: () => {
      toast(DECLINE_MESSAGES.declined);
      return invalidate();
    },
  });
}

/** The Player takes back an unpaid question. */
export function useWithdrawQuestion(questionId: string) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: () => api(questionApiPaths.questionWithdraw(questionId), { method: 'POST' }),
    onSuccess: () => {
      toast(UNPAID_MESSAGES.withdrawn);
      return invalidate();
    },
  });
}

/** The owning Coach's statement on an open dispute, rewritable until it is resolved (ADR 063). */
export function useDisputeStatement(questionId: string) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (statement: string) =>
      api(questionApiPaths.disputeStatement(questionId), { method: 'PUT', body: { statement } }),
    onSuccess: invalidate,
  });
}
