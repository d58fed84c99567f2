import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoachInbox, PlayerQuestions } from '@contracts/questions';
import { api } from '@/lib/api-client';

/**
 * The signed-in Coach's inbox. Always fresh: it reloads whenever the window regains focus or the
 * tab becomes visible again (spec §2), which TanStack's focus manager reports as one event.
 */
export const coachInboxQuery = () =>
  queryOptions({
    queryKey: ['questions', 'coach-inbox'],
    queryFn: ({ signal }) => api<CoachInbox>('/api/questions/coach-inbox', { signal }),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
export const useCoachInbox = () => useQuery(coachInboxQuery());

/** The signed-in Player's questions (My Questions), refreshed the same way as the Coach inbox. */
export const playerQuestionsQuery = () =>
  queryOptions({
    queryKey: ['questions', 'mine'],
    queryFn: ({ signal }) => api<PlayerQuestions>('/api/questions/mine', { signal }),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
export const usePlayerQuestions = () => useQuery(playerQuestionsQuery());
