export { PaymentsPage } from '@/features/payments/player-payments-page';
