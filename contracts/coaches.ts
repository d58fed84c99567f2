import { z } from 'zod';

/** What anyone may see of a Coach in a list. */
export const coachCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  expertise: z.string(),
  bio: z.string().nullable(),
  photoUrl: z.string().nullable(),
  pricePerQuestion: z.number().int(),
});
export type CoachCard = z.infer<typeof coachCardSchema>;

export const newestCoachesSchema = z.object({
  coaches: z.array(coachCardSchema),
  total: z.number().int(),
});
export type NewestCoaches = z.infer<typeof newestCoachesSchema>;
