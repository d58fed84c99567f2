import { ArrowRight, Clock, CreditCard, FileDown, Receipt, Trophy, Wallet } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatDollarsAndCents, formatWholeDollars } from '@contracts/money';
import type { PlayerPayment } from '@contracts/payments';
import { PAYOUT_MESSAGES } from '@contracts/payments';
import { paymentApiPaths } from '@contracts/payment-api-paths';
import { DOWNLOAD_RECEIPT_LABEL, receiptNumberLabel } from '@contracts/receipts';
import { RecordsPage } from '@/components/records-page';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Eyebrow, Hero } from '@/components/ui/hero';
import { usePaymentHistory } from './history-api';
import { ToneBadge } from '@/components/ui/tone-badge';
import { timeSince } from '@/lib/relative-time';
import { errorMessage } from '@/lib/api-client';

const GREY = { badge: 'border-slate-300 bg-slate-100 text-slate-700', dot: 'bg-slate-500' };

const STATUS: Record<string, { label: string; badge: string; dot: string }> = {
  paid: {
    label: 'Paid',
    badge: 'border-green-300 bg-green-50 text-green-800',
    dot: 'bg-green-600',
  },
  pending: {
    label: 'Pending',
    badge: 'border-amber-300 bg-amber-50 text-amber-900',
    dot: 'bg-amber-500',
  },
  failed: { label: 'Failed', badge: 'border-red-300 bg-red-50 text-red-800', dot: 'bg-red-600' },
  refunded: { label: 'Refunded', ...GREY },
  unpaid: { label: 'Unpaid', ...GREY },
};

/** A status the catalogue does not know, shown as its own word, capitalised, in grey. */
function statusTone(status: string): { label: string; badge: string; dot: string } {
  const known = Object.hasOwn(STATUS, status) ? STATUS[status] : undefined;
  return known ?? { label: status.charAt(0).toUpperCase() + status.slice(1), ...GREY };
}

const isPaid = (payment: PlayerPayment) => payment.paymentStatus === 'paid';

/** The Player's payment history, at /payments (spec §2 'Payment History'). */
export function PaymentsPage() {
  return (
    <RecordsPage
      query={usePaymentHistory()}
      failed={(error) => errorMessage(error, PAYOUT_MESSAGES.paymentsLoadFailed)}
      header={<Header />}
    >
      {(data) =>
        data.payments.length === 0 ? (
          <EmptyState />
        ) : (
          <div className="flex flex-col gap-6">
            <Summary payments={data.payments} />
            <ul className="flex flex-col gap-4">
              {data.payments.map((payment) => (
                <li key={payment.id}>
                  <PaymentCard payment={payment} />
                </li>
              ))}
            </ul>
          </div>
        )
      }
    </RecordsPage>
  );
}

function Header() {
  return (
    <Hero className="py-6 sm:py-10">
      <Eyebrow>Player</Eyebrow>
      <h1 className="mt-1 text-4xl leading-none font-bold sm:text-5xl">Payment History</h1>
      <p className="mt-3 text-white/85">Every consultation you've paid for, in one place.</p>
    </Hero>
  );
}

function Summary({ payments }: { payments: PlayerPayment[] }) {
  const paid = payments.filter(isPaid);
  // What a dispute's partial refund gave back was not spent (ADR 063).
  const spent = paid.reduce(
    (total, payment) => total + payment.amount - (payment.refunded ?? 0),
    0,
  );
  return (
    <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <SummaryCard icon={Receipt} label="Total Consultations" value={String(payments.length)} />
      <SummaryCard icon={CreditCard} label="Total Spent" value={formatWholeDollars(spent)} />
      <SummaryCard icon={Trophy} label="Completed Payments" value={String(paid.length)} />
    </ul>
  );
}

function SummaryCard({
  icon: Icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
}) {
  return (
    <li>
      <Card className="flex items-center gap-4 p-4 sm:flex-col sm:items-start sm:gap-3 sm:p-5">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-volt text-navy">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-semibold text-muted">{label}</p>
          <p className="font-display text-3xl leading-none font-bold text-navy">{value}</p>
        </div>
      </Card>
    </li>
  );
}

function PaymentStatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  return <ToneBadge tone={tone}>{tone.label}</ToneBadge>;
}

function PaymentCard({ payment }: { payment: PlayerPayment }) {
  const { coach } = payment;
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <span aria-hidden className="shrink-0">
          <Avatar src={coach.photoUrl} name={coach.name} className="size-12 text-base" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-navy">{`Consultation with ${coach.name}`}</p>
          <p className="truncate text-sm text-muted">{coach.expertise}</p>
        </div>
        <span className="shrink-0 font-display text-2xl leading-none font-bold text-navy">
          {formatWholeDollars(payment.amount)}
        </span>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
        <PaymentStatusBadge status={payment.paymentStatus} />
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden className="size-4 shrink-0" />
          <time dateTime={payment.createdAt}>{timeSince(payment.createdAt)}</time>
        </span>
        {payment.refunded !== null && (
          <span className="font-semibold text-navy tabular-nums">
            {`${formatDollarsAndCents(payment.refunded)} refunded`}
          </span>
        )}
      </div>

      <p className="mt-4 line-clamp-2 break-words text-ink">{payment.question}</p>

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
        {payment.receiptNumber !== null ? (
          // A plain link: the server answers with the PDF as an attachment (ADR 056).
          <Button asChild variant="ghost" size="sm" className="w-full sm:w-auto">
            <a
              href={paymentApiPaths.receipt(payment.id)}
              download
              aria-label={`${DOWNLOAD_RECEIPT_LABEL} ${receiptNumberLabel(payment.receiptNumber)} (PDF)`}
            >
              <FileDown aria-hidden />
              {DOWNLOAD_RECEIPT_LABEL}
            </a>
          </Button>
        ) : null}
        <Button asChild variant="outline" size="sm" className="w-full sm:w-auto">
          <Link to={`/questions/${encodeURIComponent(payment.id)}`}>
            View Details
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </Card>
  );
}

function EmptyState() {
  return (
    <div className="rounded-2xl border-2 border-dashed border-line bg-white p-8 text-center sm:p-10">
      <Wallet aria-hidden className="mx-auto size-10 text-navy" />
      <h2 className="mt-3 text-2xl font-bold text-navy">No payments yet</h2>
      <p className="mt-2 text-muted">Ask a coach your first question and it will show up here.</p>
      <Button asChild className="mt-5">
        <Link to="/">Browse Experts</Link>
      </Button>
    </div>
  );
}
