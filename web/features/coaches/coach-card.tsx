import { Link } from 'react-router';
import { coachPath } from '@contracts/coach-slug';
import type { CoachCard as Coach } from '@contracts/experts';
import { formatWholeDollars } from '@contracts/money';
import { Avatar } from '@/components/ui/avatar';

export function CoachCard({ coach }: { coach: Coach }) {
  return (
    <Link
      to={coachPath(coach)}
      className="group flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <div className="flex items-center gap-4 p-5">
        <Avatar src={coach.photoUrl} name={coach.name} className="size-16" />
        <div className="min-w-0">
          <h3 className="truncate text-xl font-bold text-navy group-hover:underline">
            {coach.name}
          </h3>
          <p className="truncate text-sm text-muted">{coach.expertise}</p>
        </div>
      </div>
      {coach.bio && <p className="line-clamp-2 px-5 text-sm text-muted">{coach.bio}</p>}
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
