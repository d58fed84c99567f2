export { OnboardingPage } from '@/features/account/onboarding-page';
