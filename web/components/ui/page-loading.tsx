/** The placeholder while a page decides what to show. */
export function PageLoading() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status">
      <span className="size-8 animate-spin rounded-full border-4 border-line border-t-navy" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
