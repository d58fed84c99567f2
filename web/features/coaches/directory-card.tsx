import { MessageSquareText, ThumbsUp } from 'lucide-react';
import { ResponseTime } from '@/components/response-time';
import type { DirectoryCoach } from '@contracts/directory-schemas';
import { AvailabilityBadge } from '@/components/availability-notice';
import { StarRating } from '@/components/ui/star-rating';
import { VerifiedMark } from '@/components/verified-mark';
import { CoachCardFrame } from './coach-card';

/** A Coach in the directory: photo, expertise, price, stars and helpful percentage. */
export function DirectoryCard({ coach }: { coach: DirectoryCoach }) {
  return (
    <CoachCardFrame coach={coach} heading="h2" mark={coach.payoutReady && <VerifiedMark />}>
      <div className="flex flex-col gap-2 px-5">
        <StarRating
          rating={coach.starRating}
          average={coach.averageRating}
          reviewCount={coach.reviewCount}
        />
        <AvailabilityBadge availability={coach.availability} />
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
        <ResponseTime coach={coach} />
      </div>
    </CoachCardFrame>
  );
}
