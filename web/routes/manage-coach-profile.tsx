import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { coachPath } from '@contracts/coach-slug';
import { ShareProfileButton } from '@/components/share-profile-button';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { PaymentAccountCard } from '@/features/payments/payment-account-card';
import { useOwnCoachProfile } from '@/features/profiles/api';
import { CoachProfileForm } from '@/features/profiles/coach-profile-form';

export function ManageCoachProfilePage() {
  const { data: profile } = useOwnCoachProfile();
  return (
    <Page
      title="Manage Coach Profile"
      lead="Keep your profile sharp: update your details, your price and your payment account."
    >
      {profile && (
        <div className="mb-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="outline">
            <Link to={coachPath(profile)}>
              <ExternalLink aria-hidden />
              View public profile
            </Link>
          </Button>
          <ShareProfileButton coach={profile} variant="dark" />
        </div>
      )}
      <div className="space-y-6">
        <CoachProfileForm mode="manage" />
        {profile && <PaymentAccountCard onboardingComplete={profile.onboardingComplete} />}
      </div>
    </Page>
  );
}
