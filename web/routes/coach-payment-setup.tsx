export { CoachPaymentSetupPage } from '@/features/payments/coach-payment-setup-page';
