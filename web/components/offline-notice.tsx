import { WifiOff } from 'lucide-react';
import { OFFLINE_MESSAGE, useOnline } from '@/lib/online';

/**
 * Said under the header while the browser is offline, and gone when the connection returns: the
 * queries that were waiting for it then load by themselves (TanStack Query resumes paused queries
 * and refetches on reconnect).
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="flex items-center justify-center gap-2 bg-warning-soft px-4 py-2 text-sm font-semibold text-navy">
          <WifiOff aria-hidden className="size-4" />
          {OFFLINE_MESSAGE}. What you open will load when the connection returns.
        </p>
      )}
    </div>
  );
}
