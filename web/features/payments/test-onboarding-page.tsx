import { BadgeCheck, Landmark } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PAYMENT_MESSAGES } from '@contracts/payments';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TestModeBanner } from './test-mode-banner';
import { sameOriginPath, useCompleteLocalOnboarding } from './api';
import { errorMessage } from '@/lib/api-client';

const DEFAULT_RETURN = '/expert-payment-setup?success=true';
const DEFAULT_REFRESH = '/expert-payment-setup?refresh=true';

/**
 * /test-onboarding/:accountId, the local payment provider's stand-in for the card provider's
 * Coach onboarding (and, with ?dashboard=true, its account dashboard). Query: return, refresh.
 */
export function TestOnboardingPage() {
  const { accountId = '' } = useParams();
  const [params] = useSearchParams();
  const dashboard = params.get('dashboard') === 'true';

  return (
    <>
      <TestModeBanner>Test onboarding: no real account is created.</TestModeBanner>
      <div className="mx-auto w-full max-w-lg px-4 py-8 sm:py-12">
        {dashboard ? (
          <Dashboard />
        ) : (
          <Onboarding
            accountId={accountId}
            returnTo={sameOriginPath(params.get('return'), DEFAULT_RETURN)}
            refreshTo={sameOriginPath(params.get('refresh'), DEFAULT_REFRESH)}
          />
        )}
      </div>
    </>
  );
}

function Onboarding({
  accountId,
  returnTo,
  refreshTo,
}: {
  accountId: string;
  returnTo: string;
  refreshTo: string;
}) {
  const complete = useCompleteLocalOnboarding();
  const busy = complete.isPending || complete.isSuccess;

  const onComplete = () =>
    complete.mutate(accountId, {
      onSuccess: () => window.location.assign(returnTo),
      onError: (error) =>
        toast({
          title: errorMessage(error, PAYMENT_MESSAGES.onboardingFailed),
          variant: 'destructive',
        }),
    });

  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-navy">
          <Landmark aria-hidden className="size-6 text-volt" />
        </span>
        <h1 className="text-3xl leading-tight font-bold break-words text-navy sm:text-4xl">
          Payment Account Setup
        </h1>
      </div>
      <p className="text-ink">
        This page stands in for the card provider&apos;s onboarding, where a Coach would enter their
        identity and bank details. In test mode nothing is collected: completing it marks your
        payment account as ready to take payments and receive payouts.
      </p>
      <p className="rounded-xl bg-surface px-4 py-3 text-sm break-all text-muted">
        <span className="font-semibold text-navy">Account </span>
        {accountId}
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline" size="lg" className="w-full sm:w-auto">
          <Link to={refreshTo}>Cancel</Link>
        </Button>
        <Button
          type="button"
          size="lg"
          className="w-full sm:w-auto"
          disabled={busy || accountId === ''}
          aria-busy={complete.isPending}
          onClick={onComplete}
        >
          Complete Onboarding
        </Button>
      </div>
    </Card>
  );
}

function Dashboard() {
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-navy">
          <BadgeCheck aria-hidden className="size-6 text-volt" />
        </span>
        <h1 className="text-3xl leading-tight font-bold break-words text-navy sm:text-4xl">
          Payment Dashboard
        </h1>
      </div>
      <p className="text-ink">Your test payment account is active. Payouts are sent here.</p>
      <Button asChild variant="dark" size="lg" className="w-full sm:w-auto sm:self-start">
        <Link to="/payouts">Back to Payouts</Link>
      </Button>
    </Card>
  );
}

/** The unmistakable mark of the local provider's pages: nothing real happens here. */
