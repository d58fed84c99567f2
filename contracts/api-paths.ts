/**
 * Every API path the web app calls, in one place: a fetcher names the endpoint it wants
 * (`questionApiPaths.question(id)`) instead of spelling the URL. Ids are encoded here, once. Each area's
 * paths are a module of their own (`question-`, `profile-`, `payment-`, `admin-api-paths.ts`), so
 * the home page's initial JavaScript carries only the paths the app shell calls (ADR 016's budget).
 */
export const id = (value: string) => encodeURIComponent(value);

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
  accountNotifications: '/api/account/notifications',
  accountSessions: '/api/account/sessions',
  /** The unsubscribe page's data; the link itself (`/unsubscribe?token=…`) is POSTed as it is. */
  unsubscribe: (token: string) => `/api/unsubscribe?token=${id(token)}`,

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
    revokeOtherSessions: '/api/auth/revoke-other-sessions',
  },
} as const;

/**
 * The data of a `coaches.changed` event on the stream of the Coach it is about (issue 36): their
 * own pages refetch too. Every other event's data is `{}`.
 */
export const OWN_CHANGE = '{"own":true}';
