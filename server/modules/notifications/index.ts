/**
 * Notification preferences (issue 25, ADR 057): which e-mails a person gets and the signed
 * unsubscribe links that turn one kind off. The mail module asks it, when it queues a message,
 * whether the recipient takes that kind; the accounts module serves Account Settings' choices and
 * the unsubscribe page through it.
 */
export { categoryEnabled, choosePreference, preferencesOf, recipientChoice } from './data';
export { signUnsubscribeToken, verifyUnsubscribeToken } from './tokens';
