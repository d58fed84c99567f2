import { Link } from 'react-router';
import { FEE_CHANGE_NOTICE_DAYS, PAYOUT_ARRIVAL_BUSINESS_DAYS } from '@contracts/limits';
import { LONGEST_RESPONSE_HOURS, promiseText } from '@contracts/response-time';
import {
  COACH_SHARE_PERCENT,
  PLATFORM_SHARE_PERCENT,
  coachPayoutCents,
  formatDollarsAndCents,
  platformFeeCents,
} from '@contracts/money';
import { Card } from '@/components/ui/card';
import { useDocumentMeta } from '@/lib/meta';
import { pageTitle } from '@/lib/site-meta';
import { LegalPage, legalLinkClass as linkClass, type LegalSection } from './legal-page';

/** The worked example: a $50 question. Every figure below is computed from the constants. */
const EXAMPLE_FEE_CENTS = 5000;

function split(feeCents: number) {
  return {
    fee: formatDollarsAndCents(feeCents),
    coach: formatDollarsAndCents(coachPayoutCents(feeCents)),
    platform: formatDollarsAndCents(platformFeeCents(feeCents)),
  };
}

/** The Revenue Agreement: how Coaches are paid, with a worked example computed from the split. */
export function RevenueAgreement() {
  useDocumentMeta({
    title: pageTitle('Revenue Agreement'),
    description:
      'How Coaches are paid on Playbook: the split of every fee, payout timing and notice of changes.',
    path: '/revenue',
  });
  const example = split(EXAMPLE_FEE_CENTS);

  const sections: LegalSection[] = [
    {
      id: 'split',
      title: 'The Split',
      body: (
        <>
          <p>
            {`For every question you answer, you receive ${COACH_SHARE_PERCENT}% of the question fee the Player paid. The platform keeps ${PLATFORM_SHARE_PERCENT}%.`}
          </p>
          <p>
            The platform&rsquo;s share covers running the marketplace, including the card
            processor&rsquo;s payment processing fees. You pay no separate processing fee: nothing
            else is taken from your share.
          </p>
        </>
      ),
    },
    {
      id: 'example',
      title: 'Worked Example',
      body: (
        <Card>
          <p className="font-semibold text-navy">
            {`${example.fee} question fee: the Coach receives ${example.coach}, the platform keeps ${example.platform}`}
          </p>
          <dl className="mt-4 divide-y divide-line text-ink">
            <div className="flex justify-between gap-4 py-2">
              <dt>Question fee paid by the Player</dt>
              <dd className="font-semibold tabular-nums">{example.fee}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt>{`Platform share (${PLATFORM_SHARE_PERCENT}%, processing fees included)`}</dt>
              <dd className="font-semibold tabular-nums">{example.platform}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2 text-lg">
              <dt className="font-semibold text-navy">{`Your payout (${COACH_SHARE_PERCENT}%)`}</dt>
              <dd className="font-bold text-success tabular-nums">{example.coach}</dd>
            </div>
          </dl>
        </Card>
      ),
    },
    {
      id: 'rounding',
      title: 'Rounding',
      body: (
        <p>
          Payouts are calculated in cents and rounded down to the cent. Any fraction of a cent stays
          with the platform, so your payout and the platform&rsquo;s share always add up to exactly
          the fee the Player paid.
        </p>
      ),
    },
    {
      id: 'when',
      title: 'When You Are Paid',
      body: (
        <>
          <p>
            The Player&rsquo;s fee is held until the question is answered. When you answer, a payout
            is created for your share. It is released to your payout account once:
          </p>
          <ul className="list-disc space-y-2 pl-5">
            <li>the Player&rsquo;s payment is complete;</li>
            <li>no dispute is open on the question; and</li>
            <li>your payout account is set up and able to receive payouts.</li>
          </ul>
          <p>
            {`After release, funds usually arrive in your bank account within ${PAYOUT_ARRIVAL_BUSINESS_DAYS} business days, depending on your bank. While a dispute is open, the payout is held until it is resolved. You can follow every payout on your Payouts page.`}
          </p>
        </>
      ),
    },
    {
      id: 'unanswered',
      title: 'Unanswered and Declined Questions',
      body: (
        <p>
          {`If you decline a question, or do not answer it within the response time you promise (at most ${promiseText(LONGEST_RESPONSE_HOURS)}) after the Player's payment, the Player is refunded in full and no payout is made. A refunded question can no longer be answered.`}
        </p>
      ),
    },
    {
      id: 'account',
      title: 'Your Payout Account',
      body: (
        <p>
          Payouts are made through a connected account with our card processor, which you set up
          from the Payment Setup page. The card processor may ask you to verify your identity and
          bank details before payouts are enabled. You are responsible for any tax due on your
          earnings.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to the Split',
      body: (
        <p>
          {`We will give you at least ${FEE_CHANGE_NOTICE_DAYS} days' notice, by email and in the app, before changing the split or any fee.`}
        </p>
      ),
    },
    {
      id: 'terms',
      title: 'Relationship to the Terms',
      body: (
        <p>
          This agreement is part of our{' '}
          <Link to="/terms" className={linkClass}>
            Terms of Service
          </Link>
          . If they conflict on how Coaches are paid, this agreement applies. Questions? Use our{' '}
          <Link to="/contact" className={linkClass}>
            Contact page
          </Link>
          .
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title="Revenue Agreement"
      lead="How Coaches are paid for the questions they answer on Playbook."
      sections={sections}
    >
      <div className="grid grid-cols-2 gap-4">
        <div className="rounded-2xl bg-navy p-5 text-white sm:p-6">
          <p className="font-display text-4xl font-bold text-volt sm:text-5xl">
            {`${COACH_SHARE_PERCENT}%`}
          </p>
          <p className="mt-1 text-sm text-white/85 sm:text-base">to the Coach</p>
        </div>
        <div className="rounded-2xl border border-line bg-white p-5 sm:p-6">
          <p className="font-display text-4xl font-bold text-navy sm:text-5xl">
            {`${PLATFORM_SHARE_PERCENT}%`}
          </p>
          <p className="mt-1 text-sm text-muted sm:text-base">
            to the platform, processing fees included
          </p>
        </div>
      </div>
    </LegalPage>
  );
}
