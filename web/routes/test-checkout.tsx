export { TestCheckoutPage } from '@/features/payments/test-checkout-page';
