import { and, eq, sql } from 'drizzle-orm';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_DEFAULTS,
  type NotificationCategory,
} from '../../../contracts/notifications';
import type { Executor } from '../../db/client';
import { notificationPreferences, users } from '../../db/schema';

/** Every category with the person's choice, or its default where they never chose. */
export async function preferencesOf(
  db: Executor,
  userId: string,
): Promise<{ category: NotificationCategory; enabled: boolean }[]> {
  const rows = await db
    .select({
      category: notificationPreferences.category,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.category, r.enabled]));
  return NOTIFICATION_CATEGORIES.map((category) => ({
    category,
    enabled: chosen.get(category) ?? NOTIFICATION_DEFAULTS[category],
  }));
}

/** Whether the person gets this kind of e-mail now. */
export async function categoryEnabled(
  db: Executor,
  userId: string,
  category: NotificationCategory,
): Promise<boolean> {
  const [row] = await db
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, userId),
        eq(notificationPreferences.category, category),
      ),
    );
  return row?.enabled ?? NOTIFICATION_DEFAULTS[category];
}

/**
 * The account an address belongs to and whether it takes `category`, read in the caller's
 * transaction when a message is queued; null when no account has that address (the
 * administrators' address, say), which then gets the category's default.
 */
export async function recipientChoice(
  db: Executor,
  email: string,
  category: NotificationCategory,
): Promise<{ userId: string; enabled: boolean } | null> {
  const [row] = await db
    .select({ userId: users.id, enabled: notificationPreferences.enabled })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, users.id),
        eq(notificationPreferences.category, category),
      ),
    )
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!row) return null;
  return { userId: row.userId, enabled: row.enabled ?? NOTIFICATION_DEFAULTS[category] };
}

/** The person's choice for one category; false when no such account exists (nothing written). */
export async function choosePreference(
  db: Executor,
  userId: string,
  category: NotificationCategory,
  enabled: boolean,
): Promise<boolean> {
  const written = await db
    .insert(notificationPreferences)
    .select(
      db
        .select({
          userId: users.id,
          category: sql<NotificationCategory>`${category}::notification_category`.as('category'),
          enabled: sql<boolean>`${enabled}::boolean`.as('enabled'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(users)
        .where(eq(users.id, userId)),
    )
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category],
      set: { enabled, updatedAt: sql`now()` },
    })
    .returning({ userId: notificationPreferences.userId });
  return written.length > 0;
}
