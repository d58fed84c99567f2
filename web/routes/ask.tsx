import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { WarningNotice } from '@/components/ui/warning-notice';
import { useAccount } from '@/features/account/api';
import { CoachCannotAsk } from '@/features/account/coach-cannot-ask';
import { CoachSummary } from '@/features/public-profiles/coach-summary';
import { AskForm } from '@/features/questions/ask-form';
import { CoachNotFound, useCoachPage } from '@/features/public-profiles/coach-page';

/** The ask-a-question form at /ask/:coachId (spec §2 'Ask form'). */
export function AskPage() {
  const { coachId = '' } = useParams();
  const account = useAccount();
  const { coach, notFound } = useCoachPage(coachId);

  if (notFound) return <CoachNotFound />;
  if (!coach || !account.data) return <PageLoading />;

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
      <CoachSummary coach={coach} />
      <Card className="mt-6 p-4 sm:p-6">
        {activeRole === 'expert' ? (
          <CoachCannotAsk />
        ) : coach.isOwner ? (
          <WarningNotice message={QUESTION_MESSAGES.cannotAskYourself} />
        ) : (
          <AskForm
            key={coach.id}
            coachId={coach.id}
            price={coach.pricePerQuestion}
            coachName={coach.name}
            defaultName={user?.name ?? ''}
          />
        )}
      </Card>
    </div>
  );
}
