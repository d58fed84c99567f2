import { z } from 'zod';

export const notFoundReportSchema = z.object({ path: z.string().min(1).max(2048) });
export type NotFoundReport = z.infer<typeof notFoundReportSchema>;
