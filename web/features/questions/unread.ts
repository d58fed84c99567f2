import { queryOptions, useQuery } from '@tanstack/react-query';
import { questionApiPaths } from '@contracts/question-api-paths';
import { api } from '@/lib/api-client';

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: ['questions', 'unread-count'],
    queryFn: () => api<{ count: number }>(questionApiPaths.unreadCount),
    staleTime: 0,
  });

/** The header badge: unread answers for a Player, unread questions for a Coach (spec §4). */
export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQuery(), enabled });
