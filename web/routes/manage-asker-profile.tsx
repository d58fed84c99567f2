import { Page } from '@/components/ui/page';
import { PlayerProfileForm } from '@/features/profiles/player-profile-form';

export function ManageAskerProfilePage() {
  return (
    <Page title="Manage Player Profile" lead="Update your photo, your details and your links.">
      <PlayerProfileForm mode="manage" />
    </Page>
  );
}
