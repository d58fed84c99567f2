import type { NotFoundReport } from '@contracts/client-log';
import { apiPaths } from '@contracts/api-paths';
import { api } from '@/lib/api-client';

/** Best effort: a lost report must never disturb the page. */
export function reportNotFound(report: NotFoundReport): void {
  api(apiPaths.notFoundReports, { method: 'POST', body: report }).catch(() => undefined);
}
