import { z } from 'zod';

export const mailboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      /** List-Unsubscribe and its One-Click POST on a message that can be turned off (ADR 057). */
      headers: z.record(z.string(), z.string()).nullable(),
      status: z.enum(['pending', 'sent', 'failed']),
      createdAt: z.string(),
    }),
  ),
});
export type Mailbox = z.infer<typeof mailboxSchema>;
