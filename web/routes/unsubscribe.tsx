import { unsubscribeQuery } from '@/features/unsubscribe/api';
import type { Prefetch } from '@/app/router';

/** Rendered by the server with its state, so the page and its form work without JavaScript. */
export const prefetch: Prefetch = async ({ queryClient, url }) => {
  const token = url.searchParams.get('token') ?? '';
  if (token === '') return { status: 400 };
  try {
    await queryClient.fetchQuery(unsubscribeQuery(token));
  } catch {
    return { status: 400 };
  }
};

export { UnsubscribePage } from '@/features/unsubscribe/unsubscribe-page';
