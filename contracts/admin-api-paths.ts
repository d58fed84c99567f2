import type { QuestionAction } from './admin-actions';
import { id } from './api-paths';

/** The administrator portal's API paths (see `api-paths.ts`). */
export const adminApiPaths = {
  login: '/api/admin/login',
  logout: '/api/admin/logout',
  session: '/api/admin/session',
  stats: '/api/admin/stats',
  totpSetup: '/api/admin/totp/setup',
  totp: (action: 'enable' | 'disable') => `/api/admin/totp/${action}`,
  users: '/api/admin/users',
  user: (userId: string) => `/api/admin/users/${id(userId)}`,
  userAction: (userId: string, action: 'suspend' | 'restore') =>
    `/api/admin/users/${id(userId)}/${action}`,
  questions: '/api/admin/questions',
  questionAction: (questionId: string, action: QuestionAction) =>
    `/api/admin/questions/${id(questionId)}/${action}`,
  questionThread: (questionId: string) => `/api/admin/questions/${id(questionId)}/thread`,
  questionAttachments: (questionId: string) => `/api/admin/questions/${id(questionId)}/attachments`,
  payments: '/api/admin/payments',
  statement: (range: { from: string; to: string }) =>
    `/api/admin/statement?${new URLSearchParams(range).toString()}`,
  messages: '/api/admin/messages',
  disputes: '/api/admin/disputes',
  dispute: (questionId: string) => `/api/admin/disputes/${id(questionId)}`,
  resolveDispute: (questionId: string) => `/api/admin/disputes/${id(questionId)}/resolve`,
  reports: '/api/admin/reports',
  dismissReport: (reportId: string) => `/api/admin/reports/${id(reportId)}/dismiss`,
  failedJobs: '/api/admin/failed-jobs',
  retryJob: (queue: string, jobId: string) =>
    `/api/admin/failed-jobs/${id(queue)}/${id(jobId)}/retry`,
} as const;
