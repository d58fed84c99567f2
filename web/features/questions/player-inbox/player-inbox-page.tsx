import { INBOX_MESSAGES } from '@contracts/questions';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/page-loading';
import { usePlayerQuestions } from '../api';
import { LoadMore } from '../load-more';
import { EmptyPlayerInbox } from './empty-inbox';
import { PlayerInboxHeader } from './header';
import { PlayerQuestionCard } from './question-card';
import { errorMessage } from '@/lib/api-client';

/** My Questions, the Player's inbox, at /asker-inbox (and /inbox for a Player). */
export function PlayerInboxPage() {
  const mine = usePlayerQuestions();
  const { data, error, isPending, isFetching, refetch } = mine;
  const questions = data?.pages.flatMap((page) => page.questions) ?? [];

  useErrorToast(error, (failure) => ({
    title: errorMessage(failure, INBOX_MESSAGES.questionsLoadFailed),
  }));

  if (isPending) return <PageLoading />;

  return (
    <>
      <PlayerInboxHeader />
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
        {!data ? (
          <LoadError
            message={errorMessage(error, INBOX_MESSAGES.questionsLoadFailed)}
            retrying={isFetching}
            onRetry={() => void refetch()}
          />
        ) : questions.length === 0 ? (
          <EmptyPlayerInbox />
        ) : (
          <>
            <ul className="flex flex-col gap-4">
              {questions.map((question) => (
                <li key={question.id}>
                  <PlayerQuestionCard question={question} />
                </li>
              ))}
            </ul>
            <LoadMore
              hasMore={mine.hasNextPage}
              loading={mine.isFetchingNextPage}
              onLoad={() => void mine.fetchNextPage()}
            />
          </>
        )}
      </div>
    </>
  );
}
