import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { coachPath } from '@contracts/coach-slug';
import type { CoachCard as Coach } from '@contracts/coaches';
import { formatWholeDollars } from '@contracts/money';
import { Avatar } from '@/components/ui/avatar';

interface CardCoach {
  slug: string;
  name: string;
  expertise: string;
  photoUrl: string | null;
  pricePerQuestion: number;
}

/**
 * What every Coach card shows, linked to the Coach's page: photo, name and expertise on top, the
 * price and 'View profile' at the foot, and the card's own content (`children`) between.
 */
export function CoachCardFrame({
  coach,
  heading: Heading,
  mark,
  children,
}: {
  coach: CardCoach;
  heading: 'h2' | 'h3';
  /**
   * Beside the name: the directory's Verified mark. A slot, so the home page's cards, which do not
   * know it, do not ship it.
   */
  mark?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Link
      to={coachPath(coach)}
      className="group flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0"
    >
      <div className="flex items-center gap-4 p-5">
        <Avatar src={coach.photoUrl} name={coach.name} className="size-16" />
        <div className="min-w-0">
          <div className="flex min-w-0 items-center gap-2">
            <Heading className="truncate text-xl font-bold text-navy group-hover:underline">
              {coach.name}
            </Heading>
            {mark}
          </div>
          <p className="line-clamp-2 text-sm text-muted">{coach.expertise}</p>
        </div>
      </div>
      {children}
      <div className="mt-auto flex items-center justify-between p-5">
        <span className="rounded-full bg-volt px-3 py-1 text-sm font-bold text-navy">
          {formatWholeDollars(coach.pricePerQuestion)}
          <span className="sr-only"> per question</span>
        </span>
        <span className="text-sm font-semibold text-navy">View profile →</span>
      </div>
    </Link>
  );
}

export function CoachCard({ coach }: { coach: Coach }) {
  return (
    <CoachCardFrame coach={coach} heading="h3">
      {coach.bio && <p className="line-clamp-2 px-5 text-sm text-muted">{coach.bio}</p>}
    </CoachCardFrame>
  );
}
