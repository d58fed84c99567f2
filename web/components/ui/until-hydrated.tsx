import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/hydrated';

/**
 * The fields of a form only the app can send, on a server-rendered page: disabled, and its button
 * saying 'Loading…', until the app's code runs the page, so nothing is typed that would be lost or
 * sent nowhere (ADR 053). The fieldset adds no box: the form's own layout holds.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  // A form that fills itself from the server renders its fields only once the values are there
  // (the availability card): disabled fields with placeholder values could still be "unticked".
  const usable = useHydrated();
  return (
    <fieldset
      disabled={!usable}
      aria-busy={!usable}
      // Its fields look as unavailable as they are.
      className="contents [&:disabled_:is(input,select,textarea)]:cursor-not-allowed [&:disabled_:is(input,select,textarea)]:opacity-60"
    >
      {children}
    </fieldset>
  );
}

/** A submit button's text: 'Loading…' until the form works. */
export function SubmitText({ children }: { children: ReactNode }) {
  return useHydrated() ? children : 'Loading…';
}
