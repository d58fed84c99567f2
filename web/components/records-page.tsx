import type { ReactNode } from 'react';
import { useErrorToast } from './toast/use-error-toast';
import { LoadError } from './ui/load-error';
import { PageLoading } from './ui/page-loading';

/** What the page reads of its query, infinite or not. */
interface RecordsQuery<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * A page of one's own records (My Questions, Payment History, Payouts): loading, then the header
 * over a column holding the records or, when they could not be loaded, the failure in place (and
 * once in a toast) with Try again.
 */
export function RecordsPage<T>({
  query,
  failed,
  header,
  children,
}: {
  query: RecordsQuery<T>;
  /** The failure, for the toast and in place. */
  failed: (error: Error | null) => string;
  header: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data, error, isPending, isFetching, refetch } = query;
  useErrorToast(error, (failure) => ({ title: failed(failure) }));

  if (isPending) return <PageLoading />;

  return (
    <>
      {header}
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
        {!data ? (
          <LoadError message={failed(error)} retrying={isFetching} onRetry={() => void refetch()} />
        ) : (
          children(data)
        )}
      </div>
    </>
  );
}
