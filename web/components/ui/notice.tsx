import { CircleAlert, CircleCheck } from 'lucide-react';
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
}: {
  tone: 'success' | 'problem';
  children: ReactNode;
  className?: string;
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
      <div className="font-medium">{children}</div>
    </div>
  );
}
