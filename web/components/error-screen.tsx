import { Button } from '@/components/ui/button';
import { OFFLINE_MESSAGE } from '@/lib/online';

/** The generic failure screen (spec §2): 'Something went wrong' with 'Refresh Page'. */
export function ErrorScreen() {
  return (
    <div
      role="alert"
      className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center"
    >
      <h1 className="text-4xl font-bold text-navy">Something went wrong</h1>
      <p className="max-w-md text-muted">
        An unexpected error stopped this page. Refreshing usually fixes it.
      </p>
      <Button variant="dark" onClick={() => window.location.reload()}>
        Refresh Page
      </Button>
    </div>
  );
}

/** A page that could not load because the browser is offline; it loads once the connection returns. */
export function OfflineScreen() {
  return (
    <div
      role="alert"
      className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center"
    >
      <h1 className="text-4xl font-bold text-navy">{OFFLINE_MESSAGE}</h1>
      <p className="max-w-md text-muted">
        This page will load by itself when the connection returns.
      </p>
    </div>
  );
}
