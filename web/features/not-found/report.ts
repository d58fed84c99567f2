import type { NotFoundReport } from '@contracts/client-log';
import { api } from '@/lib/api-client';

/** Best effort: a lost report must never disturb the page. */
export function reportNotFound(report: NotFoundReport): void {
  api('/api/not-found-reports', { method: 'POST', body: report }).catch(() => undefined);
}
