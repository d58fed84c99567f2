import { isNotFoundError, publicPlayerQuery } from '@/features/public-profiles/api';
import type { Prefetch } from '@/app/router';

export const prefetch: Prefetch = async ({ queryClient, params }) => {
  try {
    await queryClient.fetchQuery(publicPlayerQuery(params.id ?? ''));
  } catch (error) {
    if (isNotFoundError(error)) return { status: 404 };
    throw error;
  }
};

export { PlayerProfilePage } from '@/features/public-profiles/player-profile-page';
