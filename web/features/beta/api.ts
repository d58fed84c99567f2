import { queryOptions, useQuery } from '@tanstack/react-query';
import { betaStatusSchema, type BetaCodeInput } from '@contracts/beta';
import { api } from '@/lib/api-client';

export const getBetaStatus = () => api('/api/beta', { schema: betaStatusSchema });
export const betaStatusQuery = () => queryOptions({ queryKey: ['beta'], queryFn: getBetaStatus });
export const useBetaStatus = () => useQuery(betaStatusQuery());

export const submitBetaCode = (input: BetaCodeInput) =>
  api('/api/beta', { method: 'POST', body: input });
