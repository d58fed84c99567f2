import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BetaStatus } from '@contracts/beta';
import { apiPaths } from '@contracts/api-paths';
import { api } from '@/lib/api-client';

export const getBetaStatus = () => api<BetaStatus>(apiPaths.beta);
export const betaStatusQuery = () => queryOptions({ queryKey: ['beta'], queryFn: getBetaStatus });
export const useBetaStatus = () => useQuery(betaStatusQuery());

export const submitBetaCode = (input: { code: string }) =>
  api(apiPaths.beta, { method: 'POST', body: input });
