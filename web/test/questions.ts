import type { QuestionDetail } from '@contracts/questions';

/**
 * A question as its page reads it (GET /api/questions/:id): answered and paid, seen by its Player,
 * with no dispute, thread or messages. The component tests override what they are about.
 */
export const questionDetail = (overrides: Partial<QuestionDetail> = {}): QuestionDetail => ({
  id: '00000000-0000-4000-8000-000000003601',
  question: 'How do I fix my jump shot?',
  answer: 'Keep your elbow in.',
  status: 'answered',
  paymentStatus: 'paid',
  amount: 4000,
  createdAt: '2099-03-02T10:00:00.000Z',
  answeredAt: '2099-03-02T10:00:00.000Z',
  context: null,
  refundedAt: null,
  answerBy: '2099-03-09T10:00:00.000Z',
  responseHours: 48,
  disputeFlagged: false,
  disputeUntil: null,
  dispute: null,
  declinedAt: null,
  declineNote: null,
  withdrawnAt: null,
  viewerRole: 'asker',
  player: { id: 'u-pat', name: 'Pat Player', photoUrl: null },
  coach: { id: 'c-1', name: 'Quinn Coach', photoUrl: null, expertise: 'Shooting' },
  thread: [],
  myRating: null,
  myReview: null,
  messages: [],
  followUpUntil: null,
  followUpAnswered: false,
  myReviewWords: null,
  reviewReply: null,
  ...overrides,
});
