import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicCoach, PublicPlayer } from '@contracts/profiles';
import { profileApiPaths } from '@contracts/profile-api-paths';
import { api, ApiRequestError } from '@/lib/api-client';

/** The profile does not exist (the API answered 404). */
export const isNotFoundError = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 404;

/**
 * A Coach's public page by id or slug (the name with hyphens for spaces). Keyed under 'coaches' so
 * a realtime Coaches change refetches it.
 */
export const publicCoachQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['coaches', 'profile', idOrSlug],
    queryFn: ({ signal }) => api<PublicCoach>(profileApiPaths.publicCoach(idOrSlug), { signal }),
  });

export const usePublicCoach = (idOrSlug: string) =>
  useQuery({ ...publicCoachQuery(idOrSlug), enabled: idOrSlug !== '' });

/** A Player's public page by user id. */
export const publicPlayerQuery = (userId: string) =>
  queryOptions({
    queryKey: ['players', userId],
    queryFn: ({ signal }) => api<PublicPlayer>(profileApiPaths.publicPlayer(userId), { signal }),
  });

export const usePublicPlayer = (userId: string) =>
  useQuery({ ...publicPlayerQuery(userId), enabled: userId !== '' });
