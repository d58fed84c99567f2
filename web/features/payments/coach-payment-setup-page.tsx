import { CheckCircle2, CircleDashed, Clock, CreditCard, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { COACH_SHARE_PERCENT } from '@contracts/money';
import type { OnboardingStatus } from '@contracts/payments';
import { PAYMENT_MESSAGES } from '@contracts/payments';
import { toast } from '@/components/toast/toast-store';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PageLoading } from '@/components/ui/page-loading';
import { useOnboardingStatus, useStartOnboarding } from './api';
import { openInNewTab } from '@/lib/open-in-new-tab';
import { errorMessage } from '@/lib/api-client';

/** Spec §9: home after about 1 second, 2 seconds when returning from the provider with success. */
const REDIRECT_MS = 1000;
const REDIRECT_AFTER_SUCCESS_MS = 2000;

/** /expert-payment-setup (spec §2 'Payment setup'), optionally ?success=true or ?refresh=true. */
export function CoachPaymentSetupPage() {
  const [params] = useSearchParams();
  const returnedWithSuccess = params.get('success') === 'true';
  const linkExpired = params.get('refresh') === 'true';
  const { data, error, isPending, isFetching, refetch } = useOnboardingStatus();

  useErrorToast(error, () => ({ title: PAYMENT_MESSAGES.statusFailed }));
  // Judged on a fresh answer only, never on a cached one being refetched.
  useIncompleteToast(
    returnedWithSuccess && data !== undefined && !data.onboarding_complete && !isFetching,
  );
  useRedirectHomeWhenComplete(
    data?.onboarding_complete === true,
    returnedWithSuccess ? REDIRECT_AFTER_SUCCESS_MS : REDIRECT_MS,
  );

  let body: ReactNode;
  if (data) {
    body = <SetupStatus status={data} linkExpired={linkExpired} />;
  } else if (error) {
    body = (
      <LoadError
        message={PAYMENT_MESSAGES.statusFailed}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (isPending) {
    body = <PageLoading />;
  }

  return (
    <Page
      title="Payment Setup"
      lead={`Connect a payment account to get paid for every answer. You keep ${COACH_SHARE_PERCENT}% of each fee.`}
    >
      {body}
    </Page>
  );
}

/** Back from the provider with setup unfinished: say so once. */
function useIncompleteToast(incomplete: boolean) {
  const toasted = useRef(false);
  useEffect(() => {
    if (!incomplete || toasted.current) return;
    toasted.current = true;
    toast({ ...PAYMENT_MESSAGES.setupIncomplete, variant: 'destructive' });
  }, [incomplete]);
}

function useRedirectHomeWhenComplete(complete: boolean, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!complete) return;
    const timer = setTimeout(() => void navigate('/', { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [complete, delayMs, navigate]);
}

function SetupStatus({ status, linkExpired }: { status: OnboardingStatus; linkExpired: boolean }) {
  const complete = status.onboarding_complete;
  return (
    <div className="flex flex-col gap-6">
      {complete ? (
        <section
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-success/30 bg-green-50 p-4 sm:p-6"
        >
          <CheckCircle2 aria-hidden className="mt-0.5 size-6 shrink-0 text-success" />
          <div>
            <p className="text-lg font-bold text-navy">Your payment account is ready.</p>
            <p className="mt-1 text-muted">Taking you home…</p>
          </div>
        </section>
      ) : (
        <SetupAction linkExpired={linkExpired} />
      )}

      <Card className="p-4 sm:p-6">
        <h2 className="text-2xl font-bold text-navy">Account Status</h2>
        <ul className="mt-4 flex flex-col divide-y divide-line">
          <CheckItem label="Onboarding complete" done={status.onboarding_complete} />
          <CheckItem label="Charges enabled" done={status.charges_enabled} />
          <CheckItem label="Payouts enabled" done={status.payouts_enabled} />
          <li className="flex items-start gap-3 py-3">
            {status.requirements.length === 0 ? (
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
            ) : (
              <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">Requirements</p>
              {status.requirements.length === 0 ? (
                <p className="text-muted">None</p>
              ) : (
                <ul className="mt-1 list-disc pl-5 text-muted">
                  {status.requirements.map((requirement) => (
                    <li key={requirement} className="break-words">
                      {requirement}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        </ul>
      </Card>
    </div>
  );
}

function CheckItem({ label, done }: { label: string; done: boolean }) {
  return (
    <li className="flex items-center gap-3 py-3">
      {done ? (
        <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success" />
      ) : (
        <CircleDashed aria-hidden className="size-5 shrink-0 text-muted" />
      )}
      <span className="flex-1 font-semibold text-ink">{label}</span>
      <span className={done ? 'text-sm font-semibold text-success' : 'text-sm text-muted'}>
        {done ? 'Yes' : 'No'}
      </span>
    </li>
  );
}

function SetupAction({ linkExpired }: { linkExpired: boolean }) {
  const start = useStartOnboarding();

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (url) => {
        if (openInNewTab(url)) toast(PAYMENT_MESSAGES.setupOpened);
      },
      onError: (error) =>
        toast({
          title: PAYMENT_MESSAGES.setupError.title,
          description: errorMessage(error, PAYMENT_MESSAGES.setupError.description),
          variant: 'destructive',
        }),
    });

  return (
    <section className="relative overflow-hidden rounded-2xl bg-navy p-5 text-white shadow-sm sm:p-6">
      <div
        aria-hidden
        className="absolute -top-16 -right-16 size-48 rounded-full bg-volt/15 blur-3xl"
      />
      <div className="relative flex flex-col gap-4">
        <div className="flex items-start gap-3">
          <CreditCard aria-hidden className="mt-1 size-6 shrink-0 text-volt" />
          <div>
            <h2 className="text-2xl font-bold">Get paid for your answers</h2>
            <p className="mt-1 text-white/85">
              Set up your payment account with our card provider. It opens in a new tab; come back
              here when you are done and this page updates itself.
            </p>
          </div>
        </div>
        {linkExpired && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-xl bg-warning-soft p-3 text-sm font-medium text-warning"
          >
            <RotateCcw aria-hidden className="mt-0.5 size-4 shrink-0" />
            Your setup link expired. Start again to get a fresh one.
          </p>
        )}
        <Button
          type="button"
          size="lg"
          className="w-full sm:w-auto sm:self-start"
          disabled={start.isPending}
          aria-busy={start.isPending}
          onClick={onStart}
        >
          Set Up Payment Account
        </Button>
      </div>
    </section>
  );
}
