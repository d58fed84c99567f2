import { CircleAlert, CircleCheck, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A message in the page itself, for what must stay readable after a toast would have gone: good
 * news is a status, a problem an alert.
 */
export function Notice({
  tone,
  children,
  className,
  dismiss,
}: {
  tone: 'success' | 'problem';
  children: ReactNode;
  className?: string;
  /** A button that takes the notice away: its accessible name, and what it does. */
  dismiss?: { label: string; onDismiss: () => void };
}) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-4 text-left text-ink',
        tone === 'success'
          ? 'border-success/30 bg-success-soft'
          : 'border-danger/30 bg-danger-soft',
        className,
      )}
    >
      <Icon
        aria-hidden
        className={cn(
          'mt-0.5 size-5 shrink-0',
          tone === 'success' ? 'text-success' : 'text-danger',
        )}
      />
      <div className="flex-1 font-medium">{children}</div>
      {dismiss && (
        <button
          type="button"
          aria-label={dismiss.label}
          onClick={dismiss.onDismiss}
          className="-m-1 rounded-md p-1 text-muted hover:bg-black/5 hover:text-ink focus-visible:ring-2 focus-visible:ring-navy focus-visible:outline-none"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}
