import { useParams } from 'react-router';
import { QuestionDetailView } from '@/features/questions/question-detail';

/** /questions/:id, the full question page; the router puts it behind the sign-in guard. */
export function QuestionDetailPage() {
  const { id = '' } = useParams();
  return <QuestionDetailView key={id} id={id} variant="full" />;
}

/**
 * /question/:id, the simple variant on a public route: it never sends anyone to sign in. Only the
 * Player and the owning Coach see the question; everyone else sees 'Question Not Found'.
 */
export function LenientQuestionDetailPage() {
  const { id = '' } = useParams();
  return <QuestionDetailView key={id} id={id} variant="simple" />;
}
