import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { REVIEW_ADDED_PARAM } from '@contracts/review-player';

/**
 * Back from the studio with a review added (`reviewAddedPath`): opens the answer form once
 * (`setOpen(true)`, a state setter, so stable), and drops the parameter so a reload or Back does not open it again. `enabled` is
 * false for a form that does not send reviews.
 */
export function useOpenedByStudio(setOpen: (open: boolean) => void, enabled = true) {
  const [params, setParams] = useSearchParams();
  const added = enabled && params.has(REVIEW_ADDED_PARAM);
  useEffect(() => {
    if (!added) return;
    setOpen(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(REVIEW_ADDED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [added, setOpen, setParams]);
}
