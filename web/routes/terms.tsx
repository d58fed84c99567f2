import { usePublicConfig } from '@/features/public-config/api';
import { TermsOfService } from '@/features/legal/terms-of-service';
import { FALLBACK_OPERATOR } from '@/features/legal/operator';

export function TermsPage() {
  const config = usePublicConfig();
  return <TermsOfService operator={config.data?.operatorCompany ?? FALLBACK_OPERATOR} />;
}
