import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
} from '../../../contracts/notifications';

/**
 * An unsubscribe link's token (ADR 057): `{userId}.{category}.{HMAC-SHA256}` over both, keyed with
 * APP_SECRET under a purpose of its own, so no other signed value of the app passes for one. It
 * binds the person and the one kind of e-mail: changing either breaks the signature. It does not
 * expire: a message in an inbox must keep working, and all it can do is turn that kind off or on.
 */
const PURPOSE = 'playbook:unsubscribe:v1';

const signature = (secret: string, userId: string, category: NotificationCategory) =>
  createHmac('sha256', secret).update(`${PURPOSE}\n${userId}\n${category}`).digest();

export function signUnsubscribeToken(
  secret: string,
  userId: string,
  category: NotificationCategory,
): string {
  return `${userId}.${category}.${signature(secret, userId, category).toString('base64url')}`;
}

const isCategory = (value: string): value is NotificationCategory =>
  (NOTIFICATION_CATEGORIES as readonly string[]).includes(value);

/** The person and kind a token names, if any of `secrets` (current first, ADR 047) signed it. */
export function verifyUnsubscribeToken(
  secrets: readonly string[],
  token: string,
): { userId: string; category: NotificationCategory } | null {
  const last = token.lastIndexOf('.');
  const middle = token.lastIndexOf('.', last - 1);
  if (middle <= 0) return null;
  const userId = token.slice(0, middle);
  const category = token.slice(middle + 1, last);
  if (!isCategory(category)) return null;
  const given = Buffer.from(token.slice(last + 1), 'base64url');
  for (const secret of secrets) {
    const expected = signature(secret, userId, category);
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      return { userId, category };
    }
  }
  return null;
}
