import type { Role } from './account';
import type { QuestionAction } from './admin-actions';

/**
 * Every API path the web app calls, in one place: a fetcher names the endpoint it wants
 * (`apiPaths.question(id)`) instead of spelling the URL. Ids are encoded here, once.
 */
const id = (value: string) => encodeURIComponent(value);
const question = (questionId: string) => `/api/questions/${id(questionId)}`;
const localCheckout = (sessionId: string) => `/api/payments/local/checkout/${id(sessionId)}`;

export const apiPaths = {
  events: '/api/events',
  config: '/api/config',
  beta: '/api/beta',
  contact: '/api/contact',
  notFoundReports: '/api/not-found-reports',
  devMailbox: '/api/dev/mailbox',

  account: '/api/account',
  accountRoles: '/api/account/roles',
  accountActiveRole: '/api/account/active-role',
  accountDeletion: '/api/account/deletion',
  accountDelete: '/api/account/delete',
  accountExport: '/api/account/export',

  // better-auth's endpoints (server/modules/auth).
  auth: {
    signUp: '/api/auth/sign-up/email',
    signIn: '/api/auth/sign-in/email',
    signOut: '/api/auth/sign-out',
    sendVerificationEmail: '/api/auth/send-verification-email',
    requestPasswordReset: '/api/auth/request-password-reset',
    resetPassword: '/api/auth/reset-password',
    changePassword: '/api/auth/change-password',
    changeEmail: '/api/auth/change-email',
  },

  ownCoachProfile: '/api/profiles/expert',
  ownPlayerProfile: '/api/profiles/asker',
  profilePhoto: (role: Role) => `/api/profiles/${role}/photo`,
  publicCoach: (idOrSlug: string) => `/api/experts/${id(idOrSlug)}`,
  publicPlayer: (userId: string) => `/api/players/${id(userId)}`,
  newestCoaches: '/api/experts/newest',
  coachDirectory: '/api/coaches',

  coachDashboard: '/api/home/coach-dashboard',
  yourCoaches: '/api/home/your-coaches',

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
  questionDecline: (questionId: string) => `${question(questionId)}/decline`,
  questionWithdraw: (questionId: string) => `${question(questionId)}/withdraw`,
  questionAnswer: (questionId: string) => `${question(questionId)}/answer`,

  checkout: '/api/payments/checkout',
  localCheckout,
  finishLocalCheckout: (sessionId: string, outcome: 'pay' | 'cancel') =>
    `${localCheckout(sessionId)}/${outcome}`,
  onboardingStatus: '/api/payments/onboarding-status',
  paymentConnect: '/api/payments/connect',
  paymentPortal: '/api/payments/portal',
  completeLocalOnboarding: (accountId: string) =>
    `/api/payments/local/onboarding/${id(accountId)}/complete`,
  paymentHistory: '/api/payments/history',
  payouts: '/api/payouts',

  admin: {
    login: '/api/admin/login',
    logout: '/api/admin/logout',
    session: '/api/admin/session',
    stats: '/api/admin/stats',
    totpSetup: '/api/admin/totp/setup',
    totp: (action: 'enable' | 'disable') => `/api/admin/totp/${action}`,
    users: '/api/admin/users',
    questions: '/api/admin/questions',
    questionAction: (questionId: string, action: QuestionAction) =>
      `/api/admin/questions/${id(questionId)}/${action}`,
    payments: '/api/admin/payments',
    messages: '/api/admin/messages',
    disputes: '/api/admin/disputes',
    reports: '/api/admin/reports',
    dismissReport: (reportId: string) => `/api/admin/reports/${id(reportId)}/dismiss`,
  },
} as const;
