import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { accountQuery } from '@/lib/account-query';
import { PlayerProfileForm } from './player-profile-form';

export function ManagePlayerProfilePage() {
  const userId = useQuery(accountQuery()).data?.user?.id;
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
