import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi } from './session';
import { ADMIN_QUERY_KEY, useExpireOnError } from './use-admin-session';

export interface AdminPage<Row> {
  rows: Row[];
  nextCursor: string | null;
}

/**
 * One server-paged admin table. The server pages by cursor, so the pages already seen are kept as
 * a stack for 'Previous'; changing a filter starts again at page 1.
 */
export function useAdminTable<Row>(path: string, filters: Record<string, string>) {
  const filterKey = JSON.stringify(filters);
  const [state, setState] = useState({ filterKey, cursors: [] as string[] });
  if (state.filterKey !== filterKey) setState({ filterKey, cursors: [] });
  const cursors = state.filterKey === filterKey ? state.cursors : [];
  const cursor = cursors.at(-1);

  const query = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, path, filters, cursor ?? null],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(filters);
      if (cursor) params.set('cursor', cursor);
      return adminApi<AdminPage<Row>>(`${path}?${params.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
  useExpireOnError(query.error);

  const nextCursor = query.data?.nextCursor ?? null;
  return {
    query,
    pageNumber: cursors.length + 1,
    next: nextCursor ? () => setState({ filterKey, cursors: [...cursors, nextCursor] }) : undefined,
    previous:
      cursors.length > 0 ? () => setState({ filterKey, cursors: cursors.slice(0, -1) }) : undefined,
  };
}
