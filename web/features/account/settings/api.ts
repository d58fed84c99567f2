import { queryOptions } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@contracts/account-schemas';
import { apiPaths } from '@contracts/api-paths';
import type {
  AccountSessions,
  NotificationPreferenceInput,
  NotificationPreferences,
} from '@contracts/notifications';
import { api } from '@/lib/api-client';

/** Whether the account may be deleted now; the reason when not. */
export const deletionQuery = () =>
  queryOptions({
    queryKey: ['account', 'deletion'],
    queryFn: () => api<{ blocker: string | null }>(apiPaths.accountDeletion),
  });

export const deleteAccount = (input: DeleteAccountInput) =>
  api(apiPaths.accountDelete, { method: 'POST', body: input });

/** Served as an attachment: a plain link downloads it with the session cookie. */

/** Which e-mails the person gets (issue 25). */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: ['account', 'notifications'],
    queryFn: () => api<NotificationPreferences>(apiPaths.accountNotifications),
  });

export const choosePreference = (input: NotificationPreferenceInput) =>
  api<NotificationPreferences>(apiPaths.accountNotifications, { method: 'POST', body: input });

/** Where the account is signed in. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: () => api<AccountSessions>(apiPaths.accountSessions),
  });

/** better-auth's "sign out everywhere else": every session but this browser's ends. */
export const signOutOtherSessions = () =>
  api(apiPaths.auth.revokeOtherSessions, { method: 'POST', body: {} });
