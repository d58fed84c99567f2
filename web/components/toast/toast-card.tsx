import { X } from 'lucide-react';
import { useEffect } from 'react';
import { TOAST_DURATION_MS } from '@contracts/limits';
import { cn } from '@/lib/cn';
import { dismissToast, type Toast } from './toast-store';

/**
 * The one current toast. Title and description share one paragraph so the message reads as the
 * spec words it ('Title: description'). Its own chunk, loaded once the page is idle (toaster.tsx).
 */
export function ToastCard({ toast }: { toast: Toast }) {
  const destructive = toast.variant === 'destructive';
  // Spec §9's 5000 ms count from here, when a person can read it, not from the toast's request:
  // this card's code loads once the page is idle (toaster.tsx), and on a slow phone a toast timed
  // from its request closed before it was shown (a loaded browser test waited 20 s for "Please
  // copy it manually" and never saw it). A new toast mounts a new card, whose timer replaces this.
  useEffect(() => {
    const timer = setTimeout(dismissToast, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border-l-4 p-4 shadow-lg motion-safe:animate-[toast-in_180ms_ease-out]',
        destructive ? 'border-danger bg-danger text-white' : 'border-volt bg-navy text-white',
      )}
    >
      <p className="flex-1 text-sm leading-snug">
        <span className="block font-bold">{toast.title}</span>
        {toast.description && <> {toast.description}</>}
      </p>
      <button
        type="button"
        onClick={dismissToast}
        aria-label="Close notification"
        className="rounded p-1 text-white/80 hover:text-white"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
