import { Link, useSearchParams } from 'react-router';
import {
  NOTIFICATION_LABELS,
  NOTIFICATION_MESSAGES,
  UNSUBSCRIBE_CHOICE_FIELD,
} from '@contracts/notifications';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { PageLoading } from '@/components/ui/page-loading';
import { useDocumentMeta } from '@/lib/meta';
import { useUnsubscribeStatus } from './api';

const TITLE = 'E-mail preferences';

/**
 * Where an e-mail's unsubscribe link lands (issue 25, ADR 057). Opening it changes nothing (mail
 * scanners open links); its plain form POSTs the link itself, which turns that kind off or back on
 * and shows this page again, so it works without signing in and without JavaScript.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useUnsubscribeStatus(token);
  useDocumentMeta({
    title: `${TITLE} | Playbook`,
    description: 'Turn off or back on one kind of Playbook e-mail.',
    path: '/unsubscribe',
  });

  if (token !== '' && status.isPending) return <PageLoading />;
  if (token === '' || !status.data) {
    return (
      <Page title={TITLE}>
        <Notice tone="problem">{NOTIFICATION_MESSAGES.invalidLink}</Notice>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/account">Account Settings</Link>
        </Button>
      </Page>
    );
  }

  const label = NOTIFICATION_LABELS[status.data.category];
  const { enabled } = status.data;
  return (
    <Page title={TITLE}>
      <Card className="space-y-5">
        {enabled ? (
          <p className="text-lg text-ink">
            You get “{label}” e-mails. Unsubscribe to stop them; e-mails about payments and your
            account's security still reach you.
          </p>
        ) : (
          <Notice tone="success">{NOTIFICATION_MESSAGES.turnedOff(label)}</Notice>
        )}
        <form method="post" action={`/unsubscribe?token=${encodeURIComponent(token)}`}>
          <input type="hidden" name={UNSUBSCRIBE_CHOICE_FIELD} value={enabled ? 'off' : 'on'} />
          <Button type="submit" variant={enabled ? 'dark' : 'outline'}>
            {enabled ? 'Unsubscribe' : 'Turn back on'}
          </Button>
        </form>
        <p className="text-sm text-muted">
          Choose all your e-mails in{' '}
          <Link to="/account" className="font-semibold text-navy underline">
            Account Settings
          </Link>
          .
        </p>
      </Card>
    </Page>
  );
}
