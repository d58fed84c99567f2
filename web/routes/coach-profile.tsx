import { coachPath } from '@contracts/coach-slug';
import { isNotFoundError, publicCoachQuery } from '@/features/public-profiles/api';
import type { Prefetch } from '@/app/router';

export const prefetch: Prefetch = async ({ queryClient, params }) => {
  const idOrSlug = params.id ?? '';
  try {
    const coach = await queryClient.fetchQuery(publicCoachQuery(idOrSlug));
    if (idOrSlug !== coach.slug && idOrSlug !== coach.id) return { redirect: coachPath(coach) };
  } catch (error) {
    if (isNotFoundError(error)) return { status: 404 };
    throw error;
  }
};

export { CoachProfilePage } from '@/features/public-profiles/coach-profile-page';
