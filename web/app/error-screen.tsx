import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from '@/components/error-screen';

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
