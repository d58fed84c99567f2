import { z } from 'zod';

/**
 * The kinds of e-mail a person may turn off (issue 25, ADR 057). Every other e-mail is about money
 * or the account's security and always goes out. A kind of mail that does not exist yet
 * (conversation messages, reminders, product news) already has its category, so its template only
 * names it.
 */
export const NOTIFICATION_CATEGORIES = [
  'new_questions',
  'conversation_messages',
  'reminders',
  'payout_sent',
  'product_news',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_LABELS: Record<NotificationCategory, string> = {
  new_questions: 'New questions',
  conversation_messages: 'Conversation messages',
  reminders: 'Reminders',
  payout_sent: 'Payout sent',
  product_news: 'Product news',
};

export const NOTIFICATION_DESCRIPTIONS: Record<NotificationCategory, string> = {
  new_questions: 'When a Player asks you a question.',
  conversation_messages: 'Answers, clarifications and replies in your questions.',
  reminders: 'Reminders about questions waiting for you.',
  payout_sent: 'When a payout is sent to your payment account.',
  product_news: 'News about Playbook, now and then.',
};

/** What a person gets before they choose: everything but product news. */
export const NOTIFICATION_DEFAULTS: Record<NotificationCategory, boolean> = {
  new_questions: true,
  conversation_messages: true,
  reminders: true,
  payout_sent: true,
  product_news: false,
};

export const NOTIFICATION_MESSAGES = {
  mandatory:
    'E-mails about payments, refunds, receipts, disputes, your password and your e-mail address always reach you: they cannot be turned off.',
  saved: 'E-mail preferences saved',
  invalidLink:
    'This unsubscribe link is not valid. You can choose your e-mails in Account Settings.',
  turnedOff: (label: string) => `You will no longer get “${label}” e-mails.`,
  turnedOn: (label: string) => `“${label}” e-mails are on again.`,
} as const;

export const notificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES);

export const notificationPreferencesSchema = z.object({
  preferences: z.array(z.object({ category: notificationCategorySchema, enabled: z.boolean() })),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferenceInputSchema = z.object({
  category: notificationCategorySchema,
  enabled: z.boolean(),
});
export type NotificationPreferenceInput = z.infer<typeof notificationPreferenceInputSchema>;

/** An unsubscribe link's token: long enough for a user id, a category and an HMAC. */
export const UNSUBSCRIBE_TOKEN_MAX = 200;
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1).max(UNSUBSCRIBE_TOKEN_MAX),
});

/** What the unsubscribe page shows: the kind the link names and whether it is on now. */
export const unsubscribeStatusSchema = z.object({
  category: notificationCategorySchema,
  enabled: z.boolean(),
});
export type UnsubscribeStatus = z.infer<typeof unsubscribeStatusSchema>;

/** The unsubscribe page's form field (a plain HTML form, so it works without JavaScript). */
export const UNSUBSCRIBE_CHOICE_FIELD = 'choice';

/** A signed-in session as Account Settings lists it (never its token). */
export const accountSessionsSchema = z.object({
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      lastActiveAt: z.string(),
      browser: z.string(),
      current: z.boolean(),
    }),
  ),
});
export type AccountSessions = z.infer<typeof accountSessionsSchema>;
