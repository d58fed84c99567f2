/** Socket failures: the server refuses, resets, or cannot be found or reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not taking work: the 08 class (connection
 * exceptions) is matched by prefix; 57P01-57P03 shutdowns and start-up, 57014 a statement the
 * statement timeout cancelled, 53300 no connection slot left, 25P03 a session ended by the
 * idle-in-transaction timeout.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '25P03']);

/** node-postgres's own errors for a connection that broke, never opened, or never answered. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /is not queryable$/,
];

/** Raised where a failure is known to be the database's but its original error is not at hand. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

// Drizzle wraps a failed query's error (DrizzleQueryError, the driver's error as its cause).
const MAX_CAUSES = 5;

/**
 * Whether an error means the database cannot answer now, as opposed to a bug or a refused
 * statement: such a request answers 503 with Retry-After, and the pool recovers by itself once the
 * database is back (ADR 045).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > MAX_CAUSES) return false;
  if (err instanceof DatabaseUnavailableError) return true;
  const code = (err as NodeJS.ErrnoException).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
  }
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(err.message))) return true;
  // A host with several addresses fails with one error per address.
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return isDatabaseUnavailable(err.cause, depth + 1);
}
