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

/**
 * The home page's figures, computed from the listed Coaches (ADR 060): nothing is shown that the
 * data does not say, and a figure with no data behind it is zero or null.
 */
export const homeFiguresSchema = z.object({
  answeredQuestions: z.number().int(),
  /** The median of the Coaches' measured medians; null while no Coach has 3 answers. */
  typicalResponseMinutes: z.number().int().nullable(),
});
export type HomeFigures = z.infer<typeof homeFiguresSchema>;

export const newestCoachesSchema = z.object({
  coaches: z.array(coachCardSchema),
  total: z.number().int(),
  figures: homeFiguresSchema,
});
export type NewestCoaches = z.infer<typeof newestCoachesSchema>;
