import { z } from 'zod';

export const BETA_STORAGE_KEY = 'beta_access';
export const BETA_STORAGE_VALUE = 'granted';
export const BETA_ACCESS_PARAM = 'access';
export const INVALID_ACCESS_CODE = 'Invalid access code';

export const betaCodeSchema = z.object({
  code: z.string().trim().min(1, INVALID_ACCESS_CODE).max(200, INVALID_ACCESS_CODE),
});
export type BetaCodeInput = z.infer<typeof betaCodeSchema>;

export const betaStatusSchema = z.object({ required: z.boolean(), granted: z.boolean() });
export type BetaStatus = z.infer<typeof betaStatusSchema>;
