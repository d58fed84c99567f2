import type { QuestionDetail } from '@contracts/questions';
import type { ThreadMessage } from '@contracts/question-thread';
import type { VideoReview } from '@contracts/video-review';
import { questionDetail } from '@/test/questions';

/** The component tests' question and reviews (issue 38), shared by the answer side's tests. */

export const QUESTION_ID = '00000000-0000-4000-8000-000000003801';
export const PLAYER_VIDEO = '00000000-0000-4000-8000-0000000038a1';
const SOURCE = '00000000-0000-4000-8000-0000000038a2';

/** Waiting for its Coach's answer, as the Coach reads it. */
export const questionOf = (overrides: Partial<QuestionDetail> = {}): QuestionDetail =>
  questionDetail({
    id: QUESTION_ID,
    question: 'Why does my serve go long?',
    answer: null,
    status: 'pending',
    answeredAt: null,
    viewerRole: 'expert',
    coach: { id: 'c-1', name: 'Quinn Coach', photoUrl: null, expertise: 'Tennis' },
    ...overrides,
  });

/** Answered, as its Player reads it. */
export const answeredFor = (
  viewerRole: QuestionDetail['viewerRole'],
  overrides: Partial<QuestionDetail> = {},
) =>
  questionOf({
    viewerRole,
    status: 'answered',
    answer: 'Toss lower. Watch it again at 0:42 and see the elbow.',
    answeredAt: '2099-03-03T10:00:00.000Z',
    ...overrides,
  });

export const message = (overrides: Partial<ThreadMessage>): ThreadMessage => ({
  id: 'm-1',
  kind: 'follow_up',
  authorRole: 'asker',
  authorName: 'Pat Player',
  body: 'What about my toss?',
  createdAt: '2099-03-04T10:00:00.000Z',
  ...overrides,
});

export const reviewOf = (id: string, overrides: Partial<VideoReview> = {}): VideoReview => ({
  id,
  status: 'ready',
  progress: 100,
  sentAt: null,
  messageId: null,
  durationMs: 192_000,
  videoUrl: `/files/${id}.mp4`,
  downloadUrl: `/files/${id}.mp4?download`,
  posterUrl: `/files/${id}.jpg`,
  source: {
    attachmentId: SOURCE,
    origin: 'question',
    name: 'serve.mp4',
    url: '/files/serve.mp4',
    frameRate: 60,
    durationMs: 8000,
  },
  compare: null,
  document: { version: 1, sourceAttachmentId: SOURCE, compare: null, drawings: [] },
  createdAt: '2099-03-03T09:00:00.000Z',
  ...overrides,
});

/** The question's attachments: the Player's video with the question. */
export const playerVideoAttachments = {
  question: [
    {
      id: PLAYER_VIDEO,
      kind: 'video',
      name: 'serve.mp4',
      contentType: 'video/mp4',
      size: 1000,
      url: '/files/serve.mp4',
      downloadUrl: '/files/serve.mp4?download',
      thumbnailUrl: null,
      removed: false,
      video: { durationMs: 8000, frameRate: 60, width: 1280, height: 720 },
    },
  ],
  answer: [],
  messages: {},
};
