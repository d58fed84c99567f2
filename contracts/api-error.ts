/** The one error shape every API route answers with. */
export interface ApiError {
  statusCode?: number;
  error: string;
  message: string;
  fields?: Record<string, string>;
}

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
/** A 503 while the database cannot be reached; the response's Retry-After says when to try again. */
export const SERVICE_UNAVAILABLE =
  'Playbook is briefly unavailable. Please try again in a few seconds.';

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  // better-auth's errors carry `code` and `message` but no `statusCode`.
  return typeof candidate.message === 'string';
}
