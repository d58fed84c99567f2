import { ADMIN_TOKEN_KEY } from '@contracts/admin';
import { api, ApiRequestError } from '@/lib/api-client';

/** The administrator's bearer token lives in localStorage under the spec's key (spec §6). */
export const adminToken = {
  get: (): string | null => localStorage.getItem(ADMIN_TOKEN_KEY),
  set: (token: string) => localStorage.setItem(ADMIN_TOKEN_KEY, token),
  clear: () => localStorage.removeItem(ADMIN_TOKEN_KEY),
};

/** Calls an admin route with the stored token; never with the user's session cookie alone. */
export function adminApi<T = void>(
  path: string,
  options: { method?: 'GET' | 'POST'; signal?: AbortSignal; body?: unknown } = {},
): Promise<T> {
  return api<T>(path, {
    ...options,
    headers: { authorization: `Bearer ${adminToken.get() ?? ''}` },
  });
}

/** The server answers 401 to a missing, unknown, expired or revoked token. */
export const isSessionExpired = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 401;
