import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A badge's colours: its border, fill and text, and the dot beside the label. */
export interface BadgeTone {
  badge: string;
  dot: string;
}

/** A status as colour plus text, so it never relies on colour alone. */
export function ToneBadge({
  tone,
  className,
  children,
}: {
  tone: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tone.badge,
        className,
      )}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', tone.dot)} />
      {children}
    </span>
  );
}
