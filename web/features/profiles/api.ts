import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@contracts/account';
import { isApiError, UNEXPECTED_ERROR } from '@contracts/api-error';
import type {
  CoachProfileInput,
  OwnCoachProfile,
  OwnPlayerProfile,
  PlayerProfileInput,
} from '@contracts/profiles';
import { profileApiPaths } from '@contracts/profile-api-paths';
import { accountQuery } from '@/lib/account-query';
import { api, ApiRequestError } from '@/lib/api-client';

// ------------------------------------------------------------------ Coach profile (own)

/** The signed-in Coach's profile, or null while they have not created one (the API answers 404). */
export async function fetchOwnCoachProfile(): Promise<OwnCoachProfile | null> {
  try {
    return await api<OwnCoachProfile>(profileApiPaths.ownCoachProfile);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export const ownCoachProfileQuery = () =>
  queryOptions({
    queryKey: ['profiles', 'expert', 'own'],
    queryFn: fetchOwnCoachProfile,
  });

/** Asked only of an account with a Coach row (`enabled`): before it, there is none to read. */
export const useOwnCoachProfile = (enabled = true) =>
  useQuery({ ...ownCoachProfileQuery(), enabled });

export const saveCoachProfile = (input: CoachProfileInput) =>
  api<{ id: string }>(profileApiPaths.ownCoachProfile, { method: 'PUT', body: input });

// ------------------------------------------------------------------ Player profile (own)

export const fetchOwnPlayerProfile = () => api<OwnPlayerProfile>(profileApiPaths.ownPlayerProfile);

export const ownPlayerProfileQuery = () =>
  queryOptions({
    queryKey: ['profiles', 'asker', 'own'],
    queryFn: fetchOwnPlayerProfile,
  });

export const useOwnPlayerProfile = () => useQuery(ownPlayerProfileQuery());

export const savePlayerProfile = (input: PlayerProfileInput) =>
  api(profileApiPaths.ownPlayerProfile, { method: 'PUT', body: input });

// ------------------------------------------------------------------ Saving

/**
 * After a save: profile completion lives on the account, the own profile changed, and a Coach's
 * public card may have too. The account refetch is awaited so the route guard sees the completed
 * profile before the caller navigates on.
 */
function useInvalidateAfterSave(role: Role) {
  const queryClient = useQueryClient();
  return async () => {
    const ownKey =
      role === 'expert' ? ownCoachProfileQuery().queryKey : ownPlayerProfileQuery().queryKey;
    void queryClient.invalidateQueries({ queryKey: ['coaches'] });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: accountQuery().queryKey }),
      queryClient.invalidateQueries({ queryKey: ownKey }),
    ]);
  };
}

export function useSaveCoachProfile() {
  const invalidate = useInvalidateAfterSave('expert');
  return useMutation({ mutationFn: saveCoachProfile, onSuccess: invalidate });
}

export function useSavePlayerProfile() {
  const invalidate = useInvalidateAfterSave('asker');
  return useMutation({ mutationFn: savePlayerProfile, onSuccess: invalidate });
}

// ------------------------------------------------------------------ Photo

export interface PhotoResult {
  photoUrl: string | null;
}

/**
 * Uploads a profile photo as multipart form data (field `file`). The browser sets the multipart
 * content type with its boundary, so none is given here. Failures throw ApiRequestError carrying the
 * server's status and message.
 */
export async function uploadProfilePhoto(role: Role, file: File): Promise<PhotoResult> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(profileApiPaths.profilePhoto(role), {
      method: 'POST',
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiRequestError(0, UNEXPECTED_ERROR);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiRequestError(response.status, isApiError(json) ? json.message : '');
  }
  return json as PhotoResult;
}

export const removeProfilePhoto = (role: Role) =>
  api<PhotoResult>(profileApiPaths.profilePhoto(role), { method: 'DELETE' });

/**
 * A user has one photo shown on every profile they hold, so both own-profile caches take the new
 * URL, and the Coach lists are refreshed.
 */
export function useApplyPhoto() {
  const queryClient = useQueryClient();
  return (photoUrl: string | null) => {
    queryClient.setQueryData(ownCoachProfileQuery().queryKey, (old) =>
      old ? { ...old, photoUrl } : old,
    );
    queryClient.setQueryData(ownPlayerProfileQuery().queryKey, (old) =>
      old ? { ...old, photoUrl } : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['coaches'] });
  };
}
