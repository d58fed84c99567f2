import type { Prefetch } from '@/app/router';

/** The server answers an unknown path with 404. */
export const prefetch: Prefetch = () => Promise.resolve({ status: 404 });

export { NotFoundPage } from '@/features/not-found/not-found-page';
