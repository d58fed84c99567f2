import { formatWholeDollars } from '@contracts/money';
import type { PublicCoach } from '@contracts/profiles';
import { Avatar } from '@/components/ui/avatar';

/** The Coach a Player is about to ask: photo, name, expertise and price. */
export function CoachSummary({ coach }: { coach: PublicCoach }) {
  return (
    <section
      aria-label="Your Coach"
      className="relative mt-6 overflow-hidden rounded-2xl bg-navy p-4 text-white shadow-sm sm:p-6"
    >
      <div
        aria-hidden
        className="absolute -top-16 -right-16 size-48 rounded-full bg-volt/15 blur-3xl"
      />
      <div className="relative flex items-center gap-4">
        <Avatar
          src={coach.photoUrl}
          name={coach.name}
          className="size-16 text-xl ring-4 ring-volt sm:size-20"
        />
        <div className="min-w-0 flex-1">
          <p className="font-display text-xs tracking-widest text-volt uppercase">Coach</p>
          <p className="font-display text-2xl leading-tight font-bold break-words sm:text-3xl">
            {coach.name}
          </p>
          <p className="text-sm break-words text-white/85 sm:text-base">{coach.expertise}</p>
        </div>
      </div>
      <p className="relative mt-4 inline-flex rounded-full bg-volt px-4 py-1.5 font-display text-lg font-bold tracking-wide text-navy uppercase">
        {`${formatWholeDollars(coach.pricePerQuestion)} per question`}
      </p>
    </section>
  );
}
