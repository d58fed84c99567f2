import { Page } from '@/components/ui/page';
import { CoachProfileForm } from '@/features/profiles/coach-profile-form';

export function ManageExpertProfilePage() {
  return (
    <Page
      title="Manage Coach Profile"
      lead="Keep your profile sharp: update your details, your price and your payment account."
    >
      <CoachProfileForm mode="manage" />
    </Page>
  );
}
