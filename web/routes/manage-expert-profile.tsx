import { PaymentAccountCard } from '@/features/payments/payment-account-card';
import { ManageCoachProfilePage } from '@/features/profiles/manage-coach-profile-page';

export function ManageExpertProfilePage() {
  return (
    <ManageCoachProfilePage
      paymentAccount={(onboardingComplete) => (
        <PaymentAccountCard onboardingComplete={onboardingComplete} />
      )}
    />
  );
}
