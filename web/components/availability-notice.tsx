import { Link } from 'react-router';
import {
  AVAILABILITY_MESSAGES,
  availabilityHeadline,
  backOn,
  type Availability,
} from '@contracts/availability';
import { ToneBadge } from '@/components/ui/tone-badge';

const warning = { badge: 'border-warning/40 bg-warning/10 text-navy', dot: 'bg-warning' };

/** A Coach's availability as a badge (directory cards): nothing when they can be asked. */
export function AvailabilityBadge({ availability }: { availability: Availability }) {
  const headline = availabilityHeadline(availability);
  if (!headline) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
      <ToneBadge tone={warning}>{headline}</ToneBadge>
      {availability.returnOn && <span>{backOn(availability.returnOn)}</span>}
    </p>
  );
}

/**
 * Why a Coach cannot be asked now (ADR 061), in full: the headline, the return date and note of a
 * pause; to the Coach themselves, why they are not taking questions yet and where to fix it.
 */
export function AvailabilityNotice({
  availability,
  isOwner = false,
}: {
  availability: Availability;
  isOwner?: boolean;
}) {
  const headline = availabilityHeadline(availability);
  if (!headline) return null;
  return (
    <div
      role="status"
      className="rounded-xl border border-warning/40 bg-warning/10 p-4 text-navy"
      data-testid="availability-notice"
    >
      <p className="font-bold">{headline}</p>
      {availability.returnOn && <p className="mt-1">{backOn(availability.returnOn)}</p>}
      {availability.note && <p className="mt-1 break-words">{availability.note}</p>}
      {isOwner && availability.state === 'not-ready' && (
        <p className="mt-2 text-sm">
          {AVAILABILITY_MESSAGES.ownNotReady}{' '}
          <Link to="/expert-payment-setup" className="font-semibold underline">
            {AVAILABILITY_MESSAGES.setUpPayments}
          </Link>
        </p>
      )}
    </div>
  );
}
