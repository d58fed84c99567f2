import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { coachPath } from '@contracts/coach-slug';
import { ShareProfileButton } from '@/components/share-profile-button';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { useOwnCoachProfile } from './api';
import { AvailabilityCard } from './availability-card';
import { CoachProfileForm } from './coach-profile-form';

/** The Coach's own profile; the payment account card belongs to payments, so the route hands it in. */
export function ManageCoachProfilePage({
  paymentAccount,
}: {
  paymentAccount: (onboardingComplete: boolean) => ReactNode;
}) {
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
        {profile && <AvailabilityCard />}
        {profile && paymentAccount(profile.onboardingComplete)}
      </div>
    </Page>
  );
}
