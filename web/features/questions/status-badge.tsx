import type { CoachInboxQuestion } from '@contracts/questions';
import { ToneBadge, type BadgeTone } from '@/components/ui/tone-badge';

export type QuestionStatus = CoachInboxQuestion['status'];

/** Whose screen the badge is on: the Coach's inbox or the Player's My Questions. */
export type StatusView = 'coach' | 'player';

const LABELS: Record<StatusView, Record<QuestionStatus, string>> = {
  coach: {
    pending: 'Pending',
    answered: 'Answered',
    refunded: 'Refunded',
    declined: 'Declined',
    withdrawn: 'Withdrawn',
  },
  player: {
    pending: 'Awaiting Answer',
    answered: 'Answered',
    refunded: 'Refunded',
    declined: 'Declined',
    withdrawn: 'Withdrawn',
  },
};

const TONES: Record<QuestionStatus, BadgeTone> = {
  pending: { badge: 'border-amber-300 bg-amber-50 text-amber-900', dot: 'bg-amber-500' },
  answered: { badge: 'border-green-300 bg-green-50 text-green-800', dot: 'bg-green-600' },
  refunded: { badge: 'border-slate-300 bg-slate-100 text-slate-700', dot: 'bg-slate-500' },
  declined: { badge: 'border-slate-300 bg-slate-100 text-slate-700', dot: 'bg-slate-500' },
  withdrawn: { badge: 'border-slate-300 bg-slate-100 text-slate-700', dot: 'bg-slate-500' },
};

export const statusLabel = (status: QuestionStatus, view: StatusView): string =>
  LABELS[view][status];

/** A question's status, in the words of the screen it is on. */
export function StatusBadge({
  status,
  view,
  className,
}: {
  status: QuestionStatus;
  view: StatusView;
  className?: string;
}) {
  return (
    <ToneBadge tone={TONES[status]} className={className}>
      {statusLabel(status, view)}
    </ToneBadge>
  );
}
