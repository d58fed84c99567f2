import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@contracts/api-paths';
import { api } from '@/lib/api-client';

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: ['questions', 'unread-count'],
    queryFn: () => api<{ count: number }>(apiPaths.unreadCount),
    staleTime: 0,
  });

/** The header badge: unread answers for a Player, unread questions for a Coach (spec §4). */
export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQuery(), enabled });
