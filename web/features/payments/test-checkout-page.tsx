import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, LockKeyhole, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { UNEXPECTED_ERROR } from '@contracts/api-error';
import { formatWholeDollars } from '@contracts/money';
import type { LocalCheckout } from '@contracts/payments';
import { PAYMENT_MESSAGES } from '@contracts/payments';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/page-loading';
import { finishLocalCheckout, useLocalCheckout } from './api';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { TestModeBanner } from './test-mode-banner';

/** Payment states a checkout can still settle (the server refuses the rest). */
const PAYABLE = new Set(['unpaid', 'pending', 'failed']);
const LOAD_FAILED = 'This checkout could not be loaded right now.';

/**
 * /test-checkout/:sessionId, the local payment provider's hosted checkout (ADR 013). It
 * stands in for the card provider's page: paying or cancelling raises the same events, then sends
 * the Player back to their question.
 */
export function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const { data, error, isPending, isFetching, refetch } = useLocalCheckout(sessionId);
  const status = error instanceof ApiRequestError ? error.status : null;
  const missing = sessionId === '' || (!data && (status === 400 || status === 404));
  const refused = !data && status === 403;

  let body: ReactNode;
  if (missing || refused) {
    body = <CheckoutNotFound restricted={refused} />;
  } else if (!data && error) {
    body = <LoadError message={LOAD_FAILED} retrying={isFetching} onRetry={() => void refetch()} />;
  } else if (isPending || !data) {
    body = <PageLoading />;
  } else {
    body = <CheckoutCard sessionId={sessionId} checkout={data} />;
  }

  return (
    <>
      <TestModeBanner>Test checkout: no real card is charged.</TestModeBanner>
      <div className="mx-auto w-full max-w-lg px-4 py-8 sm:py-12">{body}</div>
    </>
  );
}

function CheckoutCard({ sessionId, checkout }: { sessionId: string; checkout: LocalCheckout }) {
  const finish = useMutation({
    mutationFn: (outcome: 'pay' | 'cancel') => finishLocalCheckout(sessionId, outcome),
    onSuccess: (redirect) => window.location.assign(redirect),
    onError: (error) =>
      toast({
        title: PAYMENT_MESSAGES.paymentError.title,
        description: errorMessage(error, UNEXPECTED_ERROR),
        variant: 'destructive',
      }),
  });
  // Stays busy after success too, while the browser leaves for the question.
  const busy = finish.isPending || finish.isSuccess;
  const questionPath = `/questions/${encodeURIComponent(checkout.questionId)}`;
  const paid = checkout.paymentStatus === 'paid';
  const payable = PAYABLE.has(checkout.paymentStatus);
  const fee = formatWholeDollars(checkout.amount);

  return (
    <Card className="overflow-hidden p-0">
      <div className="bg-navy px-5 py-5 text-white sm:px-6">
        <h1 className="text-4xl leading-none font-bold">Checkout</h1>
        <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-white/80">
          <LockKeyhole aria-hidden className="size-4 shrink-0 text-volt" />
          One question, one fixed fee.
        </p>
      </div>

      <div className="flex flex-col gap-5 p-5 sm:p-6">
        <dl className="flex flex-col gap-4">
          <div>
            <dt className="font-display text-xs tracking-widest text-muted uppercase">Coach</dt>
            <dd className="mt-0.5 text-xl font-bold break-words text-navy">{checkout.coachName}</dd>
          </div>
          <div>
            <dt className="font-display text-xs tracking-widest text-muted uppercase">
              Your question
            </dt>
            <dd className="mt-1 line-clamp-3 break-words text-ink">{checkout.question}</dd>
          </div>
          <div className="flex items-center justify-between gap-3 rounded-xl bg-surface px-4 py-3">
            <dt className="font-semibold text-muted">Total</dt>
            <dd className="font-display text-3xl leading-none font-bold text-navy">{fee}</dd>
          </div>
        </dl>

        {paid || !payable ? (
          <div
            role="status"
            className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
          >
            <p className="flex items-start gap-2 font-semibold text-navy">
              {paid && <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />}
              {paid ? 'This question is already paid.' : PAYMENT_MESSAGES.notPayable}
            </p>
            <Button asChild variant="dark" className="w-full sm:w-auto sm:self-start">
              <Link to={questionPath}>Back to your question</Link>
            </Button>
          </div>
        ) : (
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="outline"
              size="lg"
              className="w-full sm:w-auto"
              disabled={busy}
              onClick={() => finish.mutate('cancel')}
            >
              Cancel
            </Button>
            <Button
              type="button"
              size="lg"
              className="w-full sm:w-auto sm:min-w-32"
              disabled={busy}
              aria-busy={finish.isPending && finish.variables === 'pay'}
              onClick={() => finish.mutate('pay')}
            >
              Pay
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

function CheckoutNotFound({ restricted }: { restricted: boolean }) {
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <SearchX aria-hidden className="size-12 text-navy" />
      <h1 className="text-4xl font-bold text-navy">Checkout Not Found</h1>
      <p className="max-w-md text-muted">
        {restricted
          ? 'Only the Player who asked this question can pay for it.'
          : 'This checkout session does not exist or has expired.'}
      </p>
      <Button asChild variant="dark">
        <Link to="/">Return Home</Link>
      </Button>
    </div>
  );
}

/** The unmistakable mark of the local provider's pages: nothing real is charged here. */
