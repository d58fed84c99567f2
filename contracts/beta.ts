/** Beta gate constants; no zod here, so the app's entry chunk stays small. */
export const BETA_STORAGE_KEY = 'beta_access';
export const BETA_STORAGE_VALUE = 'granted';
export const BETA_ACCESS_PARAM = 'access';
export const INVALID_ACCESS_CODE = 'Invalid access code';

export interface BetaStatus {
  required: boolean;
  granted: boolean;
}
