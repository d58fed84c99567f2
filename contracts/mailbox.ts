import { z } from 'zod';

export const mailboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.enum(['pending', 'sent', 'failed']),
      createdAt: z.string(),
    }),
  ),
});
export type Mailbox = z.infer<typeof mailboxSchema>;
