import { z } from 'zod';

/** The one error shape every API route answers with. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
