import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BetaStatus } from '@contracts/beta';
import { api } from '@/lib/api-client';

export const getBetaStatus = () => api<BetaStatus>('/api/beta');
export const betaStatusQuery = () => queryOptions({ queryKey: ['beta'], queryFn: getBetaStatus });
export const useBetaStatus = () => useQuery(betaStatusQuery());

export const submitBetaCode = (input: { code: string }) =>
  api('/api/beta', { method: 'POST', body: input });
