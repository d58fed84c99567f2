import { z } from 'zod';
import { INVALID_ACCESS_CODE } from './beta';

export const betaCodeSchema = z.object({
  code: z.string().trim().min(1, INVALID_ACCESS_CODE).max(200, INVALID_ACCESS_CODE),
});
export type BetaCodeInput = z.infer<typeof betaCodeSchema>;

export const betaStatusSchema = z.object({ required: z.boolean(), granted: z.boolean() });
