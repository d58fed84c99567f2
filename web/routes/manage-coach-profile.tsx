import { PaymentAccountCard } from '@/features/payments/payment-account-card';
import { ManageCoachProfilePage as ManageProfile } from '@/features/profiles/manage-coach-profile-page';
import { ReferenceLibraryCard } from '@/features/reference-library/reference-library-card';

export function ManageCoachProfilePage() {
  return (
    <ManageProfile
      // The page's last cards, once the profile exists: the payment account, then the reference
      // library (ADR 091). Both belong to other features, so the route hands them in.
      paymentAccount={(onboardingComplete) => (
        <>
          <PaymentAccountCard onboardingComplete={onboardingComplete} />
          <ReferenceLibraryCard />
        </>
      )}
    />
  );
}
