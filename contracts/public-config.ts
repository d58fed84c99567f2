import { z } from 'zod';

/** Configuration the browser needs, served by the API so no script is inlined in the page. */
export const publicConfigSchema = z.object({
  instagramUrl: z.string(),
  privacyEmail: z.string(),
  operatorCompany: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
