import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { dismissToast, toastStore } from './toast-store';

/**
 * Renders the one current toast. Title and description share one paragraph so the message reads
 * as the spec words it ('Title: description').
 */
export function Toaster() {
  // Toasts come from effects, so a server-rendered page never has one.
  const toast = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, () => null);
  const destructive = toast?.variant === 'destructive';
  return (
    <div
      aria-live={destructive ? 'assertive' : 'polite'}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end"
    >
      {toast && (
        <div
          key={toast.id}
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
      )}
    </div>
  );
}
