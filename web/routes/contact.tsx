import { Mail } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { ContactForm } from '@/features/contact/contact-form';
import { usePublicConfig } from '@/features/public-config/api';
import { useDocumentMeta } from '@/lib/meta';
import { pageTitle } from '@/lib/site-meta';

export function ContactPage() {
  useDocumentMeta({
    title: pageTitle('Contact'),
    description:
      'Questions, feedback or a problem with a response? Send the Playbook team a message.',
    path: '/contact',
  });
  const config = usePublicConfig();
  return (
    <Page
      title="Contact"
      lead="Questions about your account, a payment or an answer? Send us a message and we'll get back to you."
    >
      <Card>
        <ContactForm />
      </Card>
      {config.data && (
        <p className="mt-6 flex items-center gap-2 text-sm text-muted">
          <Mail className="size-4" aria-hidden />
          Prefer email? Write to
          <a
            className="font-semibold text-navy underline"
            href={`mailto:${config.data.privacyEmail}`}
          >
            {config.data.privacyEmail}
          </a>
        </p>
      )}
    </Page>
  );
}
