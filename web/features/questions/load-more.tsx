import { Button } from '@/components/ui/button';

export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}

/** The button under a paged question list; it is absent on the last page. */
export function LoadMore({ hasMore, loading, onLoad }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button type="button" variant="outline" disabled={loading} onClick={onLoad}>
        {loading ? 'Loading…' : 'Load more questions'}
      </Button>
    </div>
  );
}
