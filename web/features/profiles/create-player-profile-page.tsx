import { Page } from '@/components/ui/page';
import { PlayerProfileForm } from './player-profile-form';

export function CreatePlayerProfilePage() {
  return (
    <Page
      title="Create Your Player Profile"
      lead="A few details so your Coaches know who they're helping. It only takes a minute."
    >
      <PlayerProfileForm mode="create" />
    </Page>
  );
}
