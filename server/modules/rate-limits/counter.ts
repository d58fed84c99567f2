import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { DatabaseUnavailableError } from '../../db/unavailable';
import { countHit, type Hit } from './data';

/**
 * Where every limit counts its hits (ADR 049, 051): the `rate_limits` table by default, Redis when
 * REDIS_URL is set. Either way the count is shared by every process and a window is fixed from
 * its first hit.
 */
export interface HitCounter {
  readonly store: 'database' | 'redis';
  count(key: string, windowMs: number): Promise<Hit>;
  close(): Promise<void>;
}

export const databaseHitCounter = (db: Database): HitCounter => ({
  store: 'database',
  count: (key, windowMs) => countHit(db, key, windowMs),
  close: async () => {},
});

/**
 * One round trip and atomic: the count goes up, and a key without an expiry (its first hit, or
 * one that lost its expiry) gets the window as its time to live. The window ends when the key
 * expires; Redis's clock decides it, as PostgreSQL's does for the table.
 */
const COUNT_HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** A request waits at most this for Redis, connecting or answering, then fails. */
export const REDIS_TIMEOUT_MS = 2000;

type CountingRedis = Redis & {
  countHit(key: string, windowMs: number): Promise<[number, number]>;
};

export function redisHitCounter(url: string, keyPrefix: string, logger: Logger): HitCounter {
  const redis = new Redis(url, {
    keyPrefix,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
  }) as CountingRedis;
  redis.defineCommand('countHit', { numberOfKeys: 1, lua: COUNT_HIT_SCRIPT });
  // ioredis reconnects by itself; the loss is logged once, not on every retry.
  let lost = false;
  redis.on('error', (err: Error) => {
    if (lost) return;
    lost = true;
    logger.warn({ err }, 'rate-limit store (Redis) not reachable');
  });
  redis.on('ready', () => {
    if (lost) logger.info('rate-limit store (Redis) reachable again');
    lost = false;
  });
  return {
    store: 'redis',
    async count(key, windowMs) {
      try {
        const [count, resetInMs] = await redis.countHit(`rl:${key}`, windowMs);
        return { count, resetInMs };
      } catch (err) {
        // A store that cannot count is unavailable, as the database would be: 503, Retry-After.
        throw new DatabaseUnavailableError('the rate-limit store (Redis) is not answering', {
          cause: err,
        });
      }
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** The counter the configuration asks for. */
export const createHitCounter = (
  config: { REDIS_URL?: string; REDIS_KEY_PREFIX: string },
  db: Database,
  logger: Logger,
): HitCounter =>
  config.REDIS_URL
    ? redisHitCounter(config.REDIS_URL, config.REDIS_KEY_PREFIX, logger)
    : databaseHitCounter(db);
