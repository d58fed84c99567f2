import { Mail } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { ContactForm } from './contact-form';
import { useDocumentMeta } from '@/lib/meta';
import { pageTitle } from '@/lib/site-meta';

/** /contact; the public config, another feature's, brings the address for those who prefer mail. */
export function ContactUs({ privacyEmail }: { privacyEmail: string | undefined }) {
  useDocumentMeta({
    title: pageTitle('Contact'),
    description:
      'Questions, feedback or a problem with a response? Send the Playbook team a message.',
    path: '/contact',
  });
  return (
    <Page
      title="Contact"
      lead="Questions about your account, a payment or an answer? Send us a message and we'll get back to you."
    >
      <Card>
        <ContactForm />
      </Card>
      {privacyEmail !== undefined && (
        <p className="mt-6 flex items-center gap-2 text-sm text-muted">
          <Mail className="size-4" aria-hidden />
          Prefer email? Write to
          <a className="font-semibold text-navy underline" href={`mailto:${privacyEmail}`}>
            {privacyEmail}
          </a>
        </p>
      )}
    </Page>
  );
}
