import { CalendarDays, CircleCheck, Hourglass, TriangleAlert, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDollarsAndCents } from '@contracts/money';
import {
  isOutstanding,
  PAYOUT_MESSAGES,
  payoutState,
  type Payout,
  type PayoutStateTone,
} from '@contracts/payments';
import { RecordsPage } from '@/components/records-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EarningsSection } from './earnings-section';
import { usePayouts } from './history-api';
import { ManagePaymentButton } from './manage-payment-button';
import { cn } from '@/lib/cn';
import { ToneBadge } from '@/components/ui/tone-badge';
import { formatDate } from '@contracts/dates';

type PayoutStatus = Payout['status'];

const STATUS: Record<PayoutStatus, { label: string; badge: string; dot: string }> = {
  pending: {
    label: 'Pending',
    badge: 'border-amber-300 bg-amber-50 text-amber-900',
    dot: 'bg-amber-500',
  },
  held: {
    label: 'Held',
    badge: 'border-orange-300 bg-orange-50 text-orange-800',
    dot: 'bg-orange-500',
  },
  transferring: {
    label: 'Sending',
    badge: 'border-sky-300 bg-sky-50 text-sky-900',
    dot: 'bg-sky-600',
  },
  paid: {
    label: 'Paid',
    badge: 'border-green-300 bg-green-50 text-green-800',
    dot: 'bg-green-600',
  },
  failed: { label: 'Failed', badge: 'border-red-300 bg-red-50 text-red-800', dot: 'bg-red-600' },
  reversing: {
    label: 'Cancelled',
    badge: 'border-slate-300 bg-slate-100 text-slate-700',
    dot: 'bg-slate-500',
  },
  cancelled: {
    label: 'Cancelled',
    badge: 'border-slate-300 bg-slate-100 text-slate-700',
    dot: 'bg-slate-500',
  },
};

const STATE_TONES: Record<PayoutStateTone, string> = {
  waiting: 'text-amber-800',
  held: 'text-warning',
  paid: 'text-success',
  cancelled: 'text-slate-700',
};

const sumOf = (payouts: Payout[], counts: (payout: Payout) => boolean): number =>
  payouts.reduce((total, payout) => (counts(payout) ? total + payout.amount : total), 0);

/** The Coach's payouts, at /payouts (spec §2 'Payouts'). */
export function PayoutsPage() {
  const payouts = usePayouts();
  return (
    <RecordsPage
      query={payouts}
      failed={() => PAYOUT_MESSAGES.fetchFailed}
      header={
        <Header
          action={
            payouts.data ? (
              <ManagePaymentButton onboardingComplete={payouts.data.onboardingComplete} />
            ) : null
          }
        />
      }
    >
      {(data) => (
        <div className="flex flex-col gap-6">
          {!data.onboardingComplete && <SetupRequired />}
          {data.payouts.length === 0 ? (
            <EmptyState />
          ) : (
            <>
              <Summary
                paid={sumOf(data.payouts, (p) => p.status === 'paid')}
                pending={sumOf(data.payouts, isOutstanding)}
              />
              <EarningsSection />
              <ul className="flex flex-col gap-4">
                {data.payouts.map((payout) => (
                  <li key={payout.id}>
                    <PayoutCard payout={payout} payoutsEnabled={data.payoutsEnabled} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </RecordsPage>
  );
}

function Header({ action }: { action: ReactNode }) {
  return (
    <section className="border-b border-line bg-white">
      <div className="mx-auto flex w-full max-w-3xl flex-wrap items-end justify-between gap-4 px-4 py-6 sm:py-10">
        <div className="min-w-0">
          <p className="inline-block rounded bg-volt px-2 py-0.5 font-display text-sm tracking-widest text-navy uppercase">
            Coach
          </p>
          <h1 className="mt-2 text-4xl leading-none font-bold text-navy sm:text-5xl">
            Your Payouts
          </h1>
          <p className="mt-3 text-muted">What you've earned for every answer.</p>
        </div>
        {action}
      </div>
    </section>
  );
}

function SetupRequired() {
  return (
    <section
      aria-labelledby="payout-setup-heading"
      className="rounded-2xl border border-warning/40 bg-warning-soft p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <TriangleAlert aria-hidden className="mt-0.5 size-6 shrink-0 text-warning" />
        <div className="min-w-0">
          <h2 id="payout-setup-heading" className="text-xl font-bold text-warning">
            Payment Setup Required
          </h2>
          <p className="mt-1 text-ink">
            Set up your payment account so your earnings can be paid out to you. Payouts wait until
            setup is complete.
          </p>
          <Button asChild size="sm" className="mt-4">
            <Link to="/expert-payment-setup">Set Up Now</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

function Summary({ paid, pending }: { paid: number; pending: number }) {
  return (
    <Card className="flex flex-wrap items-center gap-x-8 gap-y-3 border-l-4 border-l-volt p-4 sm:p-5">
      <p className="flex items-center gap-2 text-muted">
        <CircleCheck aria-hidden className="size-5 shrink-0 text-success" />
        Total paid
        <span className="font-display text-2xl leading-none font-bold text-navy">
          {formatDollarsAndCents(paid)}
        </span>
      </p>
      <p className="flex items-center gap-2 text-muted">
        <Hourglass aria-hidden className="size-5 shrink-0 text-amber-600" />
        Pending (held included)
        <span className="font-display text-2xl leading-none font-bold text-navy">
          {formatDollarsAndCents(pending)}
        </span>
      </p>
    </Card>
  );
}

function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const tone = STATUS[status];
  return <ToneBadge tone={tone}>{tone.label}</ToneBadge>;
}

function PayoutCard({ payout, payoutsEnabled }: { payout: Payout; payoutsEnabled: boolean }) {
  const paidOn = payout.status === 'paid' && payout.paidAt ? formatDate(payout.paidAt) : '';
  const state = payoutState(payout, payoutsEnabled, formatDate);
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-display text-3xl leading-none font-bold text-navy">
            {formatDollarsAndCents(payout.amount)}
          </p>
          <p className="mt-2 truncate text-sm font-semibold text-ink">
            {`Question from ${payout.playerName}`}
          </p>
        </div>
        <PayoutStatusBadge status={payout.status} />
      </div>

      <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-muted">
        <CalendarDays aria-hidden className="size-4 shrink-0" />
        <time dateTime={payout.createdAt}>{formatDate(payout.createdAt)}</time>
      </p>

      <p className="mt-3 line-clamp-2 break-words text-ink">{payout.question}</p>

      {paidOn && payout.paidAt ? (
        <p className="mt-3 text-sm font-semibold text-success">
          Paid on <time dateTime={payout.paidAt}>{paidOn}</time>
        </p>
      ) : (
        <p className={cn('mt-3 text-sm font-semibold', STATE_TONES[state.tone])}>{state.label}</p>
      )}
    </Card>
  );
}

function EmptyState() {
  return (
    <div className="rounded-2xl border-2 border-dashed border-line bg-white p-8 text-center sm:p-10">
      <Wallet aria-hidden className="mx-auto size-10 text-navy" />
      <p className="mt-3 text-lg font-semibold text-navy">{PAYOUT_MESSAGES.empty}</p>
    </div>
  );
}
