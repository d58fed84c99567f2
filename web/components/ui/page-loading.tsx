import { OFFLINE_MESSAGE, useOnline } from '@/lib/online';

/**
 * The placeholder while a page decides what to show: the page's shape (a title band and a few
 * blocks), so a slow load is never a blank page. Offline, a query waits for the connection, and
 * the placeholder says so (issue 26).
 */
export function PageLoading() {
  const online = useOnline();
  return (
    <div className="flex w-full flex-1 flex-col" role="status" aria-busy={online}>
      <div className="bg-navy px-4 py-10">
        <div className="mx-auto w-full max-w-3xl">
          <div className="h-10 w-2/3 max-w-md animate-pulse rounded bg-white/15" />
          <div className="mt-4 h-4 w-1/2 max-w-sm animate-pulse rounded bg-white/10" />
        </div>
      </div>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-8">
        {online ? (
          <span className="sr-only">Loading…</span>
        ) : (
          <p className="font-semibold text-navy">{OFFLINE_MESSAGE}</p>
        )}
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-24 animate-pulse rounded-2xl bg-line" />
        ))}
      </div>
    </div>
  );
}
