import { MessageSquareText, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';
import { coachPath } from '@contracts/coach-slug';
import type { DirectoryCoach } from '@contracts/directory';
import { formatWholeDollars } from '@contracts/money';
import { Avatar } from '@/components/ui/avatar';
import { StarRating } from '@/components/ui/star-rating';

/** A Coach in the directory: photo, expertise, price, stars and helpful percentage. */
export function DirectoryCard({ coach }: { coach: DirectoryCoach }) {
  return (
    <Link
      to={coachPath(coach)}
      className="group flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0"
    >
      <div className="flex items-center gap-4 p-5">
        <Avatar src={coach.photoUrl} name={coach.name} className="size-16" />
        <div className="min-w-0">
          <h2 className="truncate text-xl font-bold text-navy group-hover:underline">
            {coach.name}
          </h2>
          <p className="line-clamp-2 text-sm text-muted">{coach.expertise}</p>
        </div>
      </div>
      <div className="flex flex-col gap-2 px-5">
        <StarRating rating={coach.starRating} reviewCount={coach.reviewCount} />
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <span className="flex items-center gap-1.5">
            <ThumbsUp aria-hidden className="size-4" />
            {coach.helpfulPercent === null
              ? 'No helpful ratings yet'
              : `${coach.helpfulPercent}% helpful`}
          </span>
          <span className="flex items-center gap-1.5">
            <MessageSquareText aria-hidden className="size-4" />
            {coach.answeredCount} answered
          </span>
        </p>
      </div>
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
