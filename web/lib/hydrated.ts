import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page is the server's HTML (on the server and while React hydrates it), true
 * once the app's code runs it. A form that only the app can send is disabled until then, so
 * nothing can be typed into it that would be lost (ADR 053).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
