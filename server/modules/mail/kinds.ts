import {
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
} from '../../../contracts/notifications';

/**
 * Every kind of e-mail the app sends and what it is (issue 25, ADR 057): one a person may turn
 * off (its notification category), or one that always goes out: about money (payments, refunds,
 * receipts, disputes), the account's security, or to the operator. A new template adds its kind
 * here; a kind of mail still to come (a conversation message, a reminder, product news) names
 * its category and nothing else changes.
 */
export const MAIL_KINDS = {
  'account-confirmation': 'security',
  'email-change-confirmation': 'security',
  'password-reset': 'security',
  'password-changed': 'security',
  'email-changed': 'security',
  'account-suspended': 'security',
  'account-restored': 'security',
  'new-question': 'new_questions',
  'question-answered': 'conversation_messages',
  // The conversation on a question (ADR 058).
  'details-asked': 'conversation_messages',
  'details-replied': 'conversation_messages',
  'follow-up': 'conversation_messages',
  'follow-up-answered': 'conversation_messages',
  // A Player's review of the Coach's answer (issue 36, ADR 087): feedback in her conversation.
  'review-posted': 'conversation_messages',
  'answer-reminder': 'reminders',
  'payment-receipt': 'money',
  refund: 'money',
  decline: 'money',
  dispute: 'money',
  'payout-sent': 'payout_sent',
  'operator-notice': 'operator',
} as const satisfies Record<string, NotificationCategory | 'money' | 'security' | 'operator'>;

export type MailKind = keyof typeof MAIL_KINDS;

/** The category a person may turn off, or null for a kind that always goes out. */
export function optionalCategory(kind: MailKind): NotificationCategory | null {
  const what: string = MAIL_KINDS[kind];
  return (NOTIFICATION_CATEGORIES as readonly string[]).includes(what)
    ? (what as NotificationCategory)
    : null;
}
