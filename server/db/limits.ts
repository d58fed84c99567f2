/**
 * How long the app waits on PostgreSQL before giving up, and how many connections it holds
 * (ADR 045). A database that does not answer must turn into a quick 503, never a request that
 * hangs for as long as the outage lasts.
 */
export interface DatabaseLimits {
  poolSize: number;
  /** Opening a connection, or waiting for a free one from a full pool. */
  connectTimeoutMs: number;
  /**
   * The server cancels a statement running longer. The client gives up a little later (see
   * `readTimeoutMs`), which covers a server that no longer answers at all. 0: no limit.
   */
  statementTimeoutMs: number;
  /** The server ends a session that holds a transaction open and idle this long. 0: no limit. */
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  poolSize: 20,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
};

/**
 * The server's own cancellation (a clear 57014) should win over the client's; this margin lets its
 * answer arrive first.
 */
const READ_TIMEOUT_MARGIN_MS = 1_000;

export const readTimeoutMs = (limits: DatabaseLimits): number | undefined =>
  limits.statementTimeoutMs > 0 ? limits.statementTimeoutMs + READ_TIMEOUT_MARGIN_MS : undefined;
