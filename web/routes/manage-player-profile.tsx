import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { useAccount } from '@/features/account/api';
import { PlayerProfileForm } from '@/features/profiles/player-profile-form';

export function ManagePlayerProfilePage() {
  const userId = useAccount().data?.user?.id;
  return (
    <Page title="Manage Player Profile" lead="Update your photo, your details and your links.">
      {userId && (
        <Button asChild variant="outline" className="mb-8">
          <Link to={`/profile/${encodeURIComponent(userId)}`}>
            <ExternalLink aria-hidden />
            View public profile
          </Link>
        </Button>
      )}
      <PlayerProfileForm mode="manage" />
    </Page>
  );
}
