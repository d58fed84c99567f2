import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Refetches every Coach list when the server says Coaches changed (spec §2, §7 realtime). */
export function useExpertsRealtime() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource('/api/events');
    const refetch = () => void queryClient.invalidateQueries({ queryKey: ['experts'] });
    source.addEventListener('experts.changed', refetch);
    return () => source.close();
  }, [queryClient]);
}
