import { useQuery } from '@tanstack/react-query';
import type { Mailbox } from '@contracts/mailbox';
import { apiPaths } from '@contracts/api-paths';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { PageLoading } from '@/components/ui/page-loading';
import { api } from '@/lib/api-client';

/** Turns the URLs in a plain-text mail into links. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <p className="text-sm whitespace-pre-wrap text-ink">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="font-semibold break-all text-navy underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/** Development only: the mail the outbox holds, so confirmation links work without SMTP. */
export function DevMailboxPage() {
  const mailbox = useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: () => api<Mailbox>(apiPaths.devMailbox),
    refetchInterval: 3000,
    retry: false,
  });
  return (
    <Page title="Dev mailbox" lead="Mail the app would have sent. Not available in production.">
      {mailbox.isPending && <PageLoading />}
      {mailbox.isError && <p role="alert">The dev mailbox is not available on this server.</p>}
      {mailbox.data?.messages.length === 0 && <p className="text-muted">No mail yet.</p>}
      <ul className="flex flex-col gap-4">
        {mailbox.data?.messages.map((mail) => (
          <li key={mail.id}>
            <Card className="flex flex-col gap-2">
              <p className="text-sm text-muted">
                To <strong className="text-ink">{mail.to}</strong> ·{' '}
                {new Date(mail.createdAt).toLocaleString('en-US')}
              </p>
              <h2 className="text-xl font-bold text-navy normal-case">{mail.subject}</h2>
              {mail.headers && (
                <dl className="text-xs text-muted">
                  {Object.entries(mail.headers).map(([name, value]) => (
                    <div key={name} className="break-all">
                      <dt className="inline font-semibold">{name}:</dt>{' '}
                      <dd className="inline">{value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              <Linkified text={mail.text} />
            </Card>
          </li>
        ))}
      </ul>
    </Page>
  );
}
