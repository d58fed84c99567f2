import { FileDown } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatDollarsAndCents } from '@contracts/money';
import { paymentApiPaths } from '@contracts/payment-api-paths';
import { formatEarningsMonth, type EarningsMonth } from '@contracts/receipts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useEarnings } from './history-api';

// The chart library loads with the chart, on this page only (ADR 056).
const EarningsChart = lazy(() => import('./earnings-chart'));

export const EARNINGS_TEXT = {
  heading: 'Earnings, last 12 months',
  caption: 'Earnings by month',
  download: 'Download payouts CSV',
  failed: 'Failed to load your earnings. Please try again.',
} as const;

/**
 * The Coach's earnings by month, paid and pending stacked (ADR 056): a chart, and the same figures
 * as a table always below it (screen readers, no chart), with every payout as CSV.
 */
export function EarningsSection() {
  const earnings = useEarnings();
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="earnings-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="earnings-heading" className="text-2xl font-bold text-navy">
            {EARNINGS_TEXT.heading}
          </h2>
          {/* A plain link: the server answers with the CSV as an attachment. */}
          <Button asChild variant="outline" size="sm">
            <a href={paymentApiPaths.payoutsCsv} download>
              <FileDown aria-hidden />
              {EARNINGS_TEXT.download}
            </a>
          </Button>
        </div>
        {earnings.isPending ? (
          <p className="text-muted">Loading…</p>
        ) : earnings.isError ? (
          <p role="alert" className="text-danger">
            {EARNINGS_TEXT.failed}
          </p>
        ) : (
          <>
            <Suspense fallback={<div className="h-[260px]" />}>
              <EarningsChart months={earnings.data.months} />
            </Suspense>
            <EarningsTable months={earnings.data.months} />
          </>
        )}
      </section>
    </Card>
  );
}

function EarningsTable({ months }: { months: EarningsMonth[] }) {
  const cell = 'px-2 py-2 text-right tabular-nums sm:px-3';
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-2 text-left font-semibold text-navy">
          {EARNINGS_TEXT.caption}
        </caption>
        <thead>
          <tr className="border-b border-line text-muted">
            <th scope="col" className="px-2 py-2 text-left sm:px-3">
              Month
            </th>
            <th scope="col" className={cell}>
              Paid
            </th>
            <th scope="col" className={cell}>
              Pending
            </th>
            <th scope="col" className={cell}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-b border-line/60 last:border-0">
              <th scope="row" className="px-2 py-2 text-left sm:px-3 font-medium text-ink">
                {formatEarningsMonth(m.month)}
              </th>
              <td className={cell}>{formatDollarsAndCents(m.paid)}</td>
              <td className={cell}>{formatDollarsAndCents(m.pending)}</td>
              <td className={`${cell} font-semibold text-navy`}>
                {formatDollarsAndCents(m.paid + m.pending)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
