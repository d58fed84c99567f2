import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { PageLoading } from '@/components/ui/page-loading';
import { useAccount } from '../api';
import { DataCard } from './data-card';
import { DeleteCard } from './delete-card';
import { EmailCard } from './email-card';
import { NotificationsCard } from './notifications-card';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';

/**
 * Account settings (issues 13 and 25): e-mail, password, which e-mails to get, where the account is
 * signed in, a copy of one's data, and deletion.
 */
export function AccountSettingsPage() {
  const [params] = useSearchParams();
  const { data } = useAccount();
  if (!data?.user) return <PageLoading />;
  return (
    <Page title="Account Settings" lead="Your sign-in details, your e-mails and your data.">
      <div className="space-y-6">
        <EmailCard email={data.user.email} justChanged={params.get('email') === 'changed'} />
        <PasswordCard />
        <NotificationsCard />
        <SessionsCard />
        <DataCard />
        <DeleteCard />
      </div>
    </Page>
  );
}
