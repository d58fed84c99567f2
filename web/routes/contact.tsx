import { ContactUs } from '@/features/contact/contact-page';
import { usePublicConfig } from '@/features/public-config/api';

export function ContactPage() {
  const config = usePublicConfig();
  return <ContactUs privacyEmail={config.data?.privacyEmail} />;
}
