import type { Prefetch } from '@/app/router';
import { newestCoachesQuery } from '@/features/coaches/api';
import { HomeFigures } from '@/features/coaches/home-figures';
import { MeetOurCoaches } from '@/features/coaches/meet-our-coaches';
import { PlayerHome } from '@/features/coaches/player-home';
import { Home } from '@/features/home/home-page';

export const prefetch: Prefetch = ({ queryClient }) =>
  queryClient.prefetchQuery(newestCoachesQuery());

export function HomePage() {
  return (
    <Home
      coaches={<MeetOurCoaches />}
      figures={<HomeFigures />}
      playerHome={(firstName) => <PlayerHome firstName={firstName} />}
    />
  );
}
