import { id } from './api-paths';

const question = (questionId: string) => `/api/questions/${id(questionId)}`;

/** The question screens' API paths (see `api-paths.ts`). */
export const questionApiPaths = {
  questions: '/api/questions',
  coachInbox: '/api/questions/coach-inbox',
  playerQuestions: '/api/questions/mine',
  unreadCount: '/api/questions/unread-count',
  question,
  questionViewed: (questionId: string) => `${question(questionId)}/viewed`,
  questionRating: (questionId: string) => `${question(questionId)}/rating`,
  questionReview: (questionId: string) => `${question(questionId)}/review`,
  questionReports: (questionId: string) => `${question(questionId)}/reports`,
  questionDispute: (questionId: string) => `${question(questionId)}/dispute`,
  disputeStatement: (questionId: string) => `${question(questionId)}/dispute/statement`,
  questionDecline: (questionId: string) => `${question(questionId)}/decline`,
  questionWithdraw: (questionId: string) => `${question(questionId)}/withdraw`,
  questionAnswer: (questionId: string) => `${question(questionId)}/answer`,
  questionMessages: (questionId: string) => `${question(questionId)}/messages`,
  messageReports: (questionId: string, messageId: string) =>
    `${question(questionId)}/messages/${id(messageId)}/reports`,
} as const;
