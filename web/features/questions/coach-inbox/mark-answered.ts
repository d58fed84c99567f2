import { useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CoachInbox } from '@contracts/questions';
import { COACH_INBOX_KEY } from '../api';

/** How long after an answer the inbox is fetched again (spec §4 'Responding', §9). */
const REFETCH_AFTER_ANSWER_MS = 1000;

/** Every loaded page with one question answered just now: its answer, status, time and the counts. */
function withAnswer(
  inbox: InfiniteData<CoachInbox>,
  id: string,
  answer: string,
  at: string,
): InfiniteData<CoachInbox> {
  const question = inbox.pages.flatMap((page) => page.questions).find((q) => q.id === id);
  if (question?.status !== 'pending') return inbox;
  // An answer meets what the question needed of the Coach.
  const met = question.need === null ? 0 : 1;
  return {
    ...inbox,
    pages: inbox.pages.map((page) => ({
      ...page,
      answeredCount: page.answeredCount + 1,
      unansweredCount: Math.max(0, page.unansweredCount - 1),
      needsCount: Math.max(0, page.needsCount - met),
      questions: page.questions.map((q) =>
        q.id === id ? { ...q, answer, status: 'answered', answeredAt: at, need: null } : q,
      ),
    })),
  };
}

/** Shows an answer in the inbox at once, then refetches the inbox a second later. */
export function useMarkAnswered() {
  const queryClient = useQueryClient();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  return (id: string, answer: string) => {
    const queryKey = COACH_INBOX_KEY;
    // A refetch already under way would bring back the question as unanswered.
    void queryClient.cancelQueries({ queryKey });
    queryClient.setQueriesData<InfiniteData<CoachInbox>>({ queryKey }, (old) =>
      old ? withAnswer(old, id, answer, new Date().toISOString()) : old,
    );
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      void queryClient.invalidateQueries({ queryKey });
    }, REFETCH_AFTER_ANSWER_MS);
    timers.current.add(timer);
  };
}
