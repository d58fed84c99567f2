import { Timer } from 'lucide-react';
import { promiseBadge, usuallyAnswersIn } from '@contracts/response-time';
import { cn } from '@/lib/cn';

/**
 * A Coach's promise ("Answers within 24 h") and, from 3 answers on, the measured median
 * ("Usually answers in 9 h"), as the profile and the directory card show them (ADR 060).
 */
export function ResponseTime({
  coach,
  className,
}: {
  coach: { responseHours: number; medianResponseMinutes: number | null };
  className?: string;
}) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted', className)}>
      <span className="flex items-center gap-1.5 font-semibold text-navy">
        <Timer aria-hidden className="size-4 shrink-0" />
        {promiseBadge(coach.responseHours)}
      </span>
      {coach.medianResponseMinutes !== null && (
        <span>{usuallyAnswersIn(coach.medianResponseMinutes)}</span>
      )}
    </p>
  );
}
