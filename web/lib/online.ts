import { useSyncExternalStore } from 'react';

/** What the page says while the browser has no connection (issue 26). */
export const OFFLINE_MESSAGE = "You're offline";

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/**
 * Whether the browser has a connection, following its online and offline events. The server
 * renders as online, so hydration matches; a browser that is offline then says so.
 */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
