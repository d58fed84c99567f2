import { useParams } from 'react-router';
import { StudioView } from '@/features/video-review/studio/studio';

/** /questions/:id/studio?clip=<attachment>, the Coach's video review studio (issue 38). */
export function VideoReviewStudioPage() {
  const { id = '' } = useParams();
  return <StudioView key={id} questionId={id} />;
}
