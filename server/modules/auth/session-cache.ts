import type { EventBus } from '../../adapters/events/types';
import { GroupedCache } from '../../cache/grouped';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

/**
 * How long a session, once checked against the database, is trusted on its signed cookie alone.
 * Signing out drops it at once everywhere (see `userChanged`); this bounds what a lost bus message
 * could leave behind.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
/** About 200 bytes each: 50,000 signed-in visitors in 30 seconds cost about 10 MB. */
const SESSION_CACHE_MAX = 50_000;

/**
 * Checked sessions by their signed cookie value, so a signed-in request does not read the session
 * and its user from the database each time. Only a cookie better-auth accepted is ever stored.
 */
export function createSessionCache(bus: EventBus) {
  const cache = new GroupedCache<SessionUser>(SESSION_CACHE_MAX);
  bus.subscribe('sessions.changed', ({ userId }) => cache.drop(userId));
  return {
    get: (cookie: string) => cache.get(cookie),
    /** Taken before asking better-auth; see GroupedCache.mark. */
    get mark() {
      return cache.mark;
    },
    put(cookie: string, user: SessionUser, sessionExpiresAt: Date, mark: number) {
      const expiresAt = Math.min(Date.now() + SESSION_CACHE_TTL_MS, sessionExpiresAt.getTime());
      cache.put(cookie, user, { group: user.id, expiresAt, mark });
    },
    /** Both buses deliver to this process before `publish` returns, so the next request misses. */
    userChanged: (userId: string) => bus.publish('sessions.changed', { userId }),
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
