import { PaymentAccountCard } from '@/features/payments/payment-account-card';
import { ManageCoachProfilePage as ManageProfile } from '@/features/profiles/manage-coach-profile-page';

export function ManageCoachProfilePage() {
  return (
    <ManageProfile
      paymentAccount={(onboardingComplete) => (
        <PaymentAccountCard onboardingComplete={onboardingComplete} />
      )}
    />
  );
}
