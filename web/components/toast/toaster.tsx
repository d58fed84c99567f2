import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { toastStore } from './toast-store';

const loadCard = () => import('./toast-card');
const ToastCard = lazy(() => loadCard().then(({ ToastCard }) => ({ default: ToastCard })));

/**
 * The live region the current toast appears in. It is on the page from the start, so a screen
 * reader announces what is put into it; the toast itself is not needed for the first interaction,
 * so its code is fetched once the page is idle, not with the app (ADR 064).
 */
export function Toaster() {
  // Toasts come from effects, so a server-rendered page never has one.
  const toast = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, () => null);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(() => void loadCard());
  }, []);
  return (
    <div
      aria-live={toast?.variant === 'destructive' ? 'assertive' : 'polite'}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end"
    >
      {toast && (
        <Suspense fallback={null}>
          <ToastCard key={toast.id} toast={toast} />
        </Suspense>
      )}
    </div>
  );
}
