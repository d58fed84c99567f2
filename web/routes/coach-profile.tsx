import { useQuery } from '@tanstack/react-query';
import { coachPath } from '@contracts/coach-slug';
import { isNotFoundError, publicCoachQuery } from '@/features/public-profiles/api';
import { CoachProfilePage as CoachProfile } from '@/features/public-profiles/coach-profile-page';
import { coachReviewsQuery } from '@/features/reviews/api';
import { CoachReviews } from '@/features/reviews/coach-reviews';
import { accountQuery } from '@/lib/account-query';
import type { Prefetch } from '@/app/router';

export const prefetch: Prefetch = async ({ queryClient, params }) => {
  const idOrSlug = params.id ?? '';
  try {
    const coach = await queryClient.fetchQuery(publicCoachQuery(idOrSlug));
    if (idOrSlug !== coach.slug && idOrSlug !== coach.id) return { redirect: coachPath(coach) };
    // The first page of reviews is server-rendered with the profile (issue 24).
    await queryClient.prefetchInfiniteQuery(coachReviewsQuery(coach.id));
  } catch (error) {
    if (isNotFoundError(error)) return { status: 404 };
    throw error;
  }
};

/** The Coach's page with their written reviews under it. */
export function CoachProfilePage() {
  const signedIn = useQuery(accountQuery()).data?.user != null;
  return (
    <CoachProfile
      reviews={(coach) => (
        <CoachReviews
          coachId={coach.id}
          coachName={coach.name}
          isOwner={coach.isOwner}
          signedIn={signedIn}
        />
      )}
    />
  );
}
