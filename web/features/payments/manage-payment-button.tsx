import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { PAYMENT_MESSAGES } from '@contracts/payments';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { openInNewTab } from '@/lib/open-in-new-tab';
import { usePortal } from './api';
import { errorMessage } from '@/lib/api-client';

/**
 * The Coach's payment account action (spec §2 'Payouts', §4 'Payment onboarding'): the provider's
 * dashboard in a new tab once onboarding is complete, else the way to payment setup.
 */
export function ManagePaymentButton({
  onboardingComplete,
  variant = 'primary',
  className,
}: {
  onboardingComplete: boolean;
  variant?: ComponentProps<typeof Button>['variant'];
  className?: string;
}) {
  const portal = usePortal();

  if (!onboardingComplete) {
    return (
      <Button asChild variant={variant} className={className}>
        <Link to="/expert-payment-setup">Set Up Payment Account</Link>
      </Button>
    );
  }

  const onManage = () =>
    portal.mutate(undefined, {
      onSuccess: (url) => {
        openInNewTab(url);
      },
      onError: (error) =>
        toast({
          title: errorMessage(error, PAYMENT_MESSAGES.managementFailed),
          variant: 'destructive',
        }),
    });

  return (
    <Button
      type="button"
      variant={variant}
      className={className}
      disabled={portal.isPending}
      aria-busy={portal.isPending}
      onClick={onManage}
    >
      Manage Payment Account
    </Button>
  );
}
