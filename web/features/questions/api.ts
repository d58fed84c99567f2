import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CoachInbox, InboxFilter, InboxSort, PlayerQuestions } from '@contracts/questions';
import { questionApiPaths } from '@contracts/question-api-paths';
import { api } from '@/lib/api-client';

const withCursor = (params: Record<string, string>, cursor: string | null) =>
  new URLSearchParams(cursor ? { ...params, cursor } : params).toString();

/** Every filter's inbox, for updates that touch them all. */
export const COACH_INBOX_KEY = ['questions', 'coach-inbox'] as const;

/**
 * The signed-in Coach's inbox under one filter, a page at a time. Always fresh: it reloads
 * whenever the window regains focus or the tab becomes visible again (spec §2), which TanStack's
 * focus manager reports as one event.
 */
export const coachInboxQuery = (filter: InboxFilter, sort: InboxSort = 'newest') =>
  infiniteQueryOptions({
    queryKey: [...COACH_INBOX_KEY, filter, sort],
    queryFn: ({ signal, pageParam }) =>
      api<CoachInbox>(`${questionApiPaths.coachInbox}?${withCursor({ filter, sort }, pageParam)}`, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

/** The signed-in Player's questions (My Questions), paged and refreshed like the Coach inbox. */
export const playerQuestionsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['questions', 'mine'],
    queryFn: ({ signal, pageParam }) =>
      api<PlayerQuestions>(`${questionApiPaths.playerQuestions}?${withCursor({}, pageParam)}`, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
export const usePlayerQuestions = () => useInfiniteQuery(playerQuestionsQuery());
