import { Page } from '@/components/ui/page';
import { CoachProfileForm } from './coach-profile-form';

export function CreateCoachProfilePage() {
  return (
    <Page
      title="Create Your Coach Profile"
      lead="Your profile is your storefront. Tell Players what you know, set your price, and you're ready to take questions."
    >
      <CoachProfileForm mode="create" />
    </Page>
  );
}
