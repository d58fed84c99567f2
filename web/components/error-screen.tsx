import { Button } from '@/components/ui/button';

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
