import { z } from 'zod';
import { coachCardSchema } from './coaches';

export const coachDashboardSchema = z.object({
  /** Who the Coach is, for 'Share profile'. */
  name: z.string(),
  slug: z.string(),
  questionsAnswered: z.number().int(),
  /** Sum of paid payouts, in cents. */
  earnedCents: z.number().int(),
  starRating: z.number().int().min(1).max(5).nullable(),
});
export type CoachDashboard = z.infer<typeof coachDashboardSchema>;

export const yourCoachesSchema = z.object({ coaches: z.array(coachCardSchema) });
export type YourCoaches = z.infer<typeof yourCoachesSchema>;
