import type { ContactInput } from '@contracts/contact';
import { apiPaths } from '@contracts/api-paths';
import { api } from '@/lib/api-client';

export const sendContactMessage = (input: ContactInput) =>
  api<{ id: string }>(apiPaths.contact, { method: 'POST', body: input });
