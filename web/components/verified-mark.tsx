import { BadgeCheck } from 'lucide-react';
import { COACH_VERIFIED } from '@contracts/directory-pages';
import { cn } from '@/lib/cn';

/** The mark of a Coach whose payout account is ready (issue 36). */
export function VerifiedMark({ className }: { className?: string }) {
  return (
    <span
      title={COACH_VERIFIED.title}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-navy/5 px-2 py-0.5 text-xs font-semibold text-navy',
        className,
      )}
    >
      <BadgeCheck aria-hidden className="size-4 text-success" />
      {COACH_VERIFIED.label}
    </span>
  );
}
