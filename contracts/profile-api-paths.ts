import type { Role } from './account';
import { id } from './api-paths';

/** The profile, directory and home screens' API paths (see `api-paths.ts`). */
export const profileApiPaths = {
  ownCoachProfile: '/api/profiles/expert',
  ownAvailability: '/api/profiles/expert/availability',
  ownPlayerProfile: '/api/profiles/asker',
  profilePhoto: (role: Role) => `/api/profiles/${role}/photo`,
  publicCoach: (idOrSlug: string) => `/api/coaches/${id(idOrSlug)}`,
  publicPlayer: (userId: string) => `/api/players/${id(userId)}`,
  newestCoaches: '/api/coaches/newest',
  coachDirectory: '/api/coaches',

  coachDashboard: '/api/home/coach-dashboard',
  yourCoaches: '/api/home/your-coaches',
} as const;
