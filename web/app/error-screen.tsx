import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen, OfflineScreen } from '@/components/error-screen';
import { useOnline } from '@/lib/online';

/**
 * The router's errorElement: logs the error for the developer, shows the generic screen. A page
 * whose code could not be fetched because the browser is offline says so instead, and loads
 * itself again once the connection returns (issue 26).
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const online = useOnline();
  const [offlineFailure] = useState(() => !navigator.onLine);
  useEffect(() => {
    if (offlineFailure && online) window.location.reload();
  }, [offlineFailure, online]);
  if (offlineFailure) return <OfflineScreen />;
  console.error(error);
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
