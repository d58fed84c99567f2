export { TestOnboardingPage } from '@/features/payments/test-onboarding-page';
