import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicCoach } from '@contracts/profiles';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { AvailabilityNotice } from '@/components/availability-notice';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { WarningNotice } from '@/components/ui/warning-notice';
import { accountQuery } from '@/lib/account-query';
import { AskForm } from './ask-form';

/**
 * The ask-a-question page at /ask/:coachId (spec §2 'Ask form'). The Coach's summary and the way
 * to Player mode for a Coach belong to other features, so the route hands them in.
 */
export function AskQuestion({
  coach,
  summary,
  coachCannotAsk,
}: {
  coach: PublicCoach;
  summary: ReactNode;
  coachCannotAsk: ReactNode;
}) {
  const account = useQuery(accountQuery());
  if (!account.data) return <PageLoading />;

  const { user, activeRole } = account.data;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <Link
        to={`/expert/${encodeURIComponent(coach.id)}`}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-navy hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to profile
      </Link>
      <h1 className="mt-3 text-4xl leading-none font-bold text-navy sm:text-5xl">Ask a Question</h1>
      {summary}
      <Card className="mt-6 p-4 sm:p-6">
        {activeRole === 'expert' ? (
          coachCannotAsk
        ) : coach.isOwner ? (
          <WarningNotice message={QUESTION_MESSAGES.cannotAskYourself} />
        ) : coach.availability.state !== 'open' ? (
          // The server refuses too (409); the form is not offered for a question it would refuse.
          <AvailabilityNotice availability={coach.availability} />
        ) : (
          <AskForm
            key={coach.id}
            coachId={coach.id}
            price={coach.pricePerQuestion}
            responseHours={coach.responseHours}
            coachName={coach.name}
            defaultName={user?.name ?? ''}
          />
        )}
      </Card>
    </div>
  );
}
