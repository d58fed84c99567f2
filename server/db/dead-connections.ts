import type pg from 'pg';

/** node-postgres's error when `query_timeout` passes with no answer from the server. */
const READ_TIMEOUT = 'Query read timeout';

const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? '');

/**
 * Keeps a pool connection that failed from staying out of use for good (ADR 045):
 *
 * - A query with no answer in time: node-postgres fails it but keeps the connection, which still
 *   waits for that answer; later queries would queue behind it, and a transaction hands it back to
 *   the pool as if healthy. Ending it closes the socket (pg destroys it when a query is in flight).
 * - A transaction whose BEGIN fails: Drizzle (0.45) sends BEGIN before its try/finally, so it never
 *   releases that connection, and every such failure during an outage would take one slot from the
 *   pool until none was left. Released here, with the error, so the pool drops it.
 *
 * - A socket that dies while its connection is checked out: the client emits 'error', which the
 *   pool listens for only while the connection is idle; unheard, it would end the process. The
 *   queries on it fail by themselves, and the failed connection is dropped when it is released.
 *
 * Only promise-style queries can be a transaction's: the pool's own `pool.query` passes a callback
 * and releases the connection itself.
 *
 * A query that got no answer at all also tells `onNoAnswer` (the breaker, ADR 086).
 */
export function watchForDeadConnections(client: pg.PoolClient, onNoAnswer?: () => void): void {
  client.on('error', () => {});
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const endIfTimedOut = (err: unknown) => {
    if (!(err instanceof Error) || err.message !== READ_TIMEOUT) return;
    void client.end().catch(() => {});
    onNoAnswer?.();
  };
  client.query = ((...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (err: unknown, ...rest: unknown[]) => {
        endIfTimedOut(err);
        return (callback as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        endIfTimedOut(err);
        if (/^begin\b/i.test(textOf(args[0]))) client.release(err instanceof Error ? err : true);
      });
    }
    return result;
  }) as typeof client.query;
}
