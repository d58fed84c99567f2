export { PayoutsPage } from '@/features/payments/payouts-page';
