import { SearchX, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { QuestionDetail } from '@contracts/questions';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** The question pages' building blocks: badges, titled boxes and the pages for what is not there. */

export function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        className,
      )}
    >
      {children}
    </span>
  );
}

const PAYMENT_BADGES: Record<'paid' | 'refunded' | 'due', { label: string; tone: string }> = {
  paid: { label: 'Paid', tone: 'border-green-300 bg-green-50 text-green-800' },
  refunded: { label: 'Refunded', tone: 'border-slate-300 bg-slate-100 text-slate-700' },
  due: { label: 'Payment Pending', tone: 'border-orange-300 bg-warning-soft text-warning' },
};

export function PaymentBadge({
  paymentStatus,
}: {
  paymentStatus: QuestionDetail['paymentStatus'];
}) {
  const badge =
    PAYMENT_BADGES[
      paymentStatus === 'paid'
        ? 'paid'
        : paymentStatus === 'refunded' || paymentStatus === 'refunding'
          ? 'refunded'
          : 'due'
    ];
  return <Badge className={badge.tone}>{badge.label}</Badge>;
}

/**
 * A titled box: a section of the question page or, smaller and inside a My Questions card (`inCard`),
 * where the question stands.
 */
export function Box({
  id,
  className,
  icon,
  title,
  aside,
  inCard = false,
  children,
}: {
  /** A place on the page a link can open (`QUESTION_PAGE_PLACES`). */
  id?: string;
  className: string;
  icon: ReactNode;
  title: string;
  aside?: ReactNode;
  inCard?: boolean;
  children: ReactNode;
}) {
  const Frame = inCard ? 'div' : 'section';
  const Heading = inCard ? 'h3' : 'h2';
  return (
    <Frame
      id={id}
      className={cn(inCard ? 'mt-4 rounded-xl p-4' : 'rounded-2xl p-4 sm:p-6', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex items-center gap-2">
          {icon}
          <Heading
            className={inCard ? 'text-base font-bold text-navy' : 'text-xl font-bold text-navy'}
          >
            {title}
          </Heading>
        </div>
        {aside}
      </div>
      <div className="mt-2">{children}</div>
    </Frame>
  );
}

function StatePage({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      {icon}
      <h1 className="text-4xl font-bold text-navy">{title}</h1>
      {children}
      <Button asChild variant="dark">
        <Link to="/">Return Home</Link>
      </Button>
    </div>
  );
}

export function QuestionNotFound() {
  return (
    <StatePage
      icon={<SearchX aria-hidden className="size-12 text-navy" />}
      title="Question Not Found"
    >
      <p className="max-w-md text-muted">{QUESTION_MESSAGES.notFound.description}</p>
    </StatePage>
  );
}

export function AccessRestricted() {
  return (
    <StatePage
      icon={<ShieldAlert aria-hidden className="size-12 text-warning" />}
      title="Access Restricted"
    >
      <p className="max-w-md text-muted">{QUESTION_MESSAGES.accessRestricted}</p>
    </StatePage>
  );
}
