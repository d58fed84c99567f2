import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageLoading } from '@/components/ui/page-loading';
import { useAccount } from '../api';
import { DataCard } from './data-card';
import { DeleteCard } from './delete-card';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';

/** Account settings (issue 13): e-mail, password, a copy of one's data, and deletion. */
export function AccountSettingsPage() {
  const [params] = useSearchParams();
  const { data } = useAccount();
  if (!data?.user) return <PageLoading />;
  return (
    <Page title="Account Settings" lead="Your sign-in details and your data.">
      <div className="space-y-6">
        <EmailCard email={data.user.email} justChanged={params.get('email') === 'changed'} />
        <PasswordCard />
        <DataCard />
        <DeleteCard />
      </div>
    </Page>
  );
}
