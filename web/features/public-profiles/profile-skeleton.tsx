/**
 * A public profile while it loads, in the shape it will take: a Coach's is wider, with the price
 * under the name and three figures; a Player's has two details.
 */
export function ProfileSkeleton({ of }: { of: 'coach' | 'player' }) {
  const coach = of === 'coach';
  return (
    <div
      aria-busy="true"
      className={`mx-auto w-full ${coach ? 'max-w-4xl' : 'max-w-3xl'} px-4 py-8 sm:py-12`}
    >
      <span className="sr-only">{coach ? 'Loading coach profile' : 'Loading profile'}</span>
      <div className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
        <div className="flex flex-col items-center gap-5 bg-navy px-5 py-10 sm:flex-row sm:px-8">
          <div className="size-28 animate-pulse rounded-full bg-white/15 sm:size-32" />
          <div className="flex w-full flex-col items-center gap-3 sm:items-start">
            <div className="h-10 w-3/4 max-w-64 animate-pulse rounded-lg bg-white/15" />
            <div className="h-5 w-1/2 max-w-48 animate-pulse rounded bg-white/15" />
            {coach && <div className="h-9 w-40 animate-pulse rounded-full bg-white/15" />}
          </div>
        </div>
        <div
          className={`grid gap-4 px-5 py-8 ${coach ? 'sm:grid-cols-3' : 'sm:grid-cols-2'} sm:px-8`}
        >
          {Array.from({ length: coach ? 3 : 2 }, (_, i) => (
            <div
              key={i}
              className={`${coach ? 'h-24' : 'h-20'} animate-pulse rounded-xl bg-line/60`}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
