import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerPayments, Payouts } from '@contracts/payments';
import type { Earnings } from '@contracts/receipts';
import { paymentApiPaths } from '@contracts/payment-api-paths';
import { api } from '@/lib/api-client';

/** The signed-in Coach's payouts, newest first, and whether their payment account is set up. */
export const payoutsQuery = () =>
  queryOptions({
    queryKey: ['payouts'],
    queryFn: ({ signal }) => api<Payouts>(paymentApiPaths.payouts, { signal }),
  });
export const usePayouts = () => useQuery(payoutsQuery());

/** The signed-in Coach's earnings by month, the last 12 months (ADR 056). */
export const earningsQuery = () =>
  queryOptions({
    queryKey: ['payouts', 'earnings'],
    queryFn: ({ signal }) => api<Earnings>(paymentApiPaths.earnings, { signal }),
  });
export const useEarnings = () => useQuery(earningsQuery());

/** The signed-in Player's payments (one per question), newest first. */
export const paymentHistoryQuery = () =>
  queryOptions({
    queryKey: ['payments', 'history'],
    queryFn: ({ signal }) => api<PlayerPayments>(paymentApiPaths.paymentHistory, { signal }),
  });
export const usePaymentHistory = () => useQuery(paymentHistoryQuery());
