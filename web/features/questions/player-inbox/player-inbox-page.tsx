import { INBOX_MESSAGES } from '@contracts/questions';
import { RecordsPage } from '@/components/records-page';
import { usePlayerQuestions } from '../api';
import { LoadMore } from '../load-more';
import { EmptyPlayerInbox } from './empty-inbox';
import { PlayerInboxHeader } from './header';
import { PlayerQuestionCard } from './question-card';
import { errorMessage } from '@/lib/api-client';

/** My Questions, the Player's inbox, at /asker-inbox (and /inbox for a Player). */
export function PlayerInboxPage() {
  const mine = usePlayerQuestions();
  return (
    <RecordsPage
      query={mine}
      failed={(error) => errorMessage(error, INBOX_MESSAGES.questionsLoadFailed)}
      header={<PlayerInboxHeader />}
    >
      {(data) => {
        const questions = data.pages.flatMap((page) => page.questions);
        return questions.length === 0 ? (
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
        );
      }}
    </RecordsPage>
  );
}
