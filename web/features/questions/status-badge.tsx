import type { CoachInboxQuestion } from '@contracts/questions';
import { cn } from '@/lib/cn';

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

const TONES: Record<QuestionStatus, { badge: string; dot: string }> = {
  pending: { badge: 'border-amber-300 bg-amber-50 text-amber-900', dot: 'bg-amber-500' },
  answered: { badge: 'border-green-300 bg-green-50 text-green-800', dot: 'bg-green-600' },
  refunded: { badge: 'border-slate-300 bg-slate-100 text-slate-700', dot: 'bg-slate-500' },
  declined: { badge: 'border-slate-300 bg-slate-100 text-slate-700', dot: 'bg-slate-500' },
  withdrawn: { badge: 'border-slate-300 bg-slate-100 text-slate-700', dot: 'bg-slate-500' },
};

export const statusLabel = (status: QuestionStatus, view: StatusView): string =>
  LABELS[view][status];

/** A question's status as colour plus text, so it never relies on colour alone. */
export function StatusBadge({
  status,
  view,
  className,
}: {
  status: QuestionStatus;
  view: StatusView;
  className?: string;
}) {
  const tone = TONES[status];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tone.badge,
        className,
      )}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', tone.dot)} />
      {statusLabel(status, view)}
    </span>
  );
}
