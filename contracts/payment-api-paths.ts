import { id } from './api-paths';

const localCheckout = (sessionId: string) => `/api/payments/local/checkout/${id(sessionId)}`;

/** The payment screens' API paths (see `api-paths.ts`). */
export const paymentApiPaths = {
  checkout: '/api/payments/checkout',
  localCheckout,
  finishLocalCheckout: (sessionId: string, outcome: 'pay' | 'cancel') =>
    `${localCheckout(sessionId)}/${outcome}`,
  onboardingStatus: '/api/payments/onboarding-status',
  paymentConnect: '/api/payments/connect',
  paymentPortal: '/api/payments/portal',
  completeLocalOnboarding: (accountId: string) =>
    `/api/payments/local/onboarding/${id(accountId)}/complete`,
  paymentHistory: '/api/payments/history',
  receipt: (questionId: string) => `/api/payments/${id(questionId)}/receipt`,
  payouts: '/api/payouts',
  earnings: '/api/payouts/earnings',
  payoutsCsv: '/api/payouts/export',
} as const;
