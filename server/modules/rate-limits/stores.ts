import type { BetterAuthOptions } from 'better-auth';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { HitCounter } from './counter';
import { LONGEST_WINDOW_MS } from './data';

function checkedWindow(windowMs: number): number {
  if (windowMs > LONGEST_WINDOW_MS) {
    throw new Error(`a rate limit window of ${windowMs} ms outlasts the pruning of old windows`);
  }
  return windowMs;
}

/**
 * The store of @fastify/rate-limit, counting in the shared store (the database, or Redis). Each
 * route's limit gets its own keys, as the plugin's own per-route memory store does.
 */
export function routeLimitStore(counter: HitCounter): FastifyRateLimitStoreCtor {
  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      counter.count(`route:${prefix}:${key}`, checkedWindow(timeWindow)).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (err: Error) => callback(err),
      );
    },
    // The plugin passes the route as `routeInfo` (as its Redis store reads it), not as its types say.
    child: (params) => {
      const { method, url } = (params as unknown as { routeInfo: Partial<RouteOptions> }).routeInfo;
      return storeFor(`${[method].flat().join(',')} ${url}`);
    },
  });
  // The plugin builds its store itself, with `new` and no way to pass the counter.
  return class {
    constructor() {
      return storeFor('');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

type AuthLimitStorage = NonNullable<NonNullable<BetterAuthOptions['rateLimit']>['customStorage']>;

/** better-auth's rate-limit storage (sign-in, sign-up, the e-mail sending routes), shared. */
export function authLimitStorage(counter: HitCounter): AuthLimitStorage {
  return {
    async consume(key, rule) {
      const { count, resetInMs } = await counter.count(
        `auth:${key}`,
        checkedWindow(rule.window * 1000),
      );
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(resetInMs / 1000)) };
    },
  };
}
