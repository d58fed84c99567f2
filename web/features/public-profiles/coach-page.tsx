import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { PROFILE_NOT_FOUND_MESSAGES } from '@contracts/profile-not-found';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { withNotice } from '@/components/redirect-notice-state';
import { isNotFoundError, usePublicCoach } from './api';

const COACH_LOAD_FAILED = 'Failed to load coach information.';

/**
 * A page about one Coach (their profile, the ask form): the Coach, or `notFound` after the spec's
 * toast; any other failure shows 'Failed to load coach information.' and returns home (spec §8).
 */
export function useCoachPage(idOrSlug: string) {
  const navigate = useNavigate();
  const { data: coach, error } = usePublicCoach(idOrSlug);
  const notFound = idOrSlug === '' || isNotFoundError(error);
  const failed = !notFound && !coach && error !== null;

  // One toast per missing Coach, even when a refetch fails the same way again.
  const toastedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!notFound || toastedFor.current === idOrSlug) return;
    toastedFor.current = idOrSlug;
    toast({ title: PROFILE_NOT_FOUND_MESSAGES.coachNotFound, variant: 'destructive' });
  }, [notFound, idOrSlug]);

  useEffect(() => {
    if (!failed) return;
    // Said on the home page it returns to, until dismissed (issue 36).
    void navigate('/', { replace: true, state: withNotice(COACH_LOAD_FAILED) });
  }, [failed, navigate]);

  return { coach, notFound };
}

/** Shown with the 'doesn't exist' toast, so it does not repeat its words. */
export function CoachNotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-4xl font-bold text-navy sm:text-5xl">Coach Not Found</h1>
      <p className="max-w-md text-muted">
        This coach may have changed their name or left the team. Check the link, or find another
        coach on the home page.
      </p>
      <Button asChild variant="dark">
        <Link to="/">Return Home</Link>
      </Button>
    </div>
  );
}
