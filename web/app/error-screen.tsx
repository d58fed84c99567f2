import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

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

/** The router's errorElement: logs the error for the developer, shows the generic screen. */
export function RouteErrorScreen() {
  console.error(useRouteError());
  return <ErrorScreen />;
}

/** Catches what happens outside the router (providers, the gate). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
