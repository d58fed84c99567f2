import type { ContactInput } from '../../../contracts/contact';
import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema';

export async function insertContactMessage(db: Executor, input: ContactInput): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      topic: input.topic,
      subject: input.subject,
      message: input.message,
      agreedToTermsAt: new Date(),
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
