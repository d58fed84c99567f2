import { useParams } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { CoachCannotAsk } from '@/features/account/coach-cannot-ask';
import { CoachNotFound, useCoachPage } from '@/features/public-profiles/coach-page';
import { CoachSummary } from '@/features/public-profiles/coach-summary';
import { AskQuestion } from '@/features/questions/ask-page';

export function AskPage() {
  const { coachId = '' } = useParams();
  const { coach, notFound } = useCoachPage(coachId);
  if (notFound) return <CoachNotFound />;
  if (!coach) return <PageLoading />;
  return (
    <AskQuestion
      coach={coach}
      summary={<CoachSummary coach={coach} />}
      coachCannotAsk={<CoachCannotAsk />}
    />
  );
}
