import type { ContactInput } from '@contracts/contact';
import { api } from '@/lib/api-client';

export const sendContactMessage = (input: ContactInput) =>
  api<{ id: string }>('/api/contact', { method: 'POST', body: input });
