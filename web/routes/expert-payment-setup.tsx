export { CoachPaymentSetupPage as ExpertPaymentSetupPage } from '@/features/payments/coach-payment-setup-page';
