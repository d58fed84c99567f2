import { useEffect, useRef } from 'react';
import { toast, type ToastInput } from './toast-store';

/** Shows one destructive toast per failure, not one per render. */
export function useErrorToast(error: Error | null, describe: (error: Error) => ToastInput) {
  const toastedFor = useRef<Error | null>(null);
  const describeRef = useRef(describe);
  useEffect(() => {
    describeRef.current = describe;
  });
  useEffect(() => {
    if (!error || toastedFor.current === error) return;
    toastedFor.current = error;
    toast({ ...describeRef.current(error), variant: 'destructive' });
  }, [error]);
}
