import { usePublicConfig } from '@/features/public-config/api';
import { FALLBACK_OPERATOR } from '@/features/legal/operator';
import { PrivacyPolicy } from '@/features/legal/privacy-policy';

export function PrivacyPage() {
  const config = usePublicConfig();
  return (
    <PrivacyPolicy
      operator={config.data?.operatorCompany ?? FALLBACK_OPERATOR}
      privacyEmail={config.data?.privacyEmail || undefined}
      isLoading={config.isPending}
    />
  );
}
